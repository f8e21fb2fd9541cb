-- Enter migration here

-- Issue 16: indexes the hot paths were missing.
-- Foreign keys from orders: expiring an upload (on delete set null) and quote clean-up checked every
-- order by a scan without these.
create index if not exists orders_upload_idx on orders (upload_id) where upload_id is not null;
create index if not exists orders_shipping_quote_idx on orders (shipping_quote_id) where shipping_quote_id is not null;
-- The admin search by part of a number, email or name (api/src/routes/adminOrders.ts): trigram GIN
-- on the exact expressions the query matches with `like`, one column each, so each arm of its `or`
-- is a bitmap index scan. pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may
-- create it, and embedded-postgres ships it.
create extension if not exists pg_trgm;
create index if not exists orders_search_trgm_idx on orders using gin (
  lower(customer_email) gin_trgm_ops,
  lower(customer_first_name || ' ' || customer_last_name) gin_trgm_ops,
  (id::text) gin_trgm_ops
) where payment_status <> 'unpaid';
