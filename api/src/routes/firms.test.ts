/**
 * Firm accounts through the API: a firm and its people, invites by email, projects, and a member's
 * order that belongs to the firm and its project. Outsiders get 404 on every firm route; a member
 * doing an owner's part gets 403.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload, buildUser } from '#test/helpers/factories';
import { adminClient, customerClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import type { OrderJson } from '#shared/orderJson';
import { buildOrder } from '#test/helpers/factories';
import { pdfText } from '#test/helpers/pdfText';
import { renderPngs } from '#test/helpers/pdfPages';
import { formatCents } from '#shared/money';
import { orderRowFor } from '#test/helpers/orderRow';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { renderReceipt } from '#core/services/receipts/index';
import { renderJobTicket } from '#core/services/tickets/jobTicket';
import { DEFAULT_SHOP } from '#shared/shop';
import fs from 'node:fs';
import path from 'node:path';

let shop: TestShop;
shopForFile((s) => (shop = s));

let n = 0;
/** A signed-in customer (a real session, no password hashing). */
async function person(first = 'Pat'): Promise<{ client: TestClient; id: string; email: string }> {
  const user = await buildUser(shop, { email: `firm-${Date.now().toString(36)}-${n++}@example.com`, firstName: first, lastName: 'Builder' });
  return { client: await customerClient(shop, user.id), id: user.id, email: user.email };
}

/** The raw token of the latest invite emailed to `email`, read from the outbox's link. */
async function invitedToken(email: string): Promise<string> {
  const [row] = await shop.sql<{ text_body: string }[]>`
    select text_body from emails where to_address = ${email} and kind = 'firm_invite' order by created_at desc limit 1`;
  const match = /\/firm-invite\?token=([A-Za-z0-9_%-]+)/.exec(row?.text_body ?? '');
  if (!match) throw new Error(`no invite link emailed to ${email}`);
  return decodeURIComponent(match[1]);
}

/** A firm with its owner, a member who accepted an invite, and one project. */
async function firmWithMember() {
  const owner = await person('Olive');
  const created = await owner.client.post('/api/firms', { name: 'Keystone Architects' });
  expect(created.status).toBe(201);
  const firmId: string = created.body.firmId;
  const member = await person('Milo');
  expect((await owner.client.post(`/api/firms/${firmId}/invites`, { email: member.email })).status).toBe(201);
  const accepted = await member.client.post('/api/firm-invites/accept', { token: await invitedToken(member.email) });
  expect(accepted.status).toBe(200);
  const project = await member.client.post(`/api/firms/${firmId}/projects`, { name: 'Bergen County Library', code: 'BCL-24' });
  expect(project.status).toBe(201);
  return { owner, member, firmId, projectId: project.body.projectId as string };
}

/** Places a paid pickup order as `who`, for `projectId` if given; resolves with its id. */
async function paidOrder(who: { client: TestClient; id: string }, projectId?: string): Promise<string> {
  const upload = await buildUpload(shop, { userId: who.id });
  const intent = await who.client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, customerFirstName: 'Milo', projectId }));
  expect(intent.status, intent.text).toBe(201);
  const paid = await who.client.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' });
  expect(paid.body).toEqual({ status: 'succeeded' });
  await shop.runJobs();
  return intent.body.orderId;
}

