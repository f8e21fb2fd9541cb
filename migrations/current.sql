-- Enter migration here

-- A status change the counter took back within its undo window: kept for the record, skipped by the
-- customer's timeline, and its email never sent.
alter table order_status_history add column if not exists undone_at timestamptz;

-- The dashboard greets a customer "Welcome" until they have signed in before, "Welcome back" after:
-- each sign-in moves last_sign_in_at to previous_sign_in_at (api/src/lib/sessions.ts).
alter table users add column if not exists last_sign_in_at timestamptz;
alter table users add column if not exists previous_sign_in_at timestamptz;
-- Accounts that already have a signed-in session have signed in before.
update users u set last_sign_in_at = s.signed_in_at
from (select user_id, max(created_at) as signed_in_at from sessions where user_id is not null group by user_id) s
where s.user_id = u.id and u.last_sign_in_at is null;

-- The admin search also finds job names and PO numbers by any part (api/src/routes/adminOrders.ts):
-- trigram GIN on the exact expressions the query matches with `like`, beside orders_search_trgm_idx.
create extension if not exists pg_trgm;
create index if not exists orders_job_po_trgm_idx on orders using gin (
  lower(job_name) gin_trgm_ops,
  lower(po_number) gin_trgm_ops
) where payment_status <> 'unpaid';

-- Uploads straight to S3 (presigned POST): the key the server handed out, for whom, until the browser
-- says the file is there and the row moves to `uploads`. The orphan sweep (every 15 minutes) removes
-- what is never completed, with its object.
create table if not exists upload_intents (
  id uuid primary key,
  session_sid text not null,
  user_id uuid references users(id) on delete set null,
  file_name text not null,
  file_size bigint not null check (file_size > 0),
  storage_key text not null unique,
  created_at timestamptz not null default now()
);
create index if not exists upload_intents_created_idx on upload_intents (created_at);

-- The per-sheet report also gives the share of the sheet colored ink covers, the sheet number and
-- title read from its title block, and (first sheet only) the sheet numbers a cover's drawing index
-- lists; the upload JSON's preflight warnings come from these (shared/sheetNumbers.ts).
alter table upload_sheets add column if not exists color_share real;
alter table upload_sheets add column if not exists sheet_number text;
alter table upload_sheets add column if not exists sheet_title text;
alter table upload_sheets add column if not exists listed_sheets text[];

-- True scale: a set whose sheets need both papers is `mixed` (shared/sheets.ts, judgeSheets).
alter table uploads drop constraint if exists uploads_detected_size_check;
alter table uploads add constraint uploads_detected_size_check check (detected_size in ('24x36', '30x42', 'mixed'));

-- True scale and half-size sets (docs/decisions/023-true-scale-and-half-size-sets.md): an order may
-- print each sheet as drawn on its own paper, and carry half-size sets beside (or instead of) full ones.
alter table orders drop constraint if exists orders_print_size_check;
alter table orders add constraint orders_print_size_check check (print_size in ('asDrawn', '24x36', '30x42'));
alter table orders add column if not exists half_sets int not null default 0;
alter table orders drop constraint if exists orders_half_sets_check;
alter table orders add constraint orders_half_sets_check check (half_sets between 0 and 100);
alter table orders drop constraint if exists orders_sets_check;
alter table orders add constraint orders_sets_check check (sets between 0 and 100 and sets + half_sets >= 1);
