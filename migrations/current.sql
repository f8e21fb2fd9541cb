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
