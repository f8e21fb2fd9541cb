-- Enter migration here

-- Rate-limit counters shared by every web process (issue 5: sign-in and order lookup limits).
create table if not exists rate_limit_hits (
  key text primary key,
  hits int not null,
  reset_at timestamptz not null
);
create index if not exists rate_limit_hits_reset_idx on rate_limit_hits (reset_at);
