-- Enter migration here

-- Uploads: sheets that cannot be printed, and an upload made of a file without them (leave-out).
alter table uploads add column if not exists unprintable_sheets jsonb;
alter table uploads add column if not exists left_out_of uuid references uploads(id) on delete set null;
alter table uploads add column if not exists left_out jsonb;
alter table uploads add column if not exists left_out_message text;
create unique index if not exists uploads_left_out_of_idx on uploads (left_out_of);
