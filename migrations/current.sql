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
