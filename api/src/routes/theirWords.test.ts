/**
 * Emails that carry someone's words say whose they are and link none of them: a stranger's name and
 * firm name in an invite, a customer's job name in the order's emails. And names that hold a web
 * address, or run past 100 characters, are refused wherever a person's or a firm's name is set.
 * The shop runs under another name here, so the shop's words are seen to come from its facts.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUser } from '#test/helpers/factories';
import { customerClient, adminClient } from '#test/helpers/adminTestKit';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { createFirm } from '#core/firms/commands/firms';

const SHOP_NAME = 'Plan Room Prints';
let shop: TestShop;
shopForFile(
  (s) => (shop = s),
  () => ({ env: { SHOP_NAME } }),
);

const HOSTILE_FIRST_NAME = 'Blueprint Shop Security: your account is locked, sign in at https://blueprint-security.example/login';
const HOSTILE_FIRM_NAME = 'URGENT pay invoice INV-000042 now: https://pay-invoices.example/inv-42';
const URL_NAME = 'Sam https://evil.example/x';
const LONG_NAME = 'S'.repeat(101);

let n = 0;
const uniqueEmail = (what: string) => `${what}-${Date.now().toString(36)}-${n++}@example.com`;

/** Every http(s) address in a text: each must be the shop's own (its links), none the stranger's. */
const addressesIn = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

describe('a firm invite from a stranger', () => {
  it("quotes the stranger's name and firm name as theirs, links none of their URLs (scheme removed) and keeps them out of the subject", async () => {
    // Names set before the rules refused them (or by any other road) are still only someone's words.
    const owner = await buildUser(shop, { email: uniqueEmail('stranger'), firstName: HOSTILE_FIRST_NAME, lastName: 'Lee' });
    const firmId = await shop.sql.begin((tx) => createFirm(tx, { userId: owner.id, name: HOSTILE_FIRM_NAME }));
    const client = await customerClient(shop, owner.id);
    const victim = uniqueEmail('victim');
    const invited = await client.post(`/api/firms/${firmId}/invites`, { email: victim });
    expect(invited.status).toBe(201);

    const [email] = await shop.sql<{ subject: string; text_body: string; html_body: string | null }[]>`
      select subject, text_body, html_body from emails where to_address = ${victim} and kind = 'firm_invite'`;
    expect(email.subject).toBe(`You are invited to join a firm on ${SHOP_NAME}`);
    expect(email.subject).not.toMatch(/URGENT|Security|locked|example/);
    expect(email.text_body).toContain(
      `Blueprint Shop Security: your account is locked, sign in at blueprint-security.example/login Lee (${owner.email}) ` +
        `invites you to join the firm 'URGENT pay invoice INV-000042 now: pay-invoices.example/inv-42' on ${SHOP_NAME}`,
    );
    expect(email.text_body).toContain(`Both names are as the firm's people typed them at ${SHOP_NAME}: they are their words, not ours.`);
    expect(email.text_body).not.toContain('https://blueprint-security.example');
    expect(email.text_body).not.toContain('https://pay-invoices.example');
    // The only addresses left are the shop's own invite link.
    const addresses = addressesIn(email.text_body);
    expect(addresses).toHaveLength(1);
    expect(addresses[0]).toMatch(new RegExp(`^${shop.url}/firm-invite\\?token=`));
    expect(email.html_body).toBeNull();
  });
});

