-- Enter migration here

-- Issue 14 (§1): each sheet of an accepted upload, as the per-sheet report finds it. Sizes are
-- written with the `ready` verdict; the rest stays null until the report reaches the sheet.
create table if not exists upload_sheets (
  upload_id uuid not null references uploads(id) on delete cascade,
  number int not null check (number >= 1),
  width_in numeric(8, 3) not null,
  height_in numeric(8, 3) not null,
  color boolean,
  blank boolean,
  scale_notes text[],
  low_resolution boolean,
  has_preview boolean not null default false,
  primary key (upload_id, number)
);
-- Issue 14: the per-sheet report is done (or gave up); rejected uploads have nothing to come.
alter table uploads add column if not exists sheets_complete boolean not null default false;
