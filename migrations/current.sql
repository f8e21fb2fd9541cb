-- Enter migration here

-- The database's identity: a random id made once, which the file store records so the orphan sweep
-- deletes nothing from a store that belongs to another database (a restart on a new, empty one).
create table if not exists database_identity (
  id uuid primary key default gen_random_uuid(),
  only_row boolean not null default true unique check (only_row)
);
insert into database_identity default values on conflict do nothing;
