--! Previous: -
--! Hash: sha1:69d5768cd56602e4064877d1221537228092aad3
--! Message: initial schema

-- Blueprint Shop schema. Money is integer cents (*_cents). Times are timestamptz.

create extension if not exists pgcrypto;

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  password_hash text not null,
  first_name text,
  last_name text,
  profile_image_url text,
  stripe_customer_id text unique,
  email_verified_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Server-side sessions: the cookie carries only the sid. Customer and admin sessions are separate rows.
create table sessions (
  sid text primary key,
  sess jsonb not null default '{}'::jsonb,
  expire timestamptz not null,
  kind text not null default 'customer' check (kind in ('customer', 'admin')),
  user_id uuid references users(id) on delete cascade,
  created_at timestamptz not null default now()
);
create index sessions_expire_idx on sessions (expire);
create index sessions_user_id_idx on sessions (user_id);

-- One-time tokens (set password, reset password, verify email, order lookup). Only the hash is stored.
create table auth_tokens (
  id uuid primary key default gen_random_uuid(),
  kind text not null check (kind in ('set_password', 'reset_password', 'verify_email', 'order_lookup')),
  token_hash text not null unique,
  user_id uuid references users(id) on delete cascade,
  email text,
  expires_at timestamptz not null,
  used_at timestamptz,
  created_at timestamptz not null default now()
);
create index auth_tokens_expires_idx on auth_tokens (expires_at);

create table uploads (
  id uuid primary key default gen_random_uuid(),
  session_sid text,
  user_id uuid references users(id) on delete set null,
  file_name text not null,
  file_size bigint not null check (file_size >= 0),
  storage_key text not null unique,
  sha256 text,
  status text not null default 'analyzing' check (status in ('analyzing', 'ready', 'rejected')),
  page_count int,
  detected_size text check (detected_size in ('24x36', '30x42')),
  actual_size text,
  message text,
  preview_count int not null default 0,
  analyzed_at timestamptz,
  file_deleted_at timestamptz,
  created_at timestamptz not null default now()
);
create index uploads_session_idx on uploads (session_sid);
create index uploads_created_idx on uploads (created_at);

create table shipping_quotes (
  id uuid primary key default gen_random_uuid(),
  session_sid text,
  provider text not null check (provider in ('easypost', 'table')),
  to_address jsonb not null,
  print_size text not null,
  page_count int not null,
  service text not null,
  service_name text not null,
  carrier text not null,
  cost_cents int not null check (cost_cents >= 0),
  delivery_days int,
  delivery_date text,
  delivery_time text,
  weight_oz numeric(10, 2),
  provider_shipment_id text,
  provider_rate_id text,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);

create table orders (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete set null,
  session_sid text,
  upload_id uuid references uploads(id) on delete set null,
  access_token text not null unique,
  file_name text not null,
  file_key text,
  file_size bigint,
  file_deleted_at timestamptz,
  page_count int not null check (page_count > 0),
  print_size text not null check (print_size in ('24x36', '30x42')),
  print_type text not null check (print_type in ('bw', 'color')),
  price_per_page_cents int not null,
  subtotal_cents int not null,
  rush_order boolean not null default false,
  rush_fee_cents int not null default 0,
  shipping_method text not null default 'pickup' check (shipping_method in ('pickup', 'shipping')),
  shipping_cost_cents int not null default 0,
  shipping_quote_id uuid references shipping_quotes(id) on delete set null,
  shipping_service text,
  shipping_address jsonb,
  tax_state text,
  tax_rate_millipercent int not null default 0,
  tax_cents int not null default 0,
  total_cents int not null,
  status text not null default 'pending' check (status in ('pending', 'processing', 'completed', 'failed')),
  payment_status text not null default 'unpaid' check (payment_status in ('unpaid', 'paid', 'refunded')),
  payment_provider text check (payment_provider in ('stripe', 'demo')),
  payment_intent_id text unique,
  card_brand text,
  card_last4 text,
  paid_at timestamptz,
  refunded_at timestamptz,
  customer_email text not null,
  customer_first_name text not null,
  customer_last_name text not null,
  customer_phone text,
  create_account boolean not null default false,
  estimated_delivery text,
  tracking_number text,
  label_key text,
  label_carrier text,
  easypost_shipment_id text,
  receipt_key text,
  completed_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index orders_user_idx on orders (user_id, created_at desc);
create index orders_session_idx on orders (session_sid);
create index orders_email_idx on orders (lower(customer_email));
create index orders_paid_list_idx on orders (created_at desc, id desc) where payment_status <> 'unpaid';
create index orders_status_idx on orders (status, created_at desc, id desc);

create table order_status_history (
  id bigint generated always as identity primary key,
  order_id uuid not null references orders(id) on delete cascade,
  from_status text,
  to_status text not null,
  changed_by text not null,
  created_at timestamptz not null default now()
);
create index order_status_history_order_idx on order_status_history (order_id, created_at);

-- Every email is a row first, then a job; idempotency_key makes "send once" a unique constraint.
create table emails (
  id uuid primary key default gen_random_uuid(),
  idempotency_key text not null unique,
  order_id uuid references orders(id) on delete set null,
  user_id uuid references users(id) on delete set null,
  to_address text not null,
  kind text not null,
  subject text not null,
  text_body text not null,
  html_body text,
  attachments jsonb not null default '[]'::jsonb,
  status text not null default 'queued' check (status in ('queued', 'sent', 'failed')),
  provider text,
  provider_message_id text,
  error text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index emails_order_idx on emails (order_id, created_at);
create index emails_to_idx on emails (lower(to_address), created_at);

create table exports (
  id uuid primary key default gen_random_uuid(),
  requested_by text not null,
  order_ids uuid[] not null,
  status text not null default 'processing' check (status in ('processing', 'completed', 'failed')),
  total_files int not null default 0,
  processed_files int not null default 0,
  storage_key text,
  byte_size bigint,
  error text,
  completed_at timestamptz,
  created_at timestamptz not null default now()
);

-- Provider events we have seen; the unique id makes a repeated webhook a no-op.
create table payment_events (
  id text primary key,
  provider text not null,
  type text not null,
  payment_intent_id text,
  payload jsonb not null,
  received_at timestamptz not null default now(),
  processed_at timestamptz
);

-- Liveness of graphile-worker workers, so jobs held by a killed worker are unlocked within a minute
-- instead of graphile-worker's fixed 4 hours.
create table worker_heartbeats (
  worker_id text primary key,
  seen_at timestamptz not null default now()
);
