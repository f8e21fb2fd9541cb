-- Enter migration here

-- Revisions (docs/decisions/029-revisions.md): a new issue of a set compared sheet by sheet with the
-- issue printed before (a previous order's files, or uploads of that issue). The upload lists are
-- the sets in order; a revision is read by whoever started it or may see the previous order.
create table if not exists revisions (
  id uuid primary key default gen_random_uuid(),
  previous_order_id uuid references orders(id) on delete set null,
  previous_upload_ids uuid[] not null,
  upload_ids uuid[] not null,
  session_sid text,
  user_id uuid references users(id) on delete set null,
  status text not null default 'comparing' check (status in ('comparing', 'ready', 'failed')),
  message text,
  created_at timestamptz not null default now(),
  compared_at timestamptz
);
create index if not exists revisions_previous_order_idx on revisions (previous_order_id) where previous_order_id is not null;

-- One row per sheet of the new issue (position 1..N across its files): what changed against the
-- sheet it was matched with (previous_position), the changed regions in inches, and whether its
-- overlay images are stored (storage keys: revisionOverlayKey).
create table if not exists revision_sheets (
  revision_id uuid not null references revisions(id) on delete cascade,
  position int not null check (position >= 1),
  sheet_number text,
  sheet_title text,
  change text not null check (change in ('changed', 'unchanged', 'new')),
  previous_position int,
  changed_share real,
  boxes jsonb not null default '[]'::jsonb,
  reason text check (reason in ('size changed', 'title block only', 'could not be compared')),
  has_overlay boolean not null default false,
  primary key (revision_id, position)
);

-- Sheets of the previous issue that no sheet of the new one matched.
create table if not exists revision_removed_sheets (
  revision_id uuid not null references revisions(id) on delete cascade,
  previous_position int not null check (previous_position >= 1),
  sheet_number text,
  primary key (revision_id, previous_position)
);
