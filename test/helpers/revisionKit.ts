/** Steps the revision API tests share: upload an issue, make the order that printed it, wait for a compare. */
import { expect } from 'vitest';
import type { TestShop } from './shop';
import type { TestClient } from './client';
import { buildOrder } from './factories';
import { makeTitledSetPdf } from './pdf';
import { inchLine, planSheet } from './revisions';
import type { RevisionJson } from '#shared/revisions';

/** Uploads a PDF from `client` (which gets a session); the worker analyses it later. */
export async function uploadIssue(client: TestClient, pdf: Buffer | Promise<Buffer>): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(await pdf)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  return res.body.uploadId as string;
}

/** A paid order of the uploading browser that printed `uploadId`. */
export async function orderOfUpload(shop: TestShop, uploadId: string) {
  const [u] = await shop.sql<{ id: string; storage_key: string; file_name: string; file_size: number; session_sid: string; page_count: number }[]>`
    select id, storage_key, file_name, file_size, session_sid, page_count from uploads where id = ${uploadId}`;
  return buildOrder(shop, { sessionSid: u.session_sid, upload: u, pages: u.page_count });
}

/**
 * The revision once compared: jobs run until it is no longer comparing. A compare that finds its
 * files' reports unfinished looks again 2 s later (revisions__compare's WAIT_STEP_MS); the reports
 * have run by the time runJobs returns, so the next look is made due at once rather than waited for
 * (it still checks the reports itself, and queues itself again while any is unfinished).
 */
export async function comparedRevision(shop: TestShop, client: TestClient, revisionId: string, token = ''): Promise<RevisionJson> {
  for (let i = 0; i < 200; i++) {
    await shop.runJobs();
    const res = await client.get(`/api/revisions/${revisionId}${token}`);
    expect(res.status).toBe(200);
    if (res.body.status !== 'comparing') return res.body as RevisionJson;
    await shop.fastForwardJobs('revisions__compare');
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the revision is still comparing');
}

/**
 * A guest's paid reprint of a one-file issue of `numbers`, the sheets in `changed` redrawn (a line
 * added), and the order that printed the previous issue. The payment's reconciliation (and what it
 * queues) is left to the caller's runJobs.
 */
export async function paidReprint(shop: TestShop, client: TestClient, numbers: readonly string[], changed: readonly string[]) {
  const previous = await uploadIssue(client, makeTitledSetPdf(numbers.map((n) => planSheet(n))));
  const next = await uploadIssue(client, makeTitledSetPdf(numbers.map((n) => (changed.includes(n) ? planSheet(n, inchLine(720, 1440)) : planSheet(n)))));
  await shop.runJobs();
  const previousOrderId = (await orderOfUpload(shop, previous)).id;
  const started = await client.post('/api/revisions', { previousOrderId, uploadIds: [next] });
  expect(started.status, started.text).toBe(202);
  await comparedRevision(shop, client, started.body.revisionId);
  const placed = await client.post('/api/create-payment-intent', {
    revisionId: started.body.revisionId,
    printSize: '24x36',
    printType: 'bw',
    shippingMethod: 'pickup',
    customerEmail: 'ada@example.com',
    customerFirstName: 'Ada',
    customerLastName: 'Lovelace',
  });
  expect(placed.status, placed.text).toBe(201);
  const orderId = placed.body.orderId as string;
  const paid = await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' });
  expect(paid.body).toEqual({ status: 'succeeded' });
  return { orderId, previousOrderId };
}
