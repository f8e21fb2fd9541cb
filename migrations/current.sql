-- Enter migration here

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