describe('a firm and its people', () => {
  it('the creator owns it, belongs to one firm only, and sees members, invites and projects', async () => {
    const owner = await person('Olive');
    const created = await owner.client.post('/api/firms', { name: '  Keystone Architects  ' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ firmId: expect.any(String) });
    const again = await owner.client.post('/api/firms', { name: 'Second Office' });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already belong to a firm/);

    const invited = await owner.client.post(`/api/firms/${created.body.firmId}/invites`, { email: 'New.Hire@Example.com' });
    expect(invited.status).toBe(201);
    const firm = await owner.client.get(`/api/firms/${created.body.firmId}`);
    expect(firm.status).toBe(200);
    expect(firm.body).toMatchObject({
      id: created.body.firmId,
      name: 'Keystone Architects',
      role: 'owner',
      members: [{ userId: owner.id, email: owner.email, role: 'owner' }],
      invites: [{ email: 'new.hire@example.com' }],
      projects: [],
    });
    expect((await owner.client.get('/api/my-firm')).body.firm.id).toBe(created.body.firmId);
    expect((await (await person()).client.get('/api/my-firm')).body).toEqual({ firm: null });
    expect((await shop.client().post('/api/firms', { name: 'Anon LLC' })).status).toBe(401);
  });

  it('emails an invite link that only the invited address can accept', async () => {
    const owner = await person('Olive');
    const { firmId } = (await owner.client.post('/api/firms', { name: 'Hudson Builders' })).body;
    const invitee = await person('Ivy');
    expect((await owner.client.post(`/api/firms/${firmId}/invites`, { email: invitee.email })).status).toBe(201);
    const [email] = await shop.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from emails where to_address = ${invitee.email} and kind = 'firm_invite'`;
    expect(email.subject).toBe('You are invited to join a firm on Blueprint Shop');
    expect(email.text_body).toContain(`Olive Builder (${owner.email}) invites you to join the firm 'Hudson Builders' on Blueprint Shop`);
    expect(email.text_body).toContain(`${shop.url}/firm-invite?token=`);
    const token = await invitedToken(invitee.email);

    const someoneElse = await person();
    const wrong = await someoneElse.client.post('/api/firm-invites/accept', { token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toMatch(/sent to another email address/);
    expect((await shop.client().post('/api/firm-invites/accept', { token })).status).toBe(401);
    expect((await invitee.client.post('/api/firm-invites/accept', { token: 'not-a-token' })).status).toBe(400);

    const ok = await invitee.client.post('/api/firm-invites/accept', { token });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ firmId, role: 'member' });
    // A second click answers the same.
    expect((await invitee.client.post('/api/firm-invites/accept', { token })).status).toBe(200);
    const firm = (await invitee.client.get(`/api/firms/${firmId}`)).body;
    expect(firm.role).toBe('member');
    expect(firm.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      [owner.email, 'owner'],
      [invitee.email, 'member'],
    ]);
    // Invites are the owner's part: a member does not see them.
    expect(firm.invites).toBeNull();
    expect((await owner.client.get(`/api/firms/${firmId}`)).body.invites).toEqual([]);
  });

  it('inviting again retires the old link; a member of another firm cannot join a second', async () => {
    const owner = await person();
    const { firmId } = (await owner.client.post('/api/firms', { name: 'Passaic Engineering' })).body;
    const other = await person();
    await other.client.post('/api/firms', { name: 'Other Firm' });
    await owner.client.post(`/api/firms/${firmId}/invites`, { email: other.email });
    const first = await invitedToken(other.email);
    await new Promise((r) => setTimeout(r, 5));
    await owner.client.post(`/api/firms/${firmId}/invites`, { email: other.email });
    const second = await invitedToken(other.email);
    expect(second).not.toBe(first);
    expect((await owner.client.get(`/api/firms/${firmId}`)).body.invites).toHaveLength(1);
    expect((await other.client.post('/api/firm-invites/accept', { token: first })).status).toBe(400);
    const taken = await other.client.post('/api/firm-invites/accept', { token: second });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toMatch(/already belong to a firm/);
  });

  it('owners invite, rename, withdraw and remove; a member doing that gets 403', async () => {
    const { owner, member, firmId } = await firmWithMember();
    expect((await member.client.post(`/api/firms/${firmId}/invites`, { email: 'x@example.com' })).status).toBe(403);
    expect((await member.client.request('PATCH', `/api/firms/${firmId}`, { json: { name: 'Mine Now' } })).status).toBe(403);
    expect((await member.client.request('DELETE', `/api/firms/${firmId}/members/${owner.id}`)).status).toBe(403);
    const invite = await owner.client.post(`/api/firms/${firmId}/invites`, { email: 'later@example.com' });
    expect((await member.client.request('DELETE', `/api/firms/${firmId}/invites/${invite.body.inviteId}`)).status).toBe(403);
    expect((await owner.client.request('DELETE', `/api/firms/${firmId}/invites/${invite.body.inviteId}`)).status).toBe(200);
    expect((await owner.client.request('DELETE', `/api/firms/${firmId}/invites/${invite.body.inviteId}`)).status).toBe(404);
    const renamed = await owner.client.request('PATCH', `/api/firms/${firmId}`, { json: { name: 'Keystone Architects LLP' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Keystone Architects LLP');
    expect((await owner.client.post(`/api/firms/${firmId}/invites`, { email: member.email })).status).toBe(409);
    // The last owner cannot leave; an owner removes a member.
    const leave = await owner.client.request('DELETE', `/api/firms/${firmId}/members/${owner.id}`);
    expect(leave.status).toBe(409);
    expect((await owner.client.request('DELETE', `/api/firms/${firmId}/members/${member.id}`)).status).toBe(200);
    expect((await member.client.get(`/api/firms/${firmId}`)).status).toBe(404);
  });

  it('answers 404 on every firm route to a stranger, another firm and the admin', async () => {
    const { firmId, projectId, member } = await firmWithMember();
    const invite = (await (await person()).client.post('/api/firms', { name: 'Elsewhere' })).body;
    expect(invite.firmId).toBeDefined();
    const otherFirmOwner = await person();
    await otherFirmOwner.client.post('/api/firms', { name: 'Rival Partners' });
    const outsiders: [string, TestClient][] = [
      ['stranger', shop.client()],
      ['signed-in, no firm', (await person()).client],
      ['another firm', otherFirmOwner.client],
      ['admin', await adminClient(shop)],
    ];
    const routes: [string, string, unknown?][] = [
      ['GET', `/api/firms/${firmId}`],
      ['PATCH', `/api/firms/${firmId}`, { name: 'Taken Over' }],
      ['POST', `/api/firms/${firmId}/invites`, { email: 'spy@example.com' }],
      ['DELETE', `/api/firms/${firmId}/invites/${projectId}`],
      ['DELETE', `/api/firms/${firmId}/members/${member.id}`],
      ['POST', `/api/firms/${firmId}/projects`, { name: 'Spy', code: 'SPY' }],
      // A bad body from an outsider still says nothing about the firm.
      ['POST', `/api/firms/${firmId}/projects`, { name: '' }],
      ['GET', '/api/firms/not-a-uuid'],
    ];
    const wrong: string[] = [];
    for (const [who, client] of outsiders) {
      for (const [method, path, json] of routes) {
        const res = await client.request(method, path, { json: json ?? (method === 'GET' ? undefined : {}) });
        if (res.status !== 404 || typeof res.body?.message !== 'string') wrong.push(`${who} ${method} ${path}: ${res.status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect((await shop.sql`select count(*)::int as n from firm_projects where code = 'SPY'`)[0].n).toBe(0);
  });
});

