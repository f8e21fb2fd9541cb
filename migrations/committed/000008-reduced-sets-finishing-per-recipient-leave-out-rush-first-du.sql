--! Previous: sha1:736e4a48b9db6c88b6f93802704a51fdbe748902
--! Hash: sha1:6991d7a38e492d5011d5988f1b45e19048cc2eaf
--! Message: reduced sets, finishing per recipient, leave-out, rush-first due list, printed sheets

-- Enter migration here

-- production: reduced sets and finishing in the print files (docs/decisions/075-reduced-sets-batches.md,
-- 076-finishing-on-banners-and-tickets.md). A batch on 11x17 is a package's reduced sets; `finishing`
-- is what is done to the batch's sets after printing (null: nothing), as its banner and ticket say.
alter table print_batches drop constraint if exists print_batches_paper_check;
alter table print_batches add constraint print_batches_paper_check check (paper in ('24x36', '30x42', '12x18', '15x21', '11x17'));
alter table print_batches add column if not exists finishing jsonb;
-- The fresh shop's counter plotter takes every paper: 11x17 too, unless someone changed its papers.
update printers set papers = '{24x36,30x42,12x18,15x21,11x17}', updated_at = now()
where id = '00000000-0000-4000-8000-000000000001' and papers = '{24x36,30x42,12x18,15x21}';

-- recipients' finishing: each recipient's package has its own finishing of its full-size and
-- half-size sets (null on older rows: none) and its own 11" x 17" reduced sets; the order's reduced
-- sets are their sum, as its sets are (50 recipients of up to 100 each).
alter table order_recipients add column if not exists finishing jsonb;
alter table order_recipients add column if not exists half_finishing jsonb;
alter table order_recipients add column if not exists reduced_sets integer not null default 0;
alter table order_recipients drop constraint if exists order_recipients_reduced_sets_range;
alter table order_recipients add constraint order_recipients_reduced_sets_range check (reduced_sets between 0 and 100);
alter table orders drop constraint if exists orders_reduced_sets_range;
alter table orders add constraint orders_reduced_sets_range check (reduced_sets between 0 and 5000);

-- Uploads: sheets that cannot be printed, and an upload made of a file without them (leave-out).
alter table uploads add column if not exists unprintable_sheets jsonb;
alter table uploads add column if not exists left_out_of uuid references uploads(id) on delete set null;
alter table uploads add column if not exists left_out jsonb;
alter table uploads add column if not exists left_out_message text;
create unique index if not exists uploads_left_out_of_idx on uploads (left_out_of);

-- The counter (the end-to-end walk's findings): the due list rush first, a reprint's printed sheets.
-- The due list: rush orders first, then by promised ready-by (adminOrderPage walks this index).
create index if not exists orders_paid_due_rush_idx on orders ((not rush_order), (coalesce(ready_by, created_at)), id) where payment_status <> 'unpaid';
drop index if exists orders_paid_due_idx;
-- A revision's reprint: its PDF of exactly the printed sheets, once orders__build_printed_sheets built it.
alter table orders add column if not exists printed_sheets_key text;
