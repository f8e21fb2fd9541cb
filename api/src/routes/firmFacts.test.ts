/**
 * A firm's facts wherever an order is shown: the certificate that made its tax $0.00 (state, kind,
 * number and the words) in the checkout's amounts, the order JSON, the receipt, the job ticket and
 * the project statement; the project's code and name on the same; the firm's shared address book
 * (who may remove a firm address, the last used first); the firm's orders by project and by person;
 * and the sheet numbers and titles on the receipt and the ticket.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload, buildUser } from '#test/helpers/factories';
import { adminClient, customerClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { ADDRESSES, CUSTOMER, pickupBody, shippingOrder } from '#test/helpers/checkout';
import { pdfText } from '#test/helpers/pdfText';
import { renderPngs } from '#test/helpers/pdfPages';
import type { OrderJson } from '#shared/orderJson';
import type { SavedAddressJson } from '#shared/address';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
  fs.mkdirSync(DOCS, { recursive: true });
});

const LABEL = 'Tax exempt — NJ ST-5 #12345';
/** Where the documents this file draws are kept, to be looked at. */
const DOCS = path.resolve('test-results/firm-facts');

let n = 0;
async function person(first: string) {
  const user = await buildUser(shop, { email: `facts-${Date.now().toString(36)}-${n++}@example.com`, firstName: first, lastName: 'Builder' });
  return { id: user.id, email: user.email, client: await customerClient(shop, user.id) };
}
type Person = Awaited<ReturnType<typeof person>>;

/** A firm with an owner, two members who accepted their invites, and a project. */
async function firm() {
  const owner = await person('Olive');
  const { firmId } = (await owner.client.post('/api/firms', { name: 'Keystone Architects' })).body as { firmId: string };
  const join = async (first: string) => {
    const member = await person(first);
    await owner.client.post(`/api/firms/${firmId}/invites`, { email: member.email });
    const [row] = await shop.sql<{ text_body: string }[]>`
      select text_body from emails where to_address = ${member.email} and kind = 'firm_invite' order by created_at desc limit 1`;
    const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(row.text_body)?.[1] ?? '');
    expect((await member.client.post('/api/firm-invites/accept', { token })).status).toBe(200);
    return member;
  };
  const member = await join('Milo');
  const second = await join('Nora');
  const project = await member.client.post(`/api/firms/${firmId}/projects`, { name: 'Hoboken Tower', code: 'A-101' });
  expect(project.status).toBe(201);
  return { owner, member, second, firmId, projectId: project.body.projectId as string };
}

/** Files an NJ ST-5 certificate for the firm and has the counter verify it. */
async function verifiedCertificate(owner: Person, firmId: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ state: 'NJ', kind: 'ST-5', number: '12345', expiresOn: '2099-12-31' })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'st5.pdf');
  const filed = await owner.client.request('POST', `/api/firms/${firmId}/tax-certificates`, { body: form });
  expect(filed.status).toBe(201);
  expect((await admin.post(`/api/admin/tax-certificates/${filed.body.certificateId}/verify`)).status).toBe(200);
}

/** Places and pays a pickup order as `who` (for `projectId` if given); resolves with the checkout's answer. */
async function paidPickup(who: Person, projectId?: string, sheets?: { number: string | null; title: string | null }[]) {
  const upload = await buildUpload(shop, { userId: who.id, pages: sheets?.length ?? 3 });
  for (const [i, sheet] of (sheets ?? []).entries()) {
    await shop.sql`
      insert into upload_sheets (upload_id, number, width_in, height_in, color, blank, sheet_number, sheet_title)
      values (${upload.id}, ${i + 1}, 24, 36, false, false, ${sheet.number}, ${sheet.title})`;
  }
  const intent = await who.client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, customerFirstName: 'Milo', projectId }));
  expect(intent.status, intent.text).toBe(201);
  const paid = await who.client.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' });
  expect(paid.body).toEqual({ status: 'succeeded' });
  await shop.runJobs();
  return intent.body as { orderId: string; amounts: { tax: number; total: number; subtotal: number; taxExemption: unknown } };
}

