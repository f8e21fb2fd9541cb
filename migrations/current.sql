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
