/** Reads the firm routes need beyond the firm's own page (firmView.ts): invites sent, a project, the firm's name. */
import type { Queryable } from '../lib/db';
import { findAuthToken } from '../lib/tokens';
import type { WaitingOrderJson } from '#shared/approval';
import { orderNumberOf } from '#shared/fields';
import { centsToDollars } from '#shared/money';

/** Invites the firm sent in the last 24 hours (its daily allowance is counted from these). */
export async function invitesSentToday(db: Queryable, firmId: string): Promise<number> {
  const [{ sent }] = await db<{ sent: number }[]>`
    select count(*)::int as sent from firm_invites where firm_id = ${firmId} and created_at > now() - interval '1 day'`;
  return sent;
}

/** One of the firm's projects, or null when the firm has no such project. */
export async function firmProject(db: Queryable, input: { firmId: string; projectId: string }): Promise<{ name: string; code: string } | null> {
  const [project] = await db<{ name: string; code: string }[]>`
    select name, code from firm_projects where id = ${input.projectId} and firm_id = ${input.firmId}`;
  return project ?? null;
}

/** The firm's name, or null when there is no such firm. */
export async function firmName(db: Queryable, firmId: string): Promise<string | null> {
  const [firm] = await db<{ name: string }[]>`select name from firms where id = ${firmId}`;
  return firm?.name ?? null;
}

/** What an open invite's page shows before anyone signs in: the firm, who invited, and the address it was sent to. */
export type InviteView = { firmName: string; invitedBy: string; email: string };

/** The open invite an emailed link's token is for, or null when the link is unknown, expired, used or withdrawn. */
export async function openInviteOfToken(db: Queryable, token: string): Promise<InviteView | null> {
  const found = await findAuthToken(db, 'firm_invite', token);
  if (!found) return null;
  const [row] = await db<{ firm_name: string; email: string; first_name: string | null; last_name: string | null; inviter_email: string | null }[]>`
    select f.name as firm_name, i.email, u.first_name, u.last_name, u.email as inviter_email
    from firm_invites i join firms f on f.id = i.firm_id left join users u on u.id = i.invited_by_user_id
    where i.auth_token_id = ${found.id} and i.accepted_at is null`;
  if (!row) return null;
  const name = [row.first_name, row.last_name].filter(Boolean).join(' ').trim();
  return { firmName: row.firm_name, invitedBy: name || row.inviter_email || 'A colleague', email: row.email };
}

/** A person's name as others of the firm read it: first and last name, or the email without them. */
export async function personName(db: Queryable, userId: string): Promise<string> {
  const [row] = await db<{ name: string }[]>`
    select coalesce(nullif(trim(concat_ws(' ', first_name, last_name)), ''), email) as name from users where id = ${userId}`;
  return row?.name ?? 'An approver';
}

/** The firm's orders waiting for an approver, oldest first, with the day each would expire. */
export async function waitingOrders(db: Queryable, input: { firmId: string; waitDays: number }): Promise<WaitingOrderJson[]> {
  const rows = await db<
    {
      id: string;
      placed_by: string;
      job_name: string | null;
      po_number: string | null;
      project_code: string | null;
      cost_code: string | null;
      total_cents: number;
      approval_requested_at: Date;
      expires_at: Date;
    }[]
  >`
    select id, coalesce(nullif(trim(concat_ws(' ', customer_first_name, customer_last_name)), ''), customer_email) as placed_by,
      job_name, po_number, project_code, cost_code, total_cents, approval_requested_at,
      approval_requested_at + make_interval(days => ${input.waitDays}) as expires_at
    from orders where firm_id = ${input.firmId} and approval_state = 'waiting'
    order by approval_requested_at, id`;
  return rows.map((r) => ({
    orderId: r.id,
    orderNumber: orderNumberOf(r.id),
    placedBy: r.placed_by,
    jobName: r.job_name,
    poNumber: r.po_number,
    projectCode: r.project_code,
    costCode: r.cost_code,
    totalAmount: centsToDollars(r.total_cents),
    requestedAt: r.approval_requested_at.toISOString(),
    expiresAt: r.expires_at.toISOString(),
  }));
}
