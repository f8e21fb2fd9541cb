--! Previous: sha1:69d5768cd56602e4064877d1221537228092aad3
--! Hash: sha1:1d6ed3715efb7abc6e189c17b4fc79bc45e75222
--! Message: rate limits, demo payment intents, admin search indexes

-- Enter migration here

-- Rate-limit counters shared by every web process (issue 5: sign-in and order lookup limits).
create table if not exists rate_limit_hits (
  key text primary key,
  hits int not null,
  reset_at timestamptz not null
);
create index if not exists rate_limit_hits_reset_idx on rate_limit_hits (reset_at);

-- Checkout (issue 4): the built-in test-mode card provider keeps its payment intents here, so a
-- "demo" payment survives restarts and can be re-read by reconciliation like a Stripe one.
create table if not exists demo_payment_intents (
  id text primary key,
  client_secret text not null unique,
  order_id uuid,
  amount_cents int not null check (amount_cents >= 0),
  status text not null default 'requires_payment'
    check (status in ('requires_payment', 'processing', 'succeeded', 'canceled', 'refunded')),
  card_brand text,
  card_last4 text,
  last_decline_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists demo_payment_intents_order_idx on demo_payment_intents (order_id);
-- The recheck cron scans unpaid orders that have an intent.
create index if not exists orders_unpaid_intent_idx on orders (created_at) where payment_status = 'unpaid';
-- Reconciliation marks the waiting events of one intent processed.
create index if not exists payment_events_pending_intent_idx on payment_events (payment_intent_id) where processed_at is null;
-- Admin (issue 6): the print counter searches by order number (the id's last 8 characters), and
-- the four status counters count paid orders with an index-only scan.
create index if not exists orders_number_idx on orders (right(id::text, 8)) where payment_status <> 'unpaid';
create index if not exists orders_paid_status_idx on orders (status) where payment_status <> 'unpaid';
