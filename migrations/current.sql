-- Enter migration here

-- The counter's due list: rush orders first, then by promised ready-by (adminOrderPage walks this).
create index if not exists orders_paid_due_rush_idx on orders ((not rush_order), (coalesce(ready_by, created_at)), id) where payment_status <> 'unpaid';
drop index if exists orders_paid_due_idx;
