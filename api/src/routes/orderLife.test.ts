/**
 * An order's life through the commands and the one table of transitions, over HTTP with a real
 * worker's tasks: the counter cannot print or complete an unpaid order, emails follow real changes
 * only (after the undo window), a label is never "on its way" before the order is, and a payment for
 * a cancelled order is given back.
 */
import { describe, expect, it } from 'vitest';
import { orderNumberOf } from '#shared/fields';
import { adminClient } from '#test/helpers/adminTestKit';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { buildOrder } from '#test/helpers/factories';
import { shopForFile, type TestShop } from '#test/helpers/shop';

let shop: TestShop;
shopForFile((s) => (shop = s));

/** An unpaid order placed through the checkout by a new browser. */
async function unpaidOrder() {
  const { client, upload } = await browserWithUpload(shop);
  const placed = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
  expect(placed.status).toBe(201);
  return { client, orderId: placed.body.orderId as string };
}

/** Lets every waiting job go (the undo window passes) and runs the queue dry. */
async function afterUndoWindow() {
  await shop.fastForwardJobs();
  await shop.runJobs();
}

const emailsOf = (orderId: string) =>
  shop.sql<{ kind: string; subject: string }[]>`select kind, subject from emails where order_id = ${orderId} order by created_at`;

describe('an unpaid order', () => {
  it('cannot be printed or completed (409, nothing sent); once paid it enters the queue as pending', async () => {
    const admin = await adminClient(shop);
    const { client, orderId } = await unpaidOrder();
    const number = orderNumberOf(orderId);
    for (const status of ['completed', 'processing']) {
      const refused = await admin.patch(`/api/orders/${orderId}/status`, { status });
      expect(refused.status).toBe(409);
      expect(refused.body.message).toBe(`Order ${number} is not paid yet: it cannot be printed or completed.`);
    }
    await afterUndoWindow();
    expect(await emailsOf(orderId)).toEqual([]);
    expect(await shop.sql`select 1 from graphile_worker.jobs where task_identifier = 'orders__buy_label'`).toHaveLength(0);

    const paid = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.body.status).toBe('succeeded');
    await shop.runJobs();
    const order = await client.get(`/api/orders/${orderId}`);
    expect(order.body).toMatchObject({ status: 'pending', paymentStatus: 'paid' });
    expect(order.body.statusText).toMatch(/^Paid — in the print queue, ready .+ by \d{1,2}:\d\d [AP]M\.$/);
    expect((await emailsOf(orderId)).map((e) => e.kind)).toEqual(['order_confirmation']);
  });

  it('may be cancelled quietly, and then takes no payment at the checkout', async () => {
    const admin = await adminClient(shop);
    const { client, orderId } = await unpaidOrder();
    const cancelled = await admin.patch(`/api/orders/${orderId}/status`, { status: 'failed' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.statusChange).toMatchObject({ emailQueued: false });
    const message = 'This order was cancelled by the shop, so it cannot be paid. Please start a new order.';
    const [{ upload_id: uploadId }] = await shop.sql`select upload_id from orders where id = ${orderId}`;
    const repriced = await client.post('/api/create-payment-intent', { ...pickupBody(uploadId, CUSTOMER), orderId, updateOnly: true });
    expect([repriced.status, repriced.body.message]).toEqual([409, message]);
    const paid = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    expect([paid.status, paid.body.message]).toEqual([400, message]);
    await afterUndoWindow();
    const [intent] = await shop.sql`select status from demo_payment_intents where order_id = ${orderId}`;
    expect(intent.status).not.toBe('succeeded');
    expect(await emailsOf(orderId)).toEqual([]);
  });

  it('cancelled while its payment was on the way: the payment is refunded, not printed, and the customer told', async () => {
    const admin = await adminClient(shop);
    const { client, orderId } = await unpaidOrder();
    // The card goes through; the counter cancels before the payment is recorded.
    const paid = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' });
    expect(paid.body.status).toBe('succeeded');
    const cancelled = await admin.patch(`/api/orders/${orderId}/status`, { status: 'failed' });
    expect(cancelled.status).toBe(200);
    await afterUndoWindow();
    const [row] = await shop.sql`select status, payment_status, refunded_at, receipt_key from orders where id = ${orderId}`;
    expect(row).toMatchObject({ status: 'failed', payment_status: 'refunded', receipt_key: null });
    expect(row.refunded_at).not.toBeNull();
    const [intent] = await shop.sql`select status from demo_payment_intents where order_id = ${orderId}`;
    expect(intent.status).toBe('refunded');
    expect(await emailsOf(orderId)).toEqual([{ kind: 'order_cancelled_refund', subject: `Your payment for order ${orderNumberOf(orderId)} was refunded` }]);
    const [mail] = await shop.sql<{ text_body: string }[]>`select text_body from emails where order_id = ${orderId}`;
    expect(mail.text_body).toContain('had been cancelled before your payment of $');
    // Run twice, it refunds and tells once.
    await shop.sql`select graphile_worker.add_job('orders__refund_cancelled', json_build_object('orderId', ${orderId}::text))`;
    await shop.runJobs();
    expect(await emailsOf(orderId)).toHaveLength(1);
    expect((await client.get(`/api/orders/${orderId}`)).body.statusText).toMatch(/^Refunded/);
  });

  it('has no label (409) and no job ticket (404) for the counter', async () => {
    const admin = await adminClient(shop);
    const shipping = await buildOrder(shop, { shippingMethod: 'shipping', paymentStatus: 'unpaid' });
    const label = await admin.post(`/api/admin/generate-label/${shipping.id}`);
    expect(label.status).toBe(409);
    expect(label.body.message).toBe(`Order ${orderNumberOf(shipping.id)} is not paid yet: no label can be bought for it.`);
    const pickup = await buildOrder(shop, { paymentStatus: 'unpaid' });
    expect((await admin.post(`/api/admin/generate-label/${pickup.id}`)).status).toBe(400);
    expect((await admin.get(`/api/admin/job-ticket/${shipping.id}`)).status).toBe(404);
    // Nor any other admin read: the order, its file, its history, an export of it.
    for (const path of [
      `/api/orders/${shipping.id}`,
      `/api/admin/pdf/${shipping.id}`,
      `/api/admin/pdf/${shipping.id}?download=true`,
      `/api/admin/orders/${shipping.id}/history`,
    ]) {
      const read = await admin.get(path);
      expect([path, read.status]).toEqual([path, 404]);
    }
    const exported = await admin.post('/api/admin/export-files', { orderIds: [shipping.id] });
    expect(exported.status).toBe(200);
    await shop.runJobs();
    const status = await admin.get(`/api/admin/export-status/${exported.body.exportId}`);
    expect(status.body.status).toBe('failed');
    await afterUndoWindow();
    expect(await emailsOf(shipping.id)).toEqual([]);
  });
});

