-- Enter migration here

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
