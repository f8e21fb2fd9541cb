-- Enter migration here

-- Uploads straight to S3 (presigned POST): the key the server handed out, for whom, until the browser
-- says the file is there and the row moves to `uploads`. The orphan sweep (every 15 minutes) removes
-- what is never completed, with its object.
create table if not exists upload_intents (
  id uuid primary key,
  session_sid text not null,
  user_id uuid references users(id) on delete set null,
  file_name text not null,
  file_size bigint not null check (file_size > 0),
  storage_key text not null unique,
  created_at timestamptz not null default now()
);
create index if not exists upload_intents_created_idx on upload_intents (created_at);
