--! Previous: sha1:3baf8ff0baade7eb6af7ce84632fddd45618f554
--! Hash: sha1:fdeab59cb20fee9fdf8d4329b0c7238996265229
--! Message: several-file sets, paying on account, firm facts, revisions and their reprints

-- Enter migration here

-- Several files, one set: the files of an order in the order the customer set them, each with the
-- set-wide position of its first sheet. Every order placed from now on has at least one row; an
-- older order has none and is its own one file (orders.upload_id / file_key).
create table if not exists order_files (
  order_id uuid not null references orders(id) on delete cascade,
  position int not null check (position between 1 and 30),
  upload_id uuid references uploads(id) on delete set null,
  file_name text not null,
  file_key text not null,
  file_size bigint not null check (file_size >= 0),
  page_count int not null check (page_count > 0),
  first_position int not null check (first_position >= 1),
  primary key (order_id, position)
);
create index if not exists order_files_upload_idx on order_files (upload_id) where upload_id is not null;

-- The set's preflight (a sheet number twice, a listed sheet missing) as it was when the order was placed.
alter table orders add column if not exists sheet_warnings jsonb not null default '[]'::jsonb;
-- Paying on account (docs/decisions/027-paying-on-account.md): a firm's terms and credit limit, the
-- `invoiced` payment state, and one invoice per order placed on account.
alter table firms add column if not exists terms text check (terms in ('net30'));
alter table firms add column if not exists credit_limit_cents integer check (credit_limit_cents between 0 and 10000000);
alter table orders drop constraint if exists orders_payment_status_check;
alter table orders add constraint orders_payment_status_check check (payment_status in ('unpaid', 'invoiced', 'paid', 'refunded'));

create sequence if not exists invoice_number_seq;
create table if not exists invoices (
  id uuid primary key default gen_random_uuid(),
  -- INV-000042: one sequence for the shop (a number lost to a rolled-back order leaves a gap).
  number bigint not null unique default nextval('invoice_number_seq'),
  firm_id uuid not null references firms(id),
  order_id uuid not null unique references orders(id),
  amount_cents integer not null check (amount_cents >= 0),
  issued_at timestamptz not null default now(),
  -- The counter's day it is due (issued day + 30 at the shop's clock).
  due_on date not null,
  paid_at timestamptz,
  paid_by text check (paid_by in ('admin', 'card')),
  -- The owner's card payment, once asked for: one intent per invoice.
  payment_intent_id text unique,
  pdf_key text,
  created_at timestamptz not null default now(),
  check ((paid_at is null) = (paid_by is null))
);
create index if not exists invoices_firm_open_idx on invoices (firm_id, due_on) where paid_at is null;
create index if not exists invoices_issued_idx on invoices (issued_at desc);
-- What made an order's tax $0.00, kept on the order as it was when priced (docs/decisions/028-firm-facts-on-documents.md):
-- the certificate's state, kind and number beside the words already kept (tax_exempt_text), so every
-- screen and document can show them even after the certificate is replaced.
alter table orders add column if not exists tax_exempt_state text;
alter table orders add column if not exists tax_exempt_kind text;
alter table orders add column if not exists tax_exempt_number text;
update orders o set tax_exempt_state = c.state, tax_exempt_kind = c.kind, tax_exempt_number = c.number
  from firm_tax_certificates c
  where o.tax_exempt_certificate_id = c.id and o.tax_exempt_state is null;

-- The project's name as it was when the order was placed, beside its code.
alter table orders add column if not exists project_name text;
update orders o set project_name = p.name from firm_projects p where o.project_id = p.id and o.project_name is null;

-- The firm's address book: job sites any member ships to, shared by the firm. Shipping to one (or
-- saving it again) moves it to the top instead of adding a copy.
create table if not exists firm_addresses (
  id uuid primary key default gen_random_uuid(),
  firm_id uuid not null references firms(id) on delete cascade,
  street1 text not null,
  street2 text,
  city text not null,
  state text not null,
  zip_code text not null,
  saved_by_user_id uuid references users(id) on delete set null,
  last_used_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create unique index if not exists firm_addresses_same_idx
  on firm_addresses (firm_id, lower(street1), lower(coalesce(street2, '')), lower(city), state, zip_code);
create index if not exists firm_addresses_firm_idx on firm_addresses (firm_id, last_used_at desc);
-- Revisions (docs/decisions/029-revisions.md): a new issue of a set compared sheet by sheet with the
-- issue printed before (a previous order's files, or uploads of that issue). The upload lists are
-- the sets in order; a revision is read by whoever started it or may see the previous order.
create table if not exists revisions (
  id uuid primary key default gen_random_uuid(),
  previous_order_id uuid references orders(id) on delete set null,
  previous_upload_ids uuid[] not null,
  upload_ids uuid[] not null,
  session_sid text,
  user_id uuid references users(id) on delete set null,
  status text not null default 'comparing' check (status in ('comparing', 'ready', 'failed')),
  message text,
  created_at timestamptz not null default now(),
  compared_at timestamptz
);
create index if not exists revisions_previous_order_idx on revisions (previous_order_id) where previous_order_id is not null;

-- One row per sheet of the new issue (position 1..N across its files): what changed against the
-- sheet it was matched with (previous_position), the changed regions in inches, and whether its
-- overlay images are stored (storage keys: revisionOverlayKey).
create table if not exists revision_sheets (
  revision_id uuid not null references revisions(id) on delete cascade,
  position int not null check (position >= 1),
  sheet_number text,
  sheet_title text,
  change text not null check (change in ('changed', 'unchanged', 'new')),
  previous_position int,
  changed_share real,
  boxes jsonb not null default '[]'::jsonb,
  reason text check (reason in ('size changed', 'title block only', 'could not be compared')),
  has_overlay boolean not null default false,
  primary key (revision_id, position)
);

-- Sheets of the previous issue that no sheet of the new one matched.
create table if not exists revision_removed_sheets (
  revision_id uuid not null references revisions(id) on delete cascade,
  previous_position int not null check (previous_position >= 1),
  sheet_number text,
  primary key (revision_id, previous_position)
);

-- A revision's reprint (docs/decisions/029-revisions.md, addendum): the revision an order prints from,
-- the order it revises (copied at placement so every reader of orders.* has it; null once that order
-- is gone or when the issue printed before was uploaded again), and the positions of the new issue
-- printed (page_count is their count). Null on every other order.
alter table orders add column if not exists revision_id uuid references revisions(id) on delete set null;
alter table orders add column if not exists revision_of_order_id uuid references orders(id) on delete set null;
alter table orders add column if not exists print_positions int[];