describe('a paid order', () => {
  it('says "Paid — in the print queue" until the counter starts, and a label bought early emails nothing', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop, { shippingMethod: 'shipping' });
    const seen = await shop.client().get(`/api/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
    expect(seen.body.statusText).toMatch(/^Paid — in the print queue/);
    expect(seen.body.statusText).not.toMatch(/payment is being processed/);
    const label = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(label.status).toBe(200);
    await afterUndoWindow();
    expect(await emailsOf(order.id)).toEqual([]);
    const [row] = await shop.sql`select tracking_number from orders where id = ${order.id}`;
    expect(row.tracking_number).toBe(label.body.trackingNumber);
  });

  it('sends nothing while a change can be undone, and nothing at all for an undone change', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop);
    const changed = await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    expect(changed.body.statusChange).toMatchObject({ emailQueued: true, undoSeconds: 10 });
    await shop.runJobs(); // only what is due now: the email is still waiting
    expect(await emailsOf(order.id)).toEqual([]);
    const undone = await admin.post(`/api/admin/orders/${order.id}/status/undo`, { historyId: changed.body.statusChange.historyId });
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('pending');
    await afterUndoWindow();
    expect(await emailsOf(order.id)).toEqual([]);
    const history = await admin.get(`/api/admin/orders/${order.id}/history`);
    expect(history.body).toHaveLength(1);
    expect(history.body[0].undoneAt).not.toBeNull();
    // The customer's timeline never shows the undone step.
    const [row] = await shop.sql`select access_token from orders where id = ${order.id}`;
    const seen = await shop.client().get(`/api/orders/${order.id}?token=${encodeURIComponent(row.access_token)}`);
    expect(seen.body.statusHistory.map((h: { status: string }) => h.status)).toEqual(['pending']);
    // An undo after the email went is refused, and a second undo of the same change too.
    const again = await admin.post(`/api/admin/orders/${order.id}/status/undo`, { historyId: changed.body.statusChange.historyId });
    expect(again.status).toBe(409);
    const processing = await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' });
    await afterUndoWindow();
    expect((await emailsOf(order.id)).map((e) => e.kind)).toEqual(['status_processing']);
    // The email says what the order page says.
    const [text] = await shop.sql<{ text_body: string }[]>`select text_body from emails where order_id = ${order.id}`;
    const page = await shop.client().get(`/api/orders/${order.id}?token=${encodeURIComponent(row.access_token)}`);
    expect(page.body.statusText).toMatch(/^Printing — /);
    expect(text.text_body).toContain('Where it stands: Printing — your drawings are being printed');
    const late = await admin.post(`/api/admin/orders/${order.id}/status/undo`, { historyId: processing.body.statusChange.historyId });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/^Too late to undo/);
  });

  it('emails once per real change: each change that outlives its undo window is told, the same status twice sends nothing', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop);
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' });
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    await afterUndoWindow();
    expect((await emailsOf(order.id)).map((e) => e.kind)).toEqual(['status_processing', 'status_completed']);
    await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    await afterUndoWindow();
    expect(await emailsOf(order.id)).toHaveLength(2);
  });

  it('undoing a change removes only its own email: processing, completed 2 s later, undo of completed still sends the processing email', async () => {
    const admin = await adminClient(shop);
    const order = await buildOrder(shop);
    const processing = await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' });
    expect(processing.body.statusChange).toMatchObject({ emailQueued: true });
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const completed = await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' });
    expect(completed.body.statusChange).toMatchObject({ emailQueued: true });
    const undone = await admin.post(`/api/admin/orders/${order.id}/status/undo`, { historyId: completed.body.statusChange.historyId });
    expect(undone.status).toBe(200);
    expect(undone.body.status).toBe('processing');
    await afterUndoWindow();
    const sent = await shop.sql<{ kind: string; subject: string; text_body: string; status: string }[]>`
      select kind, subject, text_body, status from emails where order_id = ${order.id} order by created_at`;
    expect(sent.map((e) => [e.kind, e.status])).toEqual([['status_processing', 'sent']]);
    expect(sent[0].subject).toBe(`Your order ${orderNumberOf(order.id)} is being printed`);
    expect(sent[0].text_body).toContain('Where it stands: Printing');
  });
});
