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
