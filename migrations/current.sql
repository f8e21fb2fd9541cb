-- Enter migration here

-- finishing and sheet order: the set's sheets in the order they print (a permutation of 1..N
-- through the set, "Sort by discipline"); null prints them in file order.
alter table orders add column if not exists sheet_order integer[];
