/**
 * A firm invite survives sign-up: its link names the firm and the inviter to whoever opens it, and
 * the address it was sent to registers and joins in one step. A member opens every order the firm's
 * list shows them (read-only) and may start a revision of it; paying stays with whoever placed it.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder, buildUser } from '#test/helpers/factories';
import { customerClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { BAD_INVITE } from '#core/firms/commands/invites';

let shop: TestShop;
shopForFile((s) => (shop = s));

let n = 0;
const email = (who: string) => `${who}-${Date.now().toString(36)}-${n++}@example.com`;

async function person(first: string): Promise<{ client: TestClient; id: string; email: string }> {
  const user = await buildUser(shop, { email: email(first.toLowerCase()), firstName: first, lastName: 'Builder' });
  return { client: await customerClient(shop, user.id), id: user.id, email: user.email };
}

async function invitedToken(to: string): Promise<string> {
  const [row] = await shop.sql<{ text_body: string }[]>`
    select text_body from emails where to_address = ${to} and kind = 'firm_invite' order by created_at desc limit 1`;
  const match = /\/firm-invite\?token=([A-Za-z0-9_%-]+)/.exec(row?.text_body ?? '');
  if (!match) throw new Error(`no invite link emailed to ${to}`);
  return decodeURIComponent(match[1]);
}

describe('GET /api/firm-invites?token=', () => {
  it('names the firm, the inviter and the invited address, and the new account joins after signing up', async () => {
    const owner = await person('Olive');
    const firm = await owner.client.post('/api/firms', { name: 'Keystone Architects' });
    expect(firm.status).toBe(201);
    const newcomer = email('newcomer');
    expect((await owner.client.post(`/api/firms/${firm.body.firmId}/invites`, { email: newcomer })).status).toBe(201);
    const token = await invitedToken(newcomer);

    const stranger = shop.client();
    const seen = await stranger.get(`/api/firm-invites?token=${encodeURIComponent(token)}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ firmName: 'Keystone Architects', invitedBy: 'Olive Builder', email: newcomer });

    // Sign-up with that address, then the same link joins: nothing was lost on the way.
    const reg = await stranger.post('/api/auth/register', {
      email: newcomer,
      password: 'a-long-password-1',
      confirmPassword: 'a-long-password-1',
      firstName: 'Nia',
      lastName: 'New',
    });
    expect(reg.status).toBe(201);
    const joined = await stranger.post('/api/firm-invites/accept', { token });
    expect(joined.status).toBe(200);
    expect(joined.body.firmId).toBe(firm.body.firmId);

    // Used, the link names nothing more.
    const after = await shop.client().get(`/api/firm-invites?token=${encodeURIComponent(token)}`);
    expect(after.status).toBe(404);
    expect(after.body.message).toBe(BAD_INVITE);
  });

  it('answers 404 for an unknown link and 400 with a sentence for none', async () => {
    const unknown = await shop.client().get('/api/firm-invites?token=not-a-token');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(BAD_INVITE);
    const missing = await shop.client().get('/api/firm-invites');
    expect(missing.status).toBe(400);
    expect(typeof missing.body.message).toBe('string');
  });
});

describe("a firm member and a colleague's order", () => {
  it('opens the order the firm list shows, read-only; paying and ordering again stay with its placer', async () => {
    const owner = await person('Olive');
    const firm = await owner.client.post('/api/firms', { name: 'Harbor Studio' });
    const colleague = await person('Cole');
    expect((await owner.client.post(`/api/firms/${firm.body.firmId}/invites`, { email: colleague.email })).status).toBe(201);
    expect((await colleague.client.post('/api/firm-invites/accept', { token: await invitedToken(colleague.email) })).status).toBe(200);
    const order = await buildOrder(shop, { userId: colleague.id, email: colleague.email });
    await shop.sql`update orders set firm_id = ${firm.body.firmId}, placed_by_user_id = ${colleague.id} where id = ${order.id}`;

    const list = await owner.client.get('/api/orders?scope=firm');
    expect(list.body.map((o: { id: string }) => o.id)).toContain(order.id);
    const opened = await owner.client.get(`/api/orders/${order.id}`);
    expect(opened.status).toBe(200);
    expect(opened.body.id).toBe(order.id);
    expect((await owner.client.get(`/api/orders/${order.id}/receipt`)).status).toBe(200);
    expect((await owner.client.post(`/api/orders/${order.id}/reorder`)).status).toBe(404);

    // Someone outside the firm still gets 404.
    const outsider = await person('Otto');
    expect((await outsider.client.get(`/api/orders/${order.id}`)).status).toBe(404);
  });
});
