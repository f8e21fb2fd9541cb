/** What the firm page shows: the firm, its people, its open invites (owners only) and its projects. */
import type { Queryable } from '../lib/db';
import type { CostCodeJson, FirmJson, FirmRole } from '#shared/firm';
import { firmRules } from './rules';
import { firmCertificates } from './certificates';
import { firmTerms, unpaidInvoices } from './invoices';

/**
 * The firm as its page shows it to someone of `role`; null when there is no such firm. `today` is
 * the counter's day (YYYY-MM-DD), which says which invoices are overdue.
 */
export async function loadFirm(db: Queryable, firmId: string, role: FirmRole, today: string): Promise<FirmJson | null> {
  const [firm] = await db<{ id: string; name: string; created_at: Date }[]>`select id, name, created_at from firms where id = ${firmId}`;
  if (!firm) return null;
  const members = await db<{ user_id: string; email: string; first_name: string | null; last_name: string | null; role: FirmRole; joined_at: Date }[]>`
    select m.user_id, u.email, u.first_name, u.last_name, m.role, m.joined_at
    from firm_members m join users u on u.id = m.user_id
    where m.firm_id = ${firmId} order by m.role = 'owner' desc, m.role = 'approver' desc, m.joined_at, u.email`;
  const projects = await db<{ id: string; name: string; code: string; cost_codes: CostCodeJson[]; created_at: Date }[]>`
    select id, name, code, cost_codes, created_at from firm_projects where firm_id = ${firmId} order by lower(code)`;
  const invites =
    role === 'owner'
      ? await db<{ id: string; email: string; created_at: Date; expires_at: Date | null }[]>`
          select i.id, i.email, i.created_at, t.expires_at
          from firm_invites i left join auth_tokens t on t.id = i.auth_token_id
          where i.firm_id = ${firmId} and i.accepted_at is null order by i.created_at desc`
      : null;
  return {
    id: firm.id,
    name: firm.name,
    role,
    members: members.map((m) => ({
      userId: m.user_id,
      email: m.email,
      firstName: m.first_name,
      lastName: m.last_name,
      role: m.role,
      joinedAt: m.joined_at.toISOString(),
    })),
    invites: invites?.map((i) => ({ id: i.id, email: i.email, invitedAt: i.created_at.toISOString(), expiresAt: i.expires_at?.toISOString() ?? null })) ?? null,
    rules: (await firmRules(db, firmId)) ?? { requirePoNumber: false, requireCostCode: false, approvalOverDollars: null },
    projects: projects.map((p) => ({ id: p.id, name: p.name, code: p.code, costCodes: p.cost_codes, createdAt: p.created_at.toISOString() })),
    certificates: role === 'owner' ? await firmCertificates(db, firmId, today) : null,
    terms: await firmTerms(db, firmId),
    invoices: await unpaidInvoices(db, firmId, today),
    createdAt: firm.created_at.toISOString(),
  };
}
