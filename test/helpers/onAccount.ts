/**
 * Paying-on-account fixtures: a firm written straight into its tables (an owner, a member and the
 * terms the counter opened), each person with a signed-in client, and the checkout body of an
 * order placed on the firm's account.
 */
import { randomBytes } from 'node:crypto';
import type { TestClient } from './client';
import { customerClient } from './adminTestKit';
import { CUSTOMER, pickupBody } from './checkout';
import { buildUpload, buildUser } from './factories';
import type { TestShop } from './shop';

export type FirmPerson = { client: TestClient; id: string; email: string };

/** A signed-in customer of no firm yet. */
export async function signedInPerson(shop: TestShop, firstName = 'Pat'): Promise<FirmPerson> {
  const user = await buildUser(shop, { email: `acct-${randomBytes(5).toString('hex')}@example.com`, firstName, lastName: 'Builder' });
  return { client: await customerClient(shop, user.id), id: user.id, email: user.email };
}

/** A firm with an owner and a member; with `creditLimitCents`, Net 30 terms with that limit. */
export async function firmOnAccount(shop: TestShop, options: { name?: string; creditLimitCents?: number | null } = {}) {
  const owner = await signedInPerson(shop, 'Olive');
  const member = await signedInPerson(shop, 'Milo');
  const terms = options.creditLimitCents == null ? null : 'net30';
  const [firm] = await shop.sql<{ id: string }[]>`
    insert into firms (name, created_by_user_id, terms, credit_limit_cents)
    values (${options.name ?? 'Keystone Architects'}, ${owner.id}, ${terms}, ${options.creditLimitCents ?? null}) returning id`;
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${owner.id}, ${firm.id}, 'owner'), (${member.id}, ${firm.id}, 'member')`;
  return { firmId: firm.id, owner, member };
}

/** Places a pickup order of `pages` sheets for `who` with `paymentMethod` (real details, so it can be placed at once). */
export async function orderOnAccount(
  shop: TestShop,
  who: FirmPerson,
  options: { pages?: number; paymentMethod?: string; jobName?: string; projectId?: string } = {},
) {
  const upload = await buildUpload(shop, { userId: who.id, pages: options.pages ?? 3 });
  return who.client.post(
    '/api/create-payment-intent',
    pickupBody(upload.id, {
      ...CUSTOMER,
      customerEmail: who.email,
      paymentMethod: options.paymentMethod ?? 'invoice',
      jobName: options.jobName ?? 'Library fit-out',
      poNumber: 'PO-7731',
      projectId: options.projectId,
    }),
  );
}
