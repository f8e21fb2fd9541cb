/**
 * A firm's approval of members' orders over its limit, through the API: such an order waits
 * (unpaid underneath, so the counter cannot see it; no invoice), its approvers are emailed, and one
 * decision is made exactly once even when two approvers answer at the same moment. A decline
 * cancels it and tells the placer; a withdrawn order cannot be approved; 7 days' wait cancels it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { adminClient } from '#test/helpers/adminTestKit';
import type { TestClient } from '#test/helpers/client';
import { firmOnAccount, orderOnAccount, signedInPerson, type FirmPerson } from '#test/helpers/onAccount';
import type { OrderJson } from '#shared/orderJson';
import type { WaitingOrderJson } from '#shared/approval';

let shop: TestShop;
let admin: TestClient;
shopForFile((s) => (shop = s));
beforeAll(async () => {
  admin = await adminClient(shop);
});

/** A firm on Net 30 whose members' orders over $1.00 wait, with an owner, an approver and a member. */
async function firmWithApproval() {
  const firm = await firmOnAccount(shop, { creditLimitCents: 500000 });
  const approver = await signedInPerson(shop, 'Ada');
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${approver.id}, ${firm.firmId}, 'approver')`;
  const rules = await firm.owner.client.patch(`/api/firms/${firm.firmId}`, { rules: { approvalOverDollars: 1 } });
  expect(rules.status, rules.text).toBe(200);
  return { ...firm, approver };
}

async function waitingOrder(who: FirmPerson): Promise<string> {
  const placed = await orderOnAccount(shop, who);
  expect(placed.status, placed.text).toBe(201);
  expect(placed.body).toMatchObject({ paymentStatus: 'awaiting_approval', clientSecret: null, invoice: null });
  return placed.body.orderId as string;
}

const invoicesOf = async (orderId: string) => (await shop.sql<{ n: number }[]>`select count(*)::int as n from invoices where order_id = ${orderId}`)[0].n;
const emailsOf = (orderId: string, kind: string) =>
  shop.sql<{ to_address: string; subject: string; text_body: string }[]>`
    select to_address, subject, text_body from emails where order_id = ${orderId} and kind = ${kind} order by to_address`;

describe('an order over the approval limit', () => {
  it('waits unseen by the counter, with no invoice, and its approvers are emailed a link', async () => {
    const { firmId, owner, approver, member } = await firmWithApproval();
    const orderId = await waitingOrder(member);
    const order = (await member.client.get(`/api/orders/${orderId}`)).body as OrderJson;
    expect(order.paymentStatus).toBe('awaiting_approval');
    expect(order.statusText).toBe('Awaiting approval — waiting for Olive Builder or Ada Builder to approve it. Nothing is charged or printed until then.');
    expect(order.approval).toMatchObject({ state: 'waiting', waitsFor: 'Olive Builder or Ada Builder', decidedBy: null });
    expect(await invoicesOf(orderId)).toBe(0);
    const [row] = await shop.sql`select payment_status, status, approval_state from orders where id = ${orderId}`;
    expect(row).toEqual({ payment_status: 'unpaid', status: 'pending', approval_state: 'waiting' });
    // The counter does not see it, like an unpaid order.
    expect((await admin.get(`/api/orders/${orderId}`)).status).toBe(404);
    expect((await admin.bytes(`/api/admin/job-ticket/${orderId}`)).status).toBe(404);

    const asked = await emailsOf(orderId, 'approval_request');
    expect(asked.map((e) => e.to_address).sort()).toEqual([approver.email, owner.email].sort());
    for (const email of asked) expect(email.text_body).toContain(`/firm/approvals/${orderId}`);

    // The placer finds it among their orders; the firm's list of placed orders does not count it yet.
    const mine = (await member.client.get('/api/orders')).body as OrderJson[];
    expect(mine.map((o) => [o.id, o.paymentStatus])).toEqual([[orderId, 'awaiting_approval']]);
    expect(((await owner.client.get('/api/orders?scope=firm')).body as OrderJson[]).map((o) => o.id)).not.toContain(orderId);

    const list = await approver.client.get(`/api/firms/${firmId}/approvals`);
    expect(list.status).toBe(200);
    expect((list.body.orders as WaitingOrderJson[]).map((o) => o.orderId)).toEqual([orderId]);
    expect((await approver.client.get(`/api/firms/${firmId}/approvals/${orderId}`)).body).toMatchObject({ id: orderId, paymentStatus: 'awaiting_approval' });
    // The clean-up of abandoned checkouts leaves it alone.
    await shop.sql`update orders set created_at = now() - interval '3 days' where id = ${orderId}`;
    await shop.runCron('orders__cleanup_unpaid');
    expect((await shop.sql`select id from orders where id = ${orderId}`).length).toBe(1);
  });

  it('an approver’s or owner’s own order, and a member’s order under the limit, are invoiced at once', async () => {
    const { firmId, owner, approver, member } = await firmWithApproval();
    for (const who of [owner, approver]) {
      const placed = await orderOnAccount(shop, who);
      expect(placed.status, placed.text).toBe(201);
      expect(placed.body.paymentStatus).toBe('invoiced');
    }
    expect((await owner.client.patch(`/api/firms/${firmId}`, { rules: { approvalOverDollars: 100000 } })).status).toBe(200);
    const under = await orderOnAccount(shop, member);
    expect(under.body.paymentStatus).toBe('invoiced');
  });
  // A member's card order over the limit: firmApprovalsCard.test.ts.
});

describe('deciding', () => {
  it('two approvers at the same moment make one decision and one invoice; the order goes to the print queue', async () => {
    const { firmId, owner, approver, member } = await firmWithApproval();
    const orderId = await waitingOrder(member);
    const url = `/api/firms/${firmId}/approvals/${orderId}`;
    const answers = await Promise.all([owner.client.post(url, { decision: 'approve' }), approver.client.post(url, { decision: 'approve' })]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    expect(answers.map((a) => a.body.alreadyDecided).sort()).toEqual([false, true]);
    expect(await invoicesOf(orderId)).toBe(1);
    const decidedBy = answers.find((a) => !a.body.alreadyDecided)!.body.approval.decidedBy;
    for (const a of answers) expect(a.body.approval).toMatchObject({ state: 'approved', decidedBy });

    // A later decline answers what was decided, and changes nothing.
    const late = await owner.client.post(url, { decision: 'decline', reason: 'Too late' });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({
      alreadyDecided: true,
      approval: { state: 'approved', reason: null },
      order: { paymentStatus: 'invoiced', status: 'pending' },
    });
    await shop.runJobs();
    expect(await invoicesOf(orderId)).toBe(1);
    // Its print files were built, as for an order placed on account at once: it waits on the production queue.
    const files = await admin.get(`/api/admin/orders/${orderId}/print-files`);
    expect(files.status, files.text).toBe(200);
    expect(files.body.length).toBeGreaterThan(0);
    const [ready] = await shop.sql<{ ready_by: Date | null }[]>`select ready_by from orders where id = ${orderId}`;
    expect(ready.ready_by).not.toBeNull();
    const seen = await admin.get(`/api/orders/${orderId}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ paymentStatus: 'invoiced', status: 'pending' });
    expect((await member.client.get(`/api/orders/${orderId}`)).body.statusText).toMatch(/^Invoiced to your firm — in the print queue/);
    // Its print files were built at the approval, as at any placement on account: the counter can print it.
    const queued = ((await admin.get('/api/admin/production')).body as { orderId: string }[]).filter((b) => b.orderId === orderId);
    expect(queued.length).toBeGreaterThan(0);
    expect((await admin.get(`/api/admin/orders/${orderId}/print-files`)).body).toHaveLength(queued.length);
    expect((await approver.client.get(`/api/firms/${firmId}/approvals`)).body.orders).toEqual([]);
  });

  it('a decline cancels the order with the reason and emails the placer', async () => {
    const { firmId, approver, member } = await firmWithApproval();
    const orderId = await waitingOrder(member);
    const res = await approver.client.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'decline', reason: 'Print half-size sets instead' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.order).toMatchObject({
      status: 'failed',
      paymentStatus: 'unpaid',
      statusText: 'Cancelled — declined by Ada Builder: Print half-size sets instead',
    });
    const again = await approver.client.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'approve' });
    expect(again.body).toMatchObject({ alreadyDecided: true, approval: { state: 'declined', reason: 'Print half-size sets instead' } });
    expect(await invoicesOf(orderId)).toBe(0);
    const told = await emailsOf(orderId, 'approval_declined');
    expect(told).toHaveLength(1);
    expect(told[0].to_address).toBe(member.email);
    expect(told[0].text_body).toContain('Print half-size sets instead');
  });

  it('a plain member 403, an outsider or another firm 404, bad bodies 400, and nothing changes', async () => {
    const { firmId, member } = await firmWithApproval();
    const orderId = await waitingOrder(member);
    const url = `/api/firms/${firmId}/approvals/${orderId}`;
    expect((await member.client.post(url, { decision: 'approve' })).status).toBe(403);
    expect((await member.client.get(`/api/firms/${firmId}/approvals`)).status).toBe(403);
    expect((await (await signedInPerson(shop)).client.post(url, { decision: 'approve' })).status).toBe(404);
    const rival = await firmWithApproval();
    expect((await rival.owner.client.post(url, { decision: 'approve' })).status).toBe(404);
    expect((await rival.owner.client.post(`/api/firms/${rival.firmId}/approvals/${orderId}`, { decision: 'approve' })).status).toBe(404);
    for (const [bad, message] of [
      [{ decision: 'maybe' }, 'decision must be approve or decline'],
      [{}, 'decision must be approve or decline'],
      [{ decision: 'decline', reason: 'x'.repeat(501) }, 'reason must be at most 500 characters'],
    ] as const) {
      const res = await rival.owner.client.post(`/api/firms/${rival.firmId}/approvals/${orderId}`, bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const [row] = await shop.sql`select approval_state, payment_status from orders where id = ${orderId}`;
    expect(row).toEqual({ approval_state: 'waiting', payment_status: 'unpaid' });
  });

  it('an order its placer withdrew cannot be approved (409)', async () => {
    const { firmId, owner, member } = await firmWithApproval();
    const orderId = await waitingOrder(member);
    const withdrawn = await member.client.post(`/api/orders/${orderId}/withdraw`, {});
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.body).toMatchObject({ status: 'failed', approval: { state: 'withdrawn' } });
    const res = await owner.client.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'approve' });
    expect(res.status).toBe(409);
    expect(res.body.message).toContain('was cancelled by the person who placed it');
    expect(await invoicesOf(orderId)).toBe(0);
    expect((await member.client.post(`/api/orders/${orderId}/withdraw`, {})).status).toBe(409);
  });
});

describe('orders__expire_approvals', () => {
  it('cancels an order that waited 7 days, once, and tells its placer', async () => {
    const { firmId, owner, member } = await firmWithApproval();
    const old = await waitingOrder(member);
    const fresh = await waitingOrder(member);
    await shop.sql`update orders set approval_requested_at = now() - interval '7 days 1 minute' where id = ${old}`;
    await shop.runCron('orders__expire_approvals');
    await shop.runCron('orders__expire_approvals');
    const [row] = await shop.sql`select status, approval_state from orders where id = ${old}`;
    expect(row).toEqual({ status: 'failed', approval_state: 'expired' });
    expect((await shop.sql`select approval_state from orders where id = ${fresh}`)[0].approval_state).toBe('waiting');
    const told = await emailsOf(old, 'approval_expired');
    expect(told).toHaveLength(1);
    expect(told[0].to_address).toBe(member.email);
    const res = await owner.client.post(`/api/firms/${firmId}/approvals/${old}`, { decision: 'approve' });
    expect(res.status).toBe(409);
    expect((await member.client.get(`/api/orders/${old}`)).body.statusText).toBe(
      'Cancelled — no one approved this order within 7 days. Nothing was charged or printed.',
    );
  });
});
