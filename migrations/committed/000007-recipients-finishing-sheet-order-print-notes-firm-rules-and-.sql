--! Previous: sha1:df677c846ba4d59438e444d7208709170483c12d
--! Hash: sha1:736e4a48b9db6c88b6f93802704a51fdbe748902
--! Message: recipients, finishing, sheet order, print notes, firm rules and approvals, production

-- Enter migration here

-- Firm buying rules: the cost code an order was placed under (one of its project's codes, kept as it
-- was then, like project_code), read by the month's spend report, the receipt, the ticket and the statement.
alter table orders add column if not exists cost_code text;
-- The firm's buying rules, set by an owner: a PO number and a cost code on every order, and
-- approval of members' orders over an amount (null: never).
alter table firms add column if not exists require_po_number boolean not null default false;
alter table firms add column if not exists require_cost_code boolean not null default false;
alter table firms add column if not exists approval_over_cents integer;
alter table firms drop constraint if exists firms_approval_over_cents_check;
alter table firms add constraint firms_approval_over_cents_check check (approval_over_cents between 0 and 100000000);
-- A project's cost codes ([{code, name}], e.g. 04-REIMB "Reimbursable printing"), in the order set.
alter table firm_projects add column if not exists cost_codes jsonb not null default '[]'::jsonb;
-- Approvers: members an owner trusts to approve members' orders and read the firm's spend.
alter table firm_members drop constraint if exists firm_members_role_check;
alter table firm_members add constraint firm_members_role_check check (role in ('owner', 'approver', 'member'));

-- sheet order: the set's sheets in the order they print (a permutation of 1..N
-- through the set, "Sort by discipline"); null prints them in file order.
alter table orders add column if not exists sheet_order integer[];

-- finishing: what the counter does to the sets after printing (fold, bind, holes; null on older
-- orders: none) and the 11" x 17" reduced sets beside the full-size and half-size ones.
alter table orders add column if not exists finishing jsonb;
alter table orders add column if not exists half_finishing jsonb;
alter table orders add column if not exists reduced_sets integer not null default 0;
alter table orders drop constraint if exists orders_reduced_sets_range;
alter table orders add constraint orders_reduced_sets_range check (reduced_sets between 0 and 100);
-- An order of reduced sets alone is an order (and a distribution's copies are its recipients' sum).
alter table orders drop constraint if exists orders_sets_check;
alter table orders add constraint orders_sets_check check (sets between 0 and 5000 and sets + half_sets + reduced_sets >= 1);

-- uploads: what will not print as it looks on each sheet (hairlines, light grey, fonts not
-- embedded), as shares the report measured; the API words them as printNotes.
alter table upload_sheets add column if not exists print_findings jsonb;

-- Distribution (recipients): one order sends the set to several people, each a package of their own
-- copies and part of the set, with its own shipping, tax and label (docs/decisions/050-recipients.md).
-- An order without recipients has no rows and is one package to its customer, as before.
create table if not exists order_recipients (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete cascade,
  -- 1..N in the order the request listed them.
  position int not null check (position >= 1),
  name text not null,
  company text,
  email text,
  phone text,
  delivery text not null check (delivery in ('pickup', 'shipping')),
  address jsonb,
  sets int not null check (sets between 0 and 100),
  half_sets int not null check (half_sets between 0 and 100),
  -- The set's positions this recipient gets (ascending); their sheet numbers as read at checkout.
  positions int[] not null,
  sheet_numbers text[] not null,
  -- What they chose (`["S"]`), null for the whole set: a holder of the whole set gets every new sheet.
  selection jsonb,
  price_lines jsonb not null default '[]'::jsonb,
  subtotal_cents int not null,
  rush_fee_cents int not null default 0,
  shipping_cost_cents int not null default 0,
  shipping_quote_id uuid,
  shipping_service text,
  free_shipping boolean not null default false,
  tax_state text,
  tax_rate_millipercent int not null default 0,
  tax_cents int not null,
  total_cents int not null,
  tracking_number text,
  label_key text,
  label_carrier text,
  -- The carrier's shipment, recorded before buying so a retry never buys twice.
  easypost_shipment_id text,
  created_at timestamptz not null default now(),
  unique (order_id, position)
);
create index if not exists order_recipients_order_idx on order_recipients (order_id);
-- The order's copies are the sum of its recipients' (50 recipients of up to 100 sets each).
alter table orders drop constraint if exists orders_half_sets_check;
alter table orders add constraint orders_half_sets_check check (half_sets between 0 and 5000);
alter table order_recipients add column if not exists easypost_shipment_id text;
-- What each recipient holds of the set after this order (a reprint's holder keeps the sheets they
-- held, with the changed ones replaced and new ones of their disciplines added): the next issue's
-- reprint to "holders" is worked out from it. Null: the same as positions / sheet_numbers.
alter table order_recipients add column if not exists holds_positions int[];
alter table order_recipients add column if not exists holds_sheet_numbers text[];
-- A reprint holder's sheets of the issue before: the sheets a reprint drops come out of their set only if they had them.
alter table order_recipients add column if not exists held_before_sheet_numbers text[];