describe('projects and the firm’s orders', () => {
  it('codes are unique in the firm (any case), and the text fields follow the shop’s rules', async () => {
    const { owner, firmId } = await firmWithMember();
    const dup = await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Same code', code: 'bcl-24' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toMatch(/already has a project with the code bcl-24/);
    // Another firm may use the code.
    const other = await person();
    const otherFirm = (await other.client.post('/api/firms', { name: 'Other' })).body.firmId;
    expect((await other.client.post(`/api/firms/${otherFirm}/projects`, { name: 'Library', code: 'BCL-24' })).status).toBe(201);

    const control = await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Bad\u0007bell', code: 'X1' });
    expect(control.status).toBe(400);
    expect(control.body.message).toMatch(/Project name/);
    const long = await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Long', code: 'C'.repeat(31) });
    expect(long.status).toBe(400);
    expect(long.body.message).toMatch(/Project code must be at most 30 characters/);
    expect((await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'No code' })).status).toBe(400);
    const bidi = await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Mall \u202Eexpansion', code: '\u2066M-1\u2069' });
    expect(bidi.status).toBe(201);
    const firm = (await owner.client.get(`/api/firms/${firmId}`)).body;
    expect(firm.projects.find((p: { id: string }) => p.id === bidi.body.projectId)).toMatchObject({ name: 'Mall expansion', code: 'M-1' });
    expect((await owner.client.request('PATCH', `/api/firms/${firmId}`, { json: { name: 'x'.repeat(101) } })).status).toBe(400);
    expect((await owner.client.post('/api/firms', { name: 'Tab\there' })).status).toBe(400);
    expect((await owner.client.post(`/api/firms/${firmId}/invites`, { email: 'not an email' })).status).toBe(400);
  });

  it('refuses every control character in every new text field, naming the field, and stores nothing', async () => {
    const { owner, firmId } = await firmWithMember();
    const CONTROLS = ['\u0000', '\u0007', '\b', '\t', '\n', '\v', '\f', '\r', '\u001b', '\u007f', '\u0085', '\u009f'];
    const fields: [string, string, Record<string, string>, string, RegExp][] = [
      ['POST', `/api/firms/${firmId}/projects`, { name: 'Library', code: 'L-1' }, 'name', /Project name/],
      ['POST', `/api/firms/${firmId}/projects`, { name: 'Library', code: 'L-1' }, 'code', /Project code/],
      ['PATCH', `/api/firms/${firmId}`, { name: 'Keystone' }, 'name', /Firm name/],
      ['POST', `/api/firms/${firmId}/invites`, { email: 'someone@example.com' }, 'email', /email/i],
      ['POST', '/api/firms', { name: 'Keystone' }, 'name', /Firm name/],
    ];
    const loner = await person();
    const wrong: string[] = [];
    for (const [method, path, body, field, label] of fields) {
      for (const control of CONTROLS) {
        const client = path === '/api/firms' ? loner.client : owner.client;
        const res = await client.request(method, path, { json: { ...body, [field]: `${body[field].slice(0, 1)}${control}${body[field].slice(1)}` } });
        if (res.status !== 400 || !label.test(String(res.body?.message)))
          wrong.push(`${method} ${path} ${field} U+${control.charCodeAt(0).toString(16)}: ${res.status} ${res.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await shop.sql`select code from firm_projects where firm_id = ${firmId}`).toEqual([{ code: 'BCL-24' }]);
    expect(await shop.sql`select name from firms where id = ${firmId}`).toEqual([{ name: 'Keystone Architects' }]);
    expect((await loner.client.get('/api/my-firm')).body.firm).toBeNull();
  });

  it("a member's order belongs to the firm and its project; every member lists it, leaving keeps it there", async () => {
    const { owner, member, firmId, projectId } = await firmWithMember();
    const orderId = await paidOrder(member, projectId);
    const ownOrder = await paidOrder(owner);
    const [row] = await shop.sql`select firm_id, project_id, project_code, placed_by_user_id from orders where id = ${orderId}`;
    expect(row).toEqual({ firm_id: firmId, project_id: projectId, project_code: 'BCL-24', placed_by_user_id: member.id });

    const list = await owner.client.get('/api/orders?scope=firm');
    expect(list.status).toBe(200);
    expect(list.body.map((o: OrderJson) => o.id)).toEqual([ownOrder, orderId]);
    expect(list.body[1]).toMatchObject({
      firmId,
      projectId,
      projectCode: 'BCL-24',
      paymentStatus: 'paid',
      placedBy: { userId: member.id, name: 'Milo Hopper', email: CUSTOMER.customerEmail },
    });
    expect(list.body[0]).toMatchObject({ firmId, projectId: null, projectCode: null });
    const byProject = await member.client.get(`/api/orders?scope=firm&projectId=${projectId}`);
    expect(byProject.body.map((o: OrderJson) => o.id)).toEqual([orderId]);
    // The owner's own list is still their own orders.
    expect((await owner.client.get('/api/orders')).body.map((o: OrderJson) => o.id)).toEqual([ownOrder]);

    const stranger = await person();
    expect((await stranger.client.get('/api/orders?scope=firm')).status).toBe(404);
    expect((await member.client.get('/api/orders?scope=everyone')).status).toBe(400);
    const otherOwner = await person();
    const otherFirm = (await otherOwner.client.post('/api/firms', { name: 'Other' })).body.firmId;
    const otherProject = (await otherOwner.client.post(`/api/firms/${otherFirm}/projects`, { name: 'Theirs', code: 'T-1' })).body.projectId;
    expect((await member.client.get(`/api/orders?scope=firm&projectId=${otherProject}`)).status).toBe(404);

    // Leaving keeps the order with the firm.
    expect((await member.client.request('DELETE', `/api/firms/${firmId}/members/${member.id}`)).status).toBe(200);
    expect((await owner.client.get('/api/orders?scope=firm')).body.map((o: OrderJson) => o.id)).toContain(orderId);
    expect((await member.client.get('/api/orders?scope=firm')).status).toBe(404);
  });

  it('checkout refuses a project that is not of the customer’s firm', async () => {
    const { member } = await firmWithMember();
    const otherOwner = await person();
    const otherFirm = (await otherOwner.client.post('/api/firms', { name: 'Other' })).body.firmId;
    const theirs = (await otherOwner.client.post(`/api/firms/${otherFirm}/projects`, { name: 'Theirs', code: 'T-1' })).body.projectId;
    const upload = await buildUpload(shop, { userId: member.id });
    const refused = await member.client.post('/api/create-payment-intent', pickupBody(upload.id, { projectId: theirs }));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/not one of your firm/);
    const loner = await person();
    const lonerUpload = await buildUpload(shop, { userId: loner.id });
    const noFirm = await loner.client.post('/api/create-payment-intent', pickupBody(lonerUpload.id, { projectId: theirs }));
    expect(noFirm.status).toBe(400);
    const plain = await loner.client.post('/api/create-payment-intent', pickupBody(lonerUpload.id));
    expect(plain.status).toBe(201);
    const [row] = await shop.sql`select firm_id, placed_by_user_id from orders where id = ${plain.body.orderId}`;
    expect(row).toEqual({ firm_id: null, placed_by_user_id: loner.id });
  });
});

describe('the project statement', () => {
  it('lists every paid order of the project in the period, who ordered it, and the sums', async () => {
    const { owner, member, firmId, projectId } = await firmWithMember();
    const otherProject = (await owner.client.post(`/api/firms/${firmId}/projects`, { name: 'Other job', code: 'OJ-1' })).body.projectId;
    /** An order of the firm, as checkout writes one, paid on `paidAt`. */
    async function firmOrder(o: {
      by: { id: string };
      name: string;
      project: string;
      paidAt: string;
      job: string;
      po?: string;
      paid?: boolean;
      rush?: boolean;
    }) {
      const order = await buildOrder(shop, { userId: o.by.id, rushOrder: o.rush, paymentStatus: o.paid === false ? 'unpaid' : 'paid', pages: 4 });
      await shop.sql`
        update orders set firm_id = ${firmId}, project_id = ${o.project}, project_code = 'BCL-24', placed_by_user_id = ${o.by.id},
          customer_first_name = ${o.name}, customer_last_name = 'Builder', job_name = ${o.job}, po_number = ${o.po ?? null}, paid_at = ${o.paidAt}
        where id = ${order.id}`;
      return order;
    }
    const first = await firmOrder({ by: member, name: 'Milo', project: projectId, paidAt: '2026-11-02T15:00:00Z', job: 'Library addition', po: 'PO-7781' });
    const second = await firmOrder({ by: owner, name: 'Olive', project: projectId, paidAt: '2026-11-20T15:00:00Z', job: 'Stair details', rush: true });
    const before = await firmOrder({ by: member, name: 'Milo', project: projectId, paidAt: '2026-10-15T15:00:00Z', job: 'Early set' });
    // 04:30 UTC on Dec 1 is still Nov 30 in Paramus: inside the period.
    const lateEvening = await firmOrder({ by: member, name: 'Milo', project: projectId, paidAt: '2026-12-01T04:30:00Z', job: 'Late evening' });
    const elsewhere = await firmOrder({ by: member, name: 'Milo', project: otherProject, paidAt: '2026-11-10T15:00:00Z', job: 'Other project' });
    const unpaid = await firmOrder({ by: member, name: 'Milo', project: projectId, paidAt: '2026-11-11T15:00:00Z', job: 'Never paid', paid: false });

    const url = `/api/firms/${firmId}/projects/${projectId}/statement?from=2026-11-01&to=2026-11-30`;
    const res = await member.client.bytes(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    const text = await pdfText(res.body);
    const listed = [first, second, lateEvening];
    for (const o of listed) expect(text).toContain(o.id.slice(-8).toUpperCase());
    for (const o of [before, elsewhere, unpaid]) expect(text).not.toContain(o.id.slice(-8).toUpperCase());
    expect(text).toContain('Library addition');
    expect(text).toContain('PO-7781');
    expect(text).toContain('Milo Builder');
    expect(text).toContain('Olive Builder');
    expect(text).toContain('Keystone Architects');
    expect(text).toContain('BCL-24 · Bergen County Library');
    expect(text).toContain('Nov 1, 2026 – Nov 30, 2026');
    expect(text).toContain('3 orders');
    const sum = (key: 'total_cents' | 'tax_cents' | 'subtotal_cents') => listed.reduce((n, o) => n + o[key], 0);
    expect(text).toContain(formatCents(sum('total_cents')));
    expect(text).toContain(formatCents(sum('tax_cents')));
    expect(text).toContain(formatCents(sum('subtotal_cents')));
    expect(text).toContain(`${3 * 4} sheets`);
    const dir = path.resolve('test-results/statements');
    fs.mkdirSync(dir, { recursive: true });
    expect((await renderPngs(res.body, 'project-statement', dir)).pages).toBe(1);

    // Outsiders get 404; a bad period is a 400; another firm's project is 404.
    expect((await shop.client().bytes(url)).status).toBe(404);
    expect((await (await person()).client.bytes(url)).status).toBe(404);
    expect((await member.client.get(`/api/firms/${firmId}/projects/${projectId}/statement?from=2026-12-01&to=2026-11-01`)).status).toBe(400);
    expect((await member.client.get(`/api/firms/${firmId}/projects/${projectId}/statement?from=yesterday`)).status).toBe(400);
    const rival = await person();
    const rivalFirm = (await rival.client.post('/api/firms', { name: 'Rival' })).body.firmId;
    const rivalProject = (await rival.client.post(`/api/firms/${rivalFirm}/projects`, { name: 'R', code: 'R-1' })).body.projectId;
    expect((await member.client.get(`/api/firms/${firmId}/projects/${rivalProject}/statement`)).status).toBe(404);
  });
});

describe('an order for a project, on paper', () => {
  it('the receipt and the job ticket name the project', async () => {
    const order = orderRowFor({ project_code: 'BCL-24', job_name: 'Library addition' });
    const [receipt] = await pdfPageTexts(await renderReceipt(order, DEFAULT_SHOP));
    expect(receipt).toContain('Project: BCL-24');
    const [ticket] = await pdfPageTexts(await renderJobTicket(order, DEFAULT_SHOP));
    expect(ticket).toMatch(/Project\s+BCL-24/);
    // An order without a project says nothing about one.
    const [plain] = await pdfPageTexts(await renderReceipt(orderRowFor(), DEFAULT_SHOP));
    expect(plain).not.toContain('Project');
  });
});
