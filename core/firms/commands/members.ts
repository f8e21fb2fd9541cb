/** Someone leaves a firm, or an owner removes them; a firm always keeps an owner. */
import type { Queryable } from '../../lib/db';
import { conflict, forbidden, notFound } from '../../lib/errors';

export const OWNER_ROLE_FIXED = 'An owner’s role is not changed here: an owner is an approver already.';

/** An owner makes someone of the firm an approver, or a member again. 404 when they are not in it; 409 for an owner. */
export async function setMemberRole(tx: Queryable, input: { firmId: string; userId: string; role: 'approver' | 'member' }): Promise<void> {
  const [target] = await tx<{ role: string }[]>`
    select role from firm_members where firm_id = ${input.firmId} and user_id = ${input.userId} for update`;
  if (!target) throw notFound('That person is not a member of this firm.');
  if (target.role === 'owner') throw conflict(OWNER_ROLE_FIXED);
  await tx`update firm_members set role = ${input.role} where firm_id = ${input.firmId} and user_id = ${input.userId}`;
}

export const LAST_OWNER = 'A firm needs an owner: its last owner cannot leave or be removed.';

/**
 * Someone leaves the firm (themselves) or is removed (by an owner). Their orders stay with the firm.
 * 404 when they are not in it, 403 when a member removes someone else, 409 for the last owner.
 */
export async function removeMember(tx: Queryable, input: { firmId: string; actor: { userId: string; role: string }; userId: string }): Promise<void> {
  const [target] = await tx<{ role: string }[]>`
    select role from firm_members where firm_id = ${input.firmId} and user_id = ${input.userId} for update`;
  if (!target) throw notFound('That person is not a member of this firm.');
  if (input.actor.userId !== input.userId && input.actor.role !== 'owner') throw forbidden('Only an owner of the firm can remove someone.');
  if (target.role === 'owner') {
    const [{ owners }] = await tx<{ owners: number }[]>`
      select count(*)::int as owners from firm_members where firm_id = ${input.firmId} and role = 'owner'`;
    if (owners <= 1) throw conflict(LAST_OWNER);
  }
  await tx`delete from firm_members where firm_id = ${input.firmId} and user_id = ${input.userId}`;
}