-- counter: the reference the counter records when it marks an invoice paid (a check number, a transfer id).
alter table invoices add column if not exists payment_reference text;

-- revisions: a removed sheet keeps its title too, so the customer sees which sheet went by name.
alter table revision_removed_sheets add column if not exists sheet_title text;

-- Firm approvals: a member's order over the firm's approval limit is placed and waits (its
-- payment_status stays 'unpaid', so every counter query already hides it) until an approver says
-- yes or no. approval_state null: the order never needed approval. Moves: core/orders/commands/approvalMoves.ts.
alter table orders add column if not exists approval_state text;
alter table orders drop constraint if exists orders_approval_state_check;
alter table orders add constraint orders_approval_state_check check (approval_state in ('waiting', 'approved', 'declined', 'withdrawn', 'expired'));
-- Whose yes it waits for, as the placer reads it ("Ana Ortiz or Ben Lee"), kept as it was when placed.
alter table orders add column if not exists approval_waits_for text;
alter table orders add column if not exists approval_requested_at timestamptz;
alter table orders add column if not exists approval_decided_by_user_id uuid references users(id) on delete set null;
alter table orders add column if not exists approval_decided_by_name text;
alter table orders add column if not exists approval_decided_at timestamptz;
alter table orders add column if not exists approval_reason text;
create index if not exists orders_waiting_approval_idx on orders (firm_id, approval_requested_at) where approval_state = 'waiting';

-- production: print-ready files (docs/decisions/055-print-ready-files.md). One row per batch of one
-- paper and one ink of one recipient's package; a reprint of spoiled sheets is a batch of its own
-- (`reprint_of`). `recipient_key` is 'customer' until recipients have rows of their own. The file is
-- stored under `file_key` once built (`built_at`); `message` says why it could not be.
create table if not exists print_batches (
  id uuid primary key default gen_random_uuid(),
  order_id uuid not null references orders(id) on delete cascade,
  recipient_key text not null default 'customer',
  recipient_id uuid,
  recipient_name text not null,
  paper text not null check (paper in ('24x36', '30x42', '12x18', '15x21')),
  ink text not null check (ink in ('color', 'bw')),
  half_size boolean not null default false,
  sets int not null check (sets between 1 and 100),
  positions int[] not null,
  pages int,
  bytes bigint,
  file_key text,
  built_at timestamptz,
  state text not null default 'waiting' check (state in ('waiting', 'sent', 'printing', 'printed', 'failed')),
  message text,
  reprint_of uuid references print_batches(id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create unique index if not exists print_batches_one_per_order_idx
  on print_batches (order_id, recipient_key, paper, ink, half_size) where reprint_of is null;
create index if not exists print_batches_waiting_idx on print_batches (state, created_at) where state <> 'printed';

-- production: printers (docs/decisions/056-production-queue-and-printers.md). `uri` only for IPP;
-- a folder printer's folder is DATA_DIR/printers/{id}/ (or that prefix of the S3 bucket).
create table if not exists printers (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(name) between 1 and 80),
  kind text not null check (kind in ('ipp', 'folder')),
  uri text check (uri is null or uri ~ '^ipps?://'),
  papers text[] not null,
  color boolean not null default true,
  sheets_per_hour int not null check (sheets_per_hour between 1 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint printers_uri_kind check ((kind = 'ipp') = (uri is not null))
);
-- A fresh shop has one: the counter's plotter, a hot folder that takes every paper in color.
insert into printers (id, name, kind, papers, color, sheets_per_hour)
select '00000000-0000-4000-8000-000000000001', 'Counter plotter', 'folder', '{24x36,30x42,12x18,15x21}', true, 120
where not exists (select 1 from printers);
alter table print_batches add column if not exists printer_id uuid references printers(id) on delete set null;
alter table print_batches add column if not exists sent_at timestamptz;
alter table print_batches add column if not exists printer_job_id int;
