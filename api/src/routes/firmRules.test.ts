/**
 * A firm's buying rules through the API: an owner sets them (alone or with the name), projects carry
 * cost codes (on create and by PATCH), and checkout refuses an order placed without the PO number or
 * cost code the rules ask for, or with another project's cost code, saving nothing. The cost code
 * then shows on the order JSON, the receipt, the job ticket and the statement.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildUpload } from '#test/helpers/factories';
import { adminClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { firmOnAccount, signedInPerson, type FirmPerson } from '#test/helpers/onAccount';
import { pdfText } from '#test/helpers/pdfText';
import type { FirmJson, FirmProjectJson } from '#shared/firm';
import type { OrderJson } from '#shared/orderJson';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

const COST_CODES = [
  { code: '04-REIMB', name: 'Reimbursable printing' },
  { code: '09-CA', name: 'Construction administration' },
];

/** A firm on Net 30 with a project (with cost codes) and a second project (with its own). */
async function firmWithProjects() {
  const firm = await firmOnAccount(shop, { creditLimitCents: 500000 });
  const tower = await firm.member.client.post(`/api/firms/${firm.firmId}/projects`, { name: 'Hoboken Tower', code: 'HT-1', costCodes: COST_CODES });
  expect(tower.status, tower.text).toBe(201);
  const library = await firm.member.client.post(`/api/firms/${firm.firmId}/projects`, {
    name: 'Bergen Library',
    code: 'BL-2',
    costCodes: [{ code: '77-LIB', name: 'Library only' }],
  });
  expect(library.status).toBe(201);
  return { ...firm, towerId: tower.body.projectId as string, libraryId: library.body.projectId as string };
}

/** A checkout body of `who`'s new upload, with real details. */
async function body(who: FirmPerson, extra: Record<string, unknown>) {
  const upload = await buildUpload(shop, { userId: who.id });
  return pickupBody(upload.id, { ...CUSTOMER, customerEmail: who.email, ...extra });
}

const ordersOf = async (userId: string) => (await shop.sql<{ n: number }[]>`select count(*)::int as n from orders where placed_by_user_id = ${userId}`)[0].n;