describe('an exempt order, everywhere it is shown', () => {
  it('carries the certificate’s state, kind, number and words from checkout to the order, receipt, ticket and statement', async () => {
    const { owner, member, firmId, projectId } = await firm();
    await verifiedCertificate(owner, firmId);
    const placed = await paidPickup(member, projectId);
    const exemption = { state: 'NJ', kind: 'ST-5', number: '12345', label: LABEL };
    expect(placed.amounts).toMatchObject({ tax: 0, total: placed.amounts.subtotal, taxExemption: exemption });

    const order = (await member.client.get(`/api/orders/${placed.orderId}`)).body as OrderJson;
    expect(order).toMatchObject({ taxAmount: 0, taxExemption: exemption, projectId, projectCode: 'A-101', projectName: 'Hoboken Tower' });
    const [row] =
      await shop.sql`select tax_exempt_state, tax_exempt_kind, tax_exempt_number, tax_exempt_text, project_name from orders where id = ${placed.orderId}`;
    expect(row).toEqual({ tax_exempt_state: 'NJ', tax_exempt_kind: 'ST-5', tax_exempt_number: '12345', tax_exempt_text: LABEL, project_name: 'Hoboken Tower' });

    // The admin's row and detail read the same JSON.
    const listed = (await admin.get(`/api/admin/orders?q=${order.orderNumber}`)).body;
    const adminRow = listed.orders.find((o: OrderJson) => o.id === placed.orderId);
    expect(adminRow).toMatchObject({ projectCode: 'A-101', projectName: 'Hoboken Tower', taxExemption: exemption });

    const receipt = await member.client.bytes(`/api/orders/${placed.orderId}/receipt`);
    expect(receipt.status).toBe(200);
    const receiptText = (await pdfText(receipt.body)).replace(/\s+/g, ' ');
    expect(receiptText).toContain(LABEL);
    expect(receiptText).toContain('Project: A-101 · Hoboken Tower');
    expect(receiptText).not.toContain('No State Tax');
    await renderPngs(receipt.body, 'exempt-receipt', DOCS);

    const ticket = await admin.bytes(`/api/admin/job-ticket/${placed.orderId}`);
    expect(ticket.status).toBe(200);
    const ticketText = (await pdfText(ticket.body)).replace(/\s+/g, ' ');
    expect(ticketText).toContain(`Tax ${LABEL}`);
    expect(ticketText).toContain('Project A-101 · Hoboken Tower');

    const statement = await owner.client.bytes(`/api/firms/${firmId}/projects/${projectId}/statement`);
    expect(statement.status).toBe(200);
    const statementText = await pdfText(statement.body);
    expect(statementText).toContain(LABEL);
    expect(statementText).toContain(order.orderNumber);
    expect((await renderPngs(statement.body, 'exempt-statement', DOCS)).pages).toBe(1);
  });

  it('a taxed order has no exemption on its JSON or documents', async () => {
    const { member } = await firm();
    const placed = await paidPickup(member);
    expect(placed.amounts.taxExemption).toBeNull();
    expect(placed.amounts.tax).toBeGreaterThan(0);
    const order = (await member.client.get(`/api/orders/${placed.orderId}`)).body as OrderJson;
    expect(order).toMatchObject({ taxExemption: null, projectCode: null, projectName: null });
    const ticket = await pdfText((await admin.bytes(`/api/admin/job-ticket/${placed.orderId}`)).body);
    expect(ticket).not.toContain('Tax exempt');
    expect(ticket).not.toMatch(/^\s*Project\b/m);
  });
});

describe('sheet numbers and titles on the documents', () => {
  it('the receipt lists every sheet by number and title, the ticket names them, and unnamed sets list nothing', async () => {
    const { member } = await firm();
    const sheets = [
      { number: 'G0.0', title: 'Cover sheet and drawing index' },
      { number: 'A-101', title: 'First floor plan' },
      { number: null, title: null },
      { number: 'S-2.1', title: 'Foundation plan' },
    ];
    const placed = await paidPickup(member, undefined, sheets);
    await shop.sql`update orders set half_sets = 1 where id = ${placed.orderId}`;

    const receiptPdf = (await member.client.bytes(`/api/orders/${placed.orderId}/receipt`)).body;
    const receipt = await pdfText(receiptPdf);
    expect(receipt).toContain('Sheets in the set');
    await renderPngs(receiptPdf, 'named-sheets-receipt', DOCS);
    for (const [i, s] of sheets.entries()) {
      if (s.number) expect(receipt).toMatch(new RegExp(`\\b${i + 1}\\s+${s.number.replace('.', '\\.')}\\s+${s.title}`));
    }
    const ticket = await admin.bytes(`/api/admin/job-ticket/${placed.orderId}`);
    const ticketText = (await pdfText(ticket.body)).replace(/\s+/g, ' ');
    expect(ticketText).toContain('1: G0.0 Cover sheet and drawing index');
    expect(ticketText).toContain('3: (not named)');
    expect(ticketText).toContain('4: S-2.1 Foundation plan');
    // Half-size sets are still noted on the ticket.
    expect(ticketText).toContain('Half-size sets: every sheet at exactly 50%');
    expect((await renderPngs(ticket.body, 'named-sheets-ticket', DOCS)).pages).toBe(1);

    const plain = await paidPickup(member);
    const plainReceipt = await pdfText((await member.client.bytes(`/api/orders/${plain.orderId}/receipt`)).body);
    expect(plainReceipt).not.toContain('Sheets in the set');
  });
});

