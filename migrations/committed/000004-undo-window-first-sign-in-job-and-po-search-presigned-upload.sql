--! Previous: sha1:3aa46eea6958d2817f74a7e1aa29f89f694b1362
--! Hash: sha1:3baf8ff0baade7eb6af7ce84632fddd45618f554
--! Message: undo window, first sign-in, job and PO search, presigned uploads, sheet report, true scale, firms

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

-- Firm accounts (docs/decisions/022-firm-accounts.md): a firm, its people (one firm per person, so
-- the membership's key is the person), emailed invites, projects, and the firm an order belongs to.
create table if not exists firms (
  id uuid primary key default gen_random_uuid(),
  name text not null,
  created_by_user_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table if not exists firm_members (
  user_id uuid primary key references users(id) on delete cascade,
  firm_id uuid not null references firms(id) on delete cascade,
  role text not null check (role in ('owner', 'member')),
  joined_at timestamptz not null default now()
);
create index if not exists firm_members_firm_idx on firm_members (firm_id);

-- An invite's link is an auth token of kind firm_invite (only its hash is stored, in auth_tokens).
alter table auth_tokens drop constraint if exists auth_tokens_kind_check;
alter table auth_tokens add constraint auth_tokens_kind_check
  check (kind in ('set_password', 'reset_password', 'verify_email', 'order_lookup', 'firm_invite'));

create table if not exists firm_invites (
  id uuid primary key default gen_random_uuid(),
  firm_id uuid not null references firms(id) on delete cascade,
  email text not null check (email = lower(email)),
  invited_by_user_id uuid references users(id) on delete set null,
  auth_token_id uuid references auth_tokens(id) on delete set null,
  accepted_at timestamptz,
  accepted_by_user_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
-- One open invite per address and firm: inviting again sends a new link and retires the old one.
create unique index if not exists firm_invites_open_idx on firm_invites (firm_id, email) where accepted_at is null;

create table if not exists firm_projects (
  id uuid primary key default gen_random_uuid(),
  firm_id uuid not null references firms(id) on delete cascade,
  name text not null,
  code text not null,
  created_by_user_id uuid references users(id) on delete set null,
  created_at timestamptz not null default now()
);
-- "A-101" and "a-101" are the same project code within a firm.
create unique index if not exists firm_projects_code_idx on firm_projects (firm_id, lower(code));

-- The firm (and project) an order was placed for, and the person who placed it: fixed at placement,
-- so leaving the firm keeps the order with it. project_code is the code as it was on the order.
alter table orders add column if not exists firm_id uuid references firms(id);
alter table orders add column if not exists project_id uuid references firm_projects(id);
alter table orders add column if not exists project_code text;
alter table orders add column if not exists placed_by_user_id uuid references users(id) on delete set null;
create index if not exists orders_firm_idx on orders (firm_id, created_at desc) where firm_id is not null;

-- The address book: each person's shipping addresses, the last used first. Shipping to an address
-- (or saving it again) moves it to the top instead of adding a copy.
create table if not exists saved_addresses (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  street1 text not null,
  street2 text,
  city text not null,
  state text not null,
  zip_code text not null,
  last_used_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create unique index if not exists saved_addresses_same_idx
  on saved_addresses (user_id, lower(street1), lower(coalesce(street2, '')), lower(city), state, zip_code);
create index if not exists saved_addresses_user_idx on saved_addresses (user_id, last_used_at desc);

-- Tax-exempt certificates a firm's owner files (resale, exempt use, exempt organization): pending
-- until the counter verifies or rejects them. The file itself is in the file store.
create table if not exists firm_tax_certificates (
  id uuid primary key default gen_random_uuid(),
  firm_id uuid not null references firms(id) on delete cascade,
  state text not null,
  kind text not null,
  number text not null,
  expires_on date,
  status text not null default 'pending' check (status in ('pending', 'verified', 'rejected')),
  reject_reason text,
  file_key text not null,
  file_name text not null,
  content_type text not null,
  file_size int not null,
  uploaded_by_user_id uuid references users(id) on delete set null,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index if not exists firm_tax_certificates_firm_idx on firm_tax_certificates (firm_id, created_at desc);
create index if not exists firm_tax_certificates_pending_idx on firm_tax_certificates (created_at) where status = 'pending';

-- The certificate that made an order's tax $0.00, and the words the order shows for it
-- ("Tax exempt — NJ ST-5 exempt organization #…"), fixed when the order is priced.
alter table orders add column if not exists tax_exempt_certificate_id uuid references firm_tax_certificates(id);
alter table orders add column if not exists tax_exempt_text text;
