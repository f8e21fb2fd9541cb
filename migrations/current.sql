-- Enter migration here

-- The counter (the end-to-end walk's findings): the due list rush first, a reprint's printed sheets.
-- The due list: rush orders first, then by promised ready-by (adminOrderPage walks this index).
create index if not exists orders_paid_due_rush_idx on orders ((not rush_order), (coalesce(ready_by, created_at)), id) where payment_status <> 'unpaid';
drop index if exists orders_paid_due_idx;
-- A revision's reprint: its PDF of exactly the printed sheets, once orders__build_printed_sheets built it.
alter table orders add column if not exists printed_sheets_key text;
