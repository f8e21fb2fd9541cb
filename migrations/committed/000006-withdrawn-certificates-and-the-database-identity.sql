--! Previous: sha1:fdeab59cb20fee9fdf8d4329b0c7238996265229
--! Hash: sha1:df677c846ba4d59438e444d7208709170483c12d
--! Message: withdrawn certificates and the database identity

-- Enter migration here

-- Withdrawing a verified tax-exempt certificate (by the counter, with a reason the owners read, or by an
-- owner): a fourth stored status. Expired stays read from the dates, never stored.
alter table firm_tax_certificates add column if not exists withdrawn_at timestamptz;
alter table firm_tax_certificates add column if not exists withdrawn_by text;
alter table firm_tax_certificates add column if not exists withdrawn_by_user_id uuid references users(id) on delete set null;
alter table firm_tax_certificates add column if not exists withdraw_reason text;
alter table firm_tax_certificates drop constraint if exists firm_tax_certificates_status_check;
alter table firm_tax_certificates add constraint firm_tax_certificates_status_check check (status in ('pending', 'verified', 'rejected', 'withdrawn'));
alter table firm_tax_certificates drop constraint if exists firm_tax_certificates_withdrawn_by_check;
alter table firm_tax_certificates add constraint firm_tax_certificates_withdrawn_by_check
  check ((status = 'withdrawn') = (withdrawn_by is not null) and (withdrawn_by is null or withdrawn_by in ('counter', 'owner')));

-- The database's identity: a random id made once, which the file store records so the orphan sweep
-- deletes nothing from a store that belongs to another database (a restart on a new, empty one).
create table if not exists database_identity (
  id uuid primary key default gen_random_uuid(),
  only_row boolean not null default true unique check (only_row)
);
insert into database_identity default values on conflict do nothing;
