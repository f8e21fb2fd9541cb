/**
 * A firm itself: create it (its creator its first owner), rename it, and the counter's terms for
 * paying on account. Routes check who may act (api/src/routes/firms.ts, adminFirms.ts) and call one
 * of these. Nothing here writes an order: an order keeps the firm it was placed for.
 */
import type { FirmTerms } from '#shared/invoice';
import type { Queryable } from '../../lib/db';
import { conflict, notFound } from '../../lib/errors';
import { membershipOf } from '../membership';

export const ALREADY_IN_A_FIRM = 'You already belong to a firm. Leave it first to create or join another.';

/** A new firm with its creator as owner; 409 when they already belong to one. */
export async function createFirm(tx: Queryable, input: { userId: string; name: string }): Promise<string> {
  if (await membershipOf(tx, input.userId)) throw conflict(ALREADY_IN_A_FIRM);
  const [firm] = await tx<{ id: string }[]>`insert into firms (name, created_by_user_id) values (${input.name}, ${input.userId}) returning id`;
  await tx`insert into firm_members (user_id, firm_id, role) values (${input.userId}, ${firm.id}, 'owner')`;
  return firm.id;
}

/** A new name for the firm. */
export async function renameFirm(tx: Queryable, input: { firmId: string; name: string }): Promise<void> {
  await tx`update firms set name = ${input.name}, updated_at = now() where id = ${input.firmId}`;
}

/** The rules an owner changed; those left out stay as they are. */
export type FirmRulesChange = { requirePoNumber?: boolean; requireCostCode?: boolean; approvalOverCents?: number | null };

/** Sets the firm's buying rules (only those given). */
export async function setFirmRules(tx: Queryable, input: { firmId: string; rules: FirmRulesChange }): Promise<void> {
  const { requirePoNumber, requireCostCode, approvalOverCents } = input.rules;
  await tx`
    update firms set
      require_po_number = coalesce(${requirePoNumber ?? null}::boolean, require_po_number),
      require_cost_code = coalesce(${requireCostCode ?? null}::boolean, require_cost_code),
      approval_over_cents = case when ${approvalOverCents !== undefined} then ${approvalOverCents ?? null}::integer else approval_over_cents end,
      updated_at = now()
    where id = ${input.firmId}`;
}

/** Opens, changes or closes a firm's terms (closing keeps the limit's history out: it is cleared). 404 for no such firm. */
export async function setFirmTerms(tx: Queryable, input: { firmId: string; terms: FirmTerms | null; creditLimitCents: number | null }): Promise<void> {
  const rows = await tx`
    update firms set terms = ${input.terms}, credit_limit_cents = ${input.terms ? input.creditLimitCents : null}, updated_at = now()
    where id = ${input.firmId} returning id`;
  if (rows.length === 0) throw notFound('Firm not found.');
}
