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

-- Firm approvals: a member's order over the firm's approval limit is placed and waits (its
-- payment_status stays 'unpaid', so every counter query already hides it) until an approver says
-- yes or no. approval_state null: the order never needed approval. Moves: core/orders/commands/approvalMoves.ts.
alter table orders add column if not exists approval_state text;
alter table orders drop constraint if exists orders_approval_state_check;
alter table orders add constraint orders_approval_state_check check (approval_state in ('waiting', 'approved', 'declined', 'withdrawn', 'expired'));
-- Whose yes it waits for, as the placer reads it ("Ana Ortiz or Ben Lee"), kept as it was when placed.
alter table orders add column if not exists approval_waits_for text;
alter table orders add column if not exists approval_requested_at timestamptz;
alter table orders add column if not exists approval_decided_by_user_id uuid references users(id) on delete set null;
alter table orders add column if not exists approval_decided_by_name text;
alter table orders add column if not exists approval_decided_at timestamptz;
alter table orders add column if not exists approval_reason text;
create index if not exists orders_waiting_approval_idx on orders (firm_id, approval_requested_at) where approval_state = 'waiting';
