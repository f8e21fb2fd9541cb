/**
 * Who belongs to which firm. A person belongs to at most one firm (the membership's key is the
 * person), as its owner or as a member; the firm an order belongs to is read from here at checkout.
 */
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import type { FirmRole } from '#shared/firm';

/** A person's place in a firm. */
export type Membership = { firmId: string; role: FirmRole };

/** The firm this person belongs to, and their role in it; null when they belong to none. */
export async function membershipOf(db: Queryable, userId: string): Promise<Membership | null> {
  const [row] = await db<{ firm_id: string; role: FirmRole }[]>`select firm_id, role from firm_members where user_id = ${userId}`;
  return row ? { firmId: row.firm_id, role: row.role } : null;
}

/** Whether this role may approve members' orders and read the firm's spend: owners and approvers. */
export function isApprover(role: FirmRole): boolean {
  return role === 'owner' || role === 'approver';
}

/** The firm's owners, each with the address their emails go to. */
export async function firmOwners(db: Queryable, firmId: string): Promise<{ id: string; email: string }[]> {
  return db<{ id: string; email: string }[]>`
    select u.id, u.email from firm_members m join users u on u.id = m.user_id where m.firm_id = ${firmId} and m.role = 'owner'`;
}

/** The project's code when the project belongs to this firm; null otherwise. */
export async function projectOfFirm(db: Queryable, firmId: string, projectId: string): Promise<{ id: string; code: string; name: string } | null> {
  const [row] = await db<
    { id: string; code: string; name: string }[]
  >`select id, code, name from firm_projects where id = ${projectId} and firm_id = ${firmId}`;
  return row ?? null;
}

/** The firm columns of an order, as checkout writes them. */
export type FirmOrderFields = { firm_id: string | null; project_id: string | null; project_code: string | null; project_name: string | null };

export const PROJECT_NOT_OURS = 'That project is not one of your firm’s projects. Please choose another.';

/**
 * The firm an order belongs to: the signed-in placer's firm, if any, and the project it names,
 * which must be one of that firm's (400 otherwise: a guest or a person without a firm has none).
 */
export async function firmOrderFields(db: Queryable, userId: string | null, projectId: string | null): Promise<FirmOrderFields> {
  const membership = userId ? await membershipOf(db, userId) : null;
  if (!membership) {
    if (projectId) throw badRequest(PROJECT_NOT_OURS);
    return { firm_id: null, project_id: null, project_code: null, project_name: null };
  }
  const project = projectId ? await projectOfFirm(db, membership.firmId, projectId) : null;
  if (projectId && !project) throw badRequest(PROJECT_NOT_OURS);
  return { firm_id: membership.firmId, project_id: project?.id ?? null, project_code: project?.code ?? null, project_name: project?.name ?? null };
}