describe('names that hold a web address or run past 100 characters', () => {
  it('are refused at sign-up with 400 and a sentence, and no account is made', async () => {
    const base = { email: uniqueEmail('signup'), password: 'correct horse battery', firstName: 'Sam', lastName: 'Lee' };
    const cases: [Record<string, string>, string][] = [
      [{ firstName: HOSTILE_FIRST_NAME }, 'First name cannot contain a web address or link. Please enter the name only.'],
      [{ lastName: 'Lee www.evil.example' }, 'Last name cannot contain a web address or link. Please enter the name only.'],
      [{ firstName: 'sam@pay-now.com' }, 'First name cannot contain a web address or link. Please enter the name only.'],
      [{ firstName: LONG_NAME }, 'First name must be at most 100 characters'],
      [{ lastName: LONG_NAME }, 'Last name must be at most 100 characters'],
    ];
    for (const [override, message] of cases) {
      const res = await shop.client().post('/api/auth/register', { ...base, ...override });
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await shop.sql`select 1 from users where email = ${base.email}`).toHaveLength(0);
    // A 100-character name and a name with dots that is no address are names.
    const fine = await shop.client().post('/api/auth/register', { ...base, firstName: 'J.R.', lastName: 'S'.repeat(100) });
    expect(fine.status).toBe(201);
  });

  it('are refused at firm creation and firm rename with 400 and a sentence, and the firm keeps its name', async () => {
    const owner = await buildUser(shop, { email: uniqueEmail('owner') });
    const client = await customerClient(shop, owner.id);
    for (const [name, message] of [
      [HOSTILE_FIRM_NAME, 'Firm name cannot contain a web address or link. Please enter the name only.'],
      [LONG_NAME, 'Firm name must be at most 100 characters'],
    ]) {
      const res = await client.post('/api/firms', { name });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect(await shop.sql`select 1 from firm_members where user_id = ${owner.id}`).toHaveLength(0);
    const created = await client.post('/api/firms', { name: 'Acme Architects' });
    expect(created.status).toBe(201);
    for (const [name, message] of [
      ['Acme (acme-architects.com)', 'Firm name cannot contain a web address or link. Please enter the name only.'],
      [LONG_NAME, 'Firm name must be at most 100 characters'],
    ]) {
      const res = await client.patch(`/api/firms/${created.body.firmId}`, { name });
      expect(res.status, name).toBe(400);
      expect(res.body.message).toContain(message);
    }
    const [firm] = await shop.sql<{ name: string }[]>`select name from firms where id = ${created.body.firmId}`;
    expect(firm.name).toBe('Acme Architects');
  });

  it("are refused as the checkout's customer name with 400 and a sentence", async () => {
    const { client, upload } = await browserWithUpload(shop);
    for (const [override, message] of [
      [{ customerFirstName: URL_NAME }, 'First name cannot contain a web address or link. Please enter the name only.'],
      [{ customerLastName: LONG_NAME }, 'Last name must be at most 100 characters'],
    ] as const) {
      const res = await client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, ...override }));
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.message).toContain(message);
    }
  });
});

describe("a customer's job name in the order's emails", () => {
  it('shows its URL without the scheme and links none of it, in the text or the HTML', async () => {
    const { client, upload } = await browserWithUpload(shop);
    const jobName = 'Smith https://evil.example/pay';
    const placed = await client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, jobName, poNumber: 'http://po.example' }));
    expect(placed.status, placed.text).toBe(201);
    const orderId: string = placed.body.orderId;
    await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    await shop.runJobs();
    const admin = await adminClient(shop);
    expect((await admin.patch(`/api/orders/${orderId}/status`, { status: 'processing' })).status).toBe(200);
    await shop.fastForwardJobs();
    await shop.runJobs();

    const emails = await shop.sql<{ kind: string; subject: string; text_body: string; html_body: string | null }[]>`
      select kind, subject, text_body, html_body from emails where order_id = ${orderId} order by created_at`;
    expect(emails.map((e) => e.kind)).toEqual(['order_confirmation', 'status_processing']);
    for (const email of emails) {
      expect(email.subject).not.toContain('evil');
      expect(email.text_body).toContain('evil.example/pay');
      for (const address of addressesIn(email.text_body)) expect(address.startsWith(shop.url) || address.startsWith('https://www.google.com/maps/')).toBe(true);
      if (email.html_body) {
        expect(email.html_body).not.toMatch(/https?:\/\/evil|https?:\/\/po\.example/);
        const hrefs = [...email.html_body.matchAll(/href="([^"]*)"/g)].map((m) => m[1]);
        expect(hrefs.length).toBeGreaterThan(0);
        for (const href of hrefs) expect(href.startsWith(shop.url)).toBe(true);
      }
    }
    expect(emails[0].html_body).toContain('Job name: Smith evil.example/pay');
  });
});
