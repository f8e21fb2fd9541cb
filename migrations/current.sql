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
alter table orders drop constraint if exists orders_sets_check;
alter table orders add constraint orders_sets_check check (sets between 0 and 5000 and sets + half_sets >= 1);
alter table order_recipients add column if not exists easypost_shipment_id text;
-- What each recipient holds of the set after this order (a reprint's holder keeps the sheets they
-- held, with the changed ones replaced and new ones of their disciplines added): the next issue's
-- reprint to "holders" is worked out from it. Null: the same as positions / sheet_numbers.
alter table order_recipients add column if not exists holds_positions int[];
alter table order_recipients add column if not exists holds_sheet_numbers text[];
-- A reprint holder's sheets of the issue before: the sheets a reprint drops come out of their set only if they had them.
alter table order_recipients add column if not exists held_before_sheet_numbers text[];
