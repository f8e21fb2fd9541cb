/**
 * A firm's buying rules (a PO number and a cost code on every order; approval over an amount) as
 * they are read, and the check checkout makes with them. The cost code an order names must be one
 * of its project's; with a rule on, an order placed without a PO number or a cost code is refused
 * with a sentence naming the project (decision 061).
 */
import type { CostCodeJson, FirmRulesJson } from '#shared/firm';
import { centsToDollars } from '#shared/money';
import type { Queryable } from '../lib/db';
import { badRequest } from '../lib/errors';
import { isApprover, type FirmOrderFields } from './membership';
import type { FirmRole } from '#shared/firm';

/** The firm's rules; null when there is no such firm. */
export async function firmRules(db: Queryable, firmId: string): Promise<FirmRulesJson | null> {
  const [row] = await db<{ require_po_number: boolean; require_cost_code: boolean; approval_over_cents: number | null }[]>`
    select require_po_number, require_cost_code, approval_over_cents from firms where id = ${firmId}`;
  if (!row) return null;
  return {
    requirePoNumber: row.require_po_number,
    requireCostCode: row.require_cost_code,
    approvalOverDollars: row.approval_over_cents === null ? null : centsToDollars(row.approval_over_cents),
  };
}

export const COST_CODE_WITHOUT_FIRM = 'Cost codes are for orders of a firm. Please leave the cost code out.';
export const COST_CODE_WITHOUT_PROJECT = 'A cost code belongs to a project. Please choose the project first.';

/** "{Hoboken Tower} orders need a PO number (your firm's rule).": whose orders, the project's or the firm's. */
export function ruleSentence(subject: string, need: 'po' | 'costCode' | 'projectAndCostCode'): string {
  const what = need === 'po' ? 'a PO number' : need === 'costCode' ? 'a cost code' : 'a project and a cost code';
  return `${subject} orders need ${what} (your firm's rule).`;
}

/**
 * The cost code column of an order being placed for `firm`, checked against its project's cost
 * codes (any case; the project's own spelling is kept). With `enforce` (the order is being placed,
 * not priced at the checkout's load), the firm's rules are applied too. 400 with a sentence otherwise.
 */
export async function checkoutRuleFields(
  db: Queryable,
  firm: FirmOrderFields,
  order: { poNumber: string | null; costCode: string | null; enforce: boolean },
): Promise<{ cost_code: string | null }> {
  const asked = order.costCode?.trim() || null;
  if (!firm.firm_id) {
    if (asked) throw badRequest(COST_CODE_WITHOUT_FIRM);
    return { cost_code: null };
  }
  const [facts] = await db<{ name: string; require_po_number: boolean; require_cost_code: boolean; cost_codes: CostCodeJson[] | null }[]>`
    select f.name, f.require_po_number, f.require_cost_code, p.cost_codes
    from firms f left join firm_projects p on p.id = ${firm.project_id} and p.firm_id = f.id
    where f.id = ${firm.firm_id}`;
  const subject = firm.project_name ?? facts.name;
  let costCode: string | null = null;
  if (asked) {
    if (!firm.project_id) throw badRequest(COST_CODE_WITHOUT_PROJECT);
    const found = (facts.cost_codes ?? []).find((c) => c.code.toLowerCase() === asked.toLowerCase());
    if (!found) throw badRequest(`${asked} is not one of ${subject}’s cost codes. Please choose one of its cost codes.`);
    costCode = found.code;
  }
  if (!order.enforce) return { cost_code: costCode };
  if (facts.require_po_number && !order.poNumber?.trim()) throw badRequest(ruleSentence(subject, 'po'));
  if (facts.require_cost_code && !costCode) {
    if (!firm.project_id) throw badRequest(ruleSentence(subject, 'projectAndCostCode'));
    if ((facts.cost_codes ?? []).length === 0) {
      throw badRequest(`${ruleSentence(subject, 'costCode')} The project has no cost codes yet: please add them on the firm page.`);
    }
    throw badRequest(ruleSentence(subject, 'costCode'));
  }
  return { cost_code: costCode };
}

/**
 * Whose yes a member's order of `totalCents` on the firm's account waits for ("Ana Ortiz or Ben
 * Lee"), or null when it needs none: no limit, not over it, or the placer is an owner or approver.
 */
export async function approvalNeeded(db: Queryable, input: { firmId: string; userId: string | null; totalCents: number }): Promise<string | null> {
  const [firm] = await db<{ approval_over_cents: number | null }[]>`select approval_over_cents from firms where id = ${input.firmId}`;
  if (!firm || firm.approval_over_cents === null || input.totalCents <= firm.approval_over_cents) return null;
  const people = await db<{ user_id: string; role: FirmRole; name: string }[]>`
    select m.user_id, m.role, coalesce(nullif(trim(concat_ws(' ', u.first_name, u.last_name)), ''), u.email) as name
    from firm_members m join users u on u.id = m.user_id
    where m.firm_id = ${input.firmId} order by m.role = 'owner' desc, m.joined_at, u.email`;
  const placer = people.find((p) => p.user_id === input.userId);
  if (placer && isApprover(placer.role)) return null;
  const names = people.filter((p) => isApprover(p.role)).map((p) => p.name);
  if (names.length <= 1) return names[0] ?? 'an approver of your firm';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}