describe('setting the rules', () => {
  it('an owner sets them alone or with the name; a member 403, an outsider 404; bad rules 400 change nothing', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop);
    const firm = (await owner.client.get(`/api/firms/${firmId}`)).body as FirmJson;
    expect(firm.rules).toEqual({ requirePoNumber: false, requireCostCode: false, approvalOverDollars: null });

    const set = await owner.client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: true, approvalOverDollars: 250.5 } });
    expect(set.status, set.text).toBe(200);
    expect((set.body as FirmJson).rules).toEqual({ requirePoNumber: true, requireCostCode: false, approvalOverDollars: 250.5 });
    const [row] = await shop.sql`select require_po_number, require_cost_code, approval_over_cents from firms where id = ${firmId}`;
    expect(row).toEqual({ require_po_number: true, require_cost_code: false, approval_over_cents: 25050 });

    const both = await owner.client.patch(`/api/firms/${firmId}`, { name: 'Keystone & Partners', rules: { requireCostCode: true, approvalOverDollars: null } });
    expect(both.status).toBe(200);
    expect(both.body).toMatchObject({ name: 'Keystone & Partners', rules: { requirePoNumber: true, requireCostCode: true, approvalOverDollars: null } });
    // The name alone still works, and keeps the rules.
    const renamed = await owner.client.patch(`/api/firms/${firmId}`, { name: 'Keystone Architects' });
    expect(renamed.body).toMatchObject({ name: 'Keystone Architects', rules: { requirePoNumber: true, requireCostCode: true } });
    // Every member reads the rules their checkout follows.
    expect(((await member.client.get(`/api/firms/${firmId}`)).body as FirmJson).rules.requireCostCode).toBe(true);

    const refused = await member.client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: false } });
    expect(refused.status).toBe(403);
    expect((await (await signedInPerson(shop)).client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: false } })).status).toBe(404);

    for (const [bad, message] of [
      [{}, 'Send a new name, new rules, or both.'],
      [{ rules: { approvalOverDollars: -1 } }, 'approvalOverDollars must be $0 or more'],
      [{ rules: { approvalOverDollars: '500' } }, 'approvalOverDollars must be an amount in dollars, or null for never'],
      [{ rules: { approvalOverDollars: 10.005 } }, 'approvalOverDollars must be whole cents'],
      [{ rules: { requirePoNumber: 'yes' } }, 'requirePoNumber must be true or false'],
      [{ rules: 'strict' }, 'rules must be an object: {requirePoNumber, requireCostCode, approvalOverDollars}'],
      [{ name: 'Renamed', rules: { requireCostCode: false, approveEverything: true } }, null],
    ] as const) {
      const res = await owner.client.patch(`/api/firms/${firmId}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      if (message) expect(res.body.message).toBe(message);
    }
    const [after] = await shop.sql`select name, require_po_number, require_cost_code, approval_over_cents from firms where id = ${firmId}`;
    expect(after).toEqual({ name: 'Keystone Architects', require_po_number: true, require_cost_code: true, approval_over_cents: null });
  });

  it('a project takes cost codes when created and by PATCH; each code once; another firm’s project is 404', async () => {
    const { firmId, member, towerId } = await firmWithProjects();
    const firm = (await member.client.get(`/api/firms/${firmId}`)).body as FirmJson;
    expect(firm.projects.find((p) => p.id === towerId)?.costCodes).toEqual(COST_CODES);

    const changed = await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, { costCodes: [{ code: ' 05-PRINT ', name: 'Printing' }] });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body as FirmProjectJson).toMatchObject({
      id: towerId,
      code: 'HT-1',
      name: 'Hoboken Tower',
      costCodes: [{ code: '05-PRINT', name: 'Printing' }],
    });
    const renamed = await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, { name: 'Hoboken Tower II' });
    expect(renamed.body).toMatchObject({ name: 'Hoboken Tower II', costCodes: [{ code: '05-PRINT', name: 'Printing' }] });

    const twice = await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, {
      costCodes: [
        { code: 'A', name: 'One' },
        { code: 'a', name: 'Two' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe('Each cost code can be listed only once.');
    expect((await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, { costCodes: [{ code: '', name: 'x' }] })).status).toBe(400);
    expect((await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, {})).status).toBe(400);
    expect((await member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, { code: 'bl-2' })).status).toBe(409);
    const [kept] = await shop.sql`select name, code, cost_codes from firm_projects where id = ${towerId}`;
    expect(kept).toEqual({ name: 'Hoboken Tower II', code: 'HT-1', cost_codes: [{ code: '05-PRINT', name: 'Printing' }] });

    const rival = await firmWithProjects();
    expect((await member.client.patch(`/api/firms/${firmId}/projects/${rival.towerId}`, { name: 'Mine now' })).status).toBe(404);
    expect((await rival.member.client.patch(`/api/firms/${firmId}/projects/${towerId}`, { name: 'Mine now' })).status).toBe(404);
  });
});

describe('checkout under the rules', () => {
  it('refuses an order on account without a PO number or cost code, or with another project’s, and saves nothing', async () => {
    const { firmId, owner, member, towerId, libraryId } = await firmWithProjects();
    expect((await owner.client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: true, requireCostCode: true } })).status).toBe(200);
    const onAccount = { paymentMethod: 'invoice', projectId: towerId };

    const cases: [Record<string, unknown>, string][] = [
      [{ costCode: '04-REIMB' }, "Hoboken Tower orders need a PO number (your firm's rule)."],
      [{ poNumber: '   ', costCode: '04-REIMB' }, "Hoboken Tower orders need a PO number (your firm's rule)."],
      [{ poNumber: 'PO-1' }, "Hoboken Tower orders need a cost code (your firm's rule)."],
      [{ poNumber: 'PO-1', costCode: '77-LIB' }, '77-LIB is not one of Hoboken Tower’s cost codes. Please choose one of its cost codes.'],
      [{ poNumber: 'PO-1', projectId: null }, "Keystone Architects orders need a project and a cost code (your firm's rule)."],
      [{ poNumber: 'PO-1', projectId: null, costCode: '04-REIMB' }, 'A cost code belongs to a project. Please choose the project first.'],
    ];
    for (const [extra, message] of cases) {
      const res = await member.client.post('/api/create-payment-intent', await body(member, { ...onAccount, ...extra }));
      expect(res.status, JSON.stringify(extra)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    // The owner is held to the firm's rules too.
    const ownerRefused = await owner.client.post('/api/create-payment-intent', await body(owner, { ...onAccount, costCode: '04-REIMB' }));
    expect(ownerRefused.body.message).toBe("Hoboken Tower orders need a PO number (your firm's rule).");
    expect(await ordersOf(member.id)).toBe(0);
    expect(await ordersOf(owner.id)).toBe(0);
    // The other project's own code is fine for that project; any case, kept in the project's spelling.
    const library = await member.client.post(
      '/api/create-payment-intent',
      await body(member, { ...onAccount, projectId: libraryId, poNumber: 'PO-2', costCode: '77-lib' }),
    );
    expect(library.status, library.text).toBe(201);

    const placed = await member.client.post('/api/create-payment-intent', await body(member, { ...onAccount, poNumber: 'PO-7731', costCode: '04-reimb' }));
    expect(placed.status, placed.text).toBe(201);
    await shop.runJobs();
    const order = (await member.client.get(`/api/orders/${placed.body.orderId}`)).body as OrderJson;
    expect(order).toMatchObject({ paymentStatus: 'invoiced', poNumber: 'PO-7731', projectCode: 'HT-1', costCode: '04-REIMB' });

    const receipt = (await pdfText((await member.client.bytes(`/api/orders/${order.id}/receipt`)).body)).replace(/\s+/g, ' ');
    expect(receipt).toContain('Cost code: 04-REIMB');
    const ticket = (await pdfText((await admin.bytes(`/api/admin/job-ticket/${order.id}`)).body)).replace(/\s+/g, ' ');
    expect(ticket).toContain('Cost code 04-REIMB');
    const statement = await pdfText((await member.client.bytes(`/api/firms/${firmId}/projects/${towerId}/statement`)).body);
    expect(statement).toContain(order.orderNumber);
    expect(statement).toContain('04-REIMB');
    const spend = await owner.client.bytes(`/api/firms/${firmId}/reports/spend?month=${order.createdAt.slice(0, 7)}`);
    expect(spend.body.toString('utf8')).toContain(`,HT-1,Hoboken Tower,04-REIMB,PO-7731,`);
  });

  it('a card order is held to the rules when it is paid: its last re-price and the confirmation refuse it', async () => {
    const { firmId, owner, member, towerId } = await firmWithProjects();
    await owner.client.patch(`/api/firms/${firmId}`, { rules: { requirePoNumber: true, requireCostCode: true } });
    // At load the page asks for an intent (here with the details already known): the order is only priced, not placed.
    const upload = await buildUpload(shop, { userId: member.id });
    const load = await member.client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
    expect(load.status, load.text).toBe(201);
    const orderId = load.body.orderId as string;
    const final = (extra: Record<string, unknown>) =>
      member.client.post('/api/create-payment-intent', pickupBody(upload.id, { ...CUSTOMER, projectId: towerId, orderId, updateOnly: true, ...extra }));
    const noPo = await final({ costCode: '04-REIMB' });
    expect(noPo.status).toBe(400);
    expect(noPo.body.message).toBe("Hoboken Tower orders need a PO number (your firm's rule).");
    // Confirming the card without the last re-price is refused as well (the order has no PO).
    const [stored] = await shop.sql`select po_number, cost_code, payment_status from orders where id = ${orderId}`;
    expect(stored).toEqual({ po_number: null, cost_code: null, payment_status: 'unpaid' });
    const confirm = await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(confirm.status).toBe(400);
    expect(confirm.body.message).toBe("Keystone Architects orders need a PO number (your firm's rule).");

    expect((await final({ poNumber: 'PO-9', costCode: '09-CA' })).status).toBe(200);
    const paid = await member.client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.body).toEqual({ status: 'succeeded' });
    await shop.runJobs();
    expect((await member.client.get(`/api/orders/${orderId}`)).body).toMatchObject({ paymentStatus: 'paid', costCode: '09-CA', poNumber: 'PO-9' });
  });

  it('without rules a cost code is optional, but must be the project’s and needs a firm', async () => {
    const { member, towerId } = await firmWithProjects();
    const plain = await member.client.post('/api/create-payment-intent', await body(member, { paymentMethod: 'invoice', projectId: towerId }));
    expect(plain.status, plain.text).toBe(201);
    const wrong = await member.client.post('/api/create-payment-intent', await body(member, { projectId: towerId, costCode: 'NOPE' }));
    expect(wrong.status).toBe(400);
    const loner = await signedInPerson(shop);
    const noFirm = await loner.client.post('/api/create-payment-intent', await body(loner, { costCode: '04-REIMB' }));
    expect(noFirm.status).toBe(400);
    expect(noFirm.body.message).toBe('Cost codes are for orders of a firm. Please leave the cost code out.');
    const tooLong = await member.client.post('/api/create-payment-intent', await body(member, { projectId: towerId, costCode: 'x'.repeat(31) }));
    expect(tooLong.status).toBe(400);
  });
});
