-- Enter migration here

-- Firm buying rules: the cost code an order was placed under (one of its project's codes, kept as it
-- was then, like project_code), read by the month's spend report, the receipt, the ticket and the statement.
alter table orders add column if not exists cost_code text;
-- The firm's buying rules, set by an owner: a PO number and a cost code on every order, and
-- approval of members' orders over an amount (null: never).
alter table firms add column if not exists require_po_number boolean not null default false;
alter table firms add column if not exists require_cost_code boolean not null default false;
alter table firms add column if not exists approval_over_cents integer;
alter table firms drop constraint if exists firms_approval_over_cents_check;
alter table firms add constraint firms_approval_over_cents_check check (approval_over_cents between 0 and 100000000);
-- A project's cost codes ([{code, name}], e.g. 04-REIMB "Reimbursable printing"), in the order set.
alter table firm_projects add column if not exists cost_codes jsonb not null default '[]'::jsonb;
-- Approvers: members an owner trusts to approve members' orders and read the firm's spend.
alter table firm_members drop constraint if exists firm_members_role_check;
alter table firm_members add constraint firm_members_role_check check (role in ('owner', 'approver', 'member'));

-- sheet order: the set's sheets in the order they print (a permutation of 1..N
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
