-- Enter migration here

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