describe('the firm’s orders by project and by person', () => {
  it('filters by project, by person and by both; another firm’s person is no one here', async () => {
    const { owner, member, second, projectId } = await firm();
    const a = await paidPickup(member, projectId);
    const b = await paidPickup(member);
    const c = await paidPickup(second, projectId);
    const ids = async (query: string) => ((await owner.client.get(`/api/orders?scope=firm${query}`)).body as OrderJson[]).map((o) => o.id).sort();
    expect(await ids('')).toEqual([a.orderId, b.orderId, c.orderId].sort());
    expect(await ids(`&placedBy=${member.id}`)).toEqual([a.orderId, b.orderId].sort());
    expect(await ids(`&placedBy=${second.id}&projectId=${projectId}`)).toEqual([c.orderId]);
    expect(await ids(`&placedBy=${member.id}&projectId=${projectId}`)).toEqual([a.orderId]);
    const stranger = await person('Stan');
    expect(await ids(`&placedBy=${stranger.id}`)).toEqual([]);
    expect((await owner.client.get('/api/orders?scope=firm&placedBy=nobody')).status).toBe(400);
    expect((await stranger.client.get(`/api/orders?scope=firm&placedBy=${member.id}`)).status).toBe(404);
  });
});

describe('the firm’s address book', () => {
  const book = async (who: Person) => (await who.client.get('/api/addresses')).body as SavedAddressJson[];

  it('shows firm addresses to every member; the saver or the owner may remove one, another member may not', async () => {
    const { owner, member, second } = await firm();
    const site = await member.client.post('/api/addresses', { ...ADDRESSES.NY, scope: 'firm' });
    expect(site.status).toBe(201);
    expect(site.body).toMatchObject({ scope: 'firm', street1: '1 Main St', savedBy: { userId: member.id, name: 'Milo Builder' }, canDelete: true });
    const own = await second.client.post('/api/addresses', ADDRESSES.CA);
    expect(own.body).toMatchObject({ scope: 'personal', savedBy: null, canDelete: true });

    for (const who of [owner, member, second]) expect((await book(who)).map((a) => a.id)).toContain(site.body.id);
    expect((await book(second)).find((a) => a.id === site.body.id)).toMatchObject({ canDelete: false });
    expect((await book(owner)).find((a) => a.id === site.body.id)).toMatchObject({ canDelete: true });
    // A personal address is the person's alone.
    expect((await book(owner)).map((a) => a.id)).not.toContain(own.body.id);

    const refused = await second.client.request('DELETE', `/api/addresses/${site.body.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/owner or the person who saved/);
    const outsider = await person('Otto');
    expect((await outsider.client.request('DELETE', `/api/addresses/${site.body.id}`)).status).toBe(404);
    expect((await outsider.client.post('/api/addresses', { ...ADDRESSES.NY, scope: 'firm' })).status).toBe(404);
    expect((await outsider.client.post('/api/addresses', { ...ADDRESSES.NY, scope: 'office' })).status).toBe(400);
    expect(await book(outsider)).toEqual([]);

    expect((await member.client.request('DELETE', `/api/addresses/${site.body.id}`)).status).toBe(200);
    const again = await member.client.post('/api/addresses', { ...ADDRESSES.NJ, scope: 'firm' });
    expect((await owner.client.request('DELETE', `/api/addresses/${again.body.id}`)).status).toBe(200);
    expect((await book(member)).filter((a) => a.scope === 'firm')).toEqual([]);
  });

  it('lists the last used first, firm and own together; shipping to a firm address moves it up for everyone, with no copy', async () => {
    const { owner, member } = await firm();
    const site = (await owner.client.post('/api/addresses', { ...ADDRESSES.OR, scope: 'firm' })).body as SavedAddressJson;
    const own = (await member.client.post('/api/addresses', ADDRESSES.NY)).body as SavedAddressJson;
    expect((await book(member)).map((a) => a.id)).toEqual([own.id, site.id]);

    const upload = await buildUpload(shop, { userId: member.id });
    const { intent } = await shippingOrder(member.client, upload.id, ADDRESSES.OR);
    expect(intent.status, intent.text).toBe(201);
    expect((await book(member)).map((a) => a.id)).toEqual([site.id, own.id]);
    expect((await book(owner)).map((a) => a.id)).toEqual([site.id]);
    const [copies] = await shop.sql<{ n: number }[]>`select count(*)::int as n from saved_addresses where user_id = ${member.id} and city = 'Portland'`;
    expect(copies.n).toBe(0);

    // An address the member saved for themself, then the firm saved: listed once, as the firm's.
    await member.client.post('/api/addresses', ADDRESSES.CA);
    const shared = (await owner.client.post('/api/addresses', { ...ADDRESSES.CA, street1: '1 MARKET ST', scope: 'firm' })).body as SavedAddressJson;
    const listed = await book(member);
    expect(listed.filter((a) => a.city === 'San Francisco')).toEqual([expect.objectContaining({ id: shared.id, scope: 'firm' })]);
  });
});
