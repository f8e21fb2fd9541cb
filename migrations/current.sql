-- Enter migration here

-- Issue 15: the ready-by promise fixed at payment (and the admin list's "due" order), the account's
-- phone for a prefilled checkout, and which quote of a rates request was the cheapest (free shipping).
alter table orders add column if not exists ready_by timestamptz;
-- Orders paid before this change have no ready_by: the list sorts them by when they were placed.
create index if not exists orders_paid_due_idx on orders ((coalesce(ready_by, created_at)), id) where payment_status <> 'unpaid';
alter table users add column if not exists phone text;
alter table shipping_quotes add column if not exists cheapest boolean not null default false;
