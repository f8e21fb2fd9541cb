-- Enter migration here

-- finishing and sheet order: the set's sheets in the order they print (a permutation of 1..N
-- through the set, "Sort by discipline"); null prints them in file order.
alter table orders add column if not exists sheet_order integer[];

-- finishing: what the counter does to the sets after printing (fold, bind, holes; null on older
-- orders: none) and the 11" x 17" reduced sets beside the full-size and half-size ones.
alter table orders add column if not exists finishing jsonb;
alter table orders add column if not exists half_finishing jsonb;
alter table orders add column if not exists reduced_sets integer not null default 0;
alter table orders drop constraint if exists orders_reduced_sets_range;
alter table orders add constraint orders_reduced_sets_range check (reduced_sets between 0 and 100);
-- An order of reduced sets alone is an order.
alter table orders drop constraint if exists orders_sets_check;
alter table orders add constraint orders_sets_check check (sets between 0 and 100 and sets + half_sets + reduced_sets >= 1);

-- uploads: what will not print as it looks on each sheet (hairlines, light grey, fonts not
-- embedded), as shares the report measured; the API words them as printNotes.
alter table upload_sheets add column if not exists print_findings jsonb;
