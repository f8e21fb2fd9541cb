/** Reads the firm routes need beyond the firm's own page (firmView.ts): invites sent, a project, the firm's name. */
import type { Queryable } from '../lib/db';

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
