/** A paid order of a mixed set, through the real upload, analysis, checkout and card, with its print files built. */
import { expect } from 'vitest';
import { ANSI_D, ARCH_D, ARCH_E1, makeDrawingPdf } from './pdf';
import { CUSTOMER, pickupBody } from './checkout';
import type { TestClient } from './client';
import type { TestShop } from './shop';
import { buildOrder } from './factories';
import { NO_FINISHING } from '#shared/finishing';
import { planPrintBatches, recordPrintFile } from '#core/production/commands/printBatches';

async function uploadAndAnalyze(shop: TestShop, client: TestClient, bytes: Buffer, name: string): Promise<string> {
  const form = new FormData();
  form.append('pdf', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name);
  const res = await client.request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  await shop.runJobs();
  return res.body.uploadId;
}

/** What the order buys beyond the defaults: rush, a distribution list, other copies, finishing. */
export type MixedOrderOptions = {
  rush?: boolean;
  recipients?: Record<string, unknown>[];
  sets?: number;
  halfSets?: number;
  reducedSets?: number;
  /** `auto` unless said: `bw` prints the red ARCH E1 in black too. */
  printType?: 'auto' | 'bw';
  finishing?: Record<string, unknown>;
  halfFinishing?: Record<string, unknown>;
};

/**
 * ARCH D + ANSI D in black (one file), ARCH E1 in red (another), as drawn, `auto` ink, 2 sets and
 * 1 half-size set (unless `options` say other copies), paid by the built-in card: four batches
 * (24x36 B&W, 30x42 color, 12x18 B&W, 15x21 color). Resolves with the order's id.
 */
export async function paidMixedOrder(shop: TestShop, options: MixedOrderOptions = {}): Promise<string> {
  const client = shop.client();
  const first = await uploadAndAnalyze(shop, client, await makeDrawingPdf({ sheets: [ARCH_D, ANSI_D] }), 'A.pdf');
  const second = await uploadAndAnalyze(shop, client, await makeDrawingPdf({ sheets: [ARCH_E1], ink: '#d01010' }), 'B.pdf');
  const { uploadId: _one, ...body } = pickupBody('', {
    ...CUSTOMER,
    printSize: 'asDrawn',
    printType: options.printType ?? 'auto',
    sets: options.sets ?? 2,
    halfSets: options.halfSets ?? 1,
    ...(options.reducedSets !== undefined ? { reducedSets: options.reducedSets } : {}),
    ...(options.finishing ? { finishing: options.finishing } : {}),
    ...(options.halfFinishing ? { halfFinishing: options.halfFinishing } : {}),
    jobName: 'Riverside Clinic',
    rushOrder: options.rush ?? false,
  });
  // With a distribution list, the copies and the delivery are each recipient's own.
  const { sets: _s, halfSets: _h, shippingMethod: _m, rateId: _r, shippingAddress: _a, ...shared } = body as Record<string, unknown>;
  const request = options.recipients ? { ...shared, recipients: options.recipients } : body;
  const placed = await client.post('/api/create-payment-intent', { ...request, uploadIds: [first, second] });
  expect(placed.status).toBe(201);
  const orderId: string = placed.body.orderId;
  expect((await client.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242424242424242' })).body.status).toBe('succeeded');
  await shop.runJobs();
  await shop.runJobs();
  return orderId;
}

/** A paid order whose one B&W 24x36 batch of `pages` pages is built and waits for a printer (load for the queue's promises). */
export async function waitingBatch(shop: TestShop, pages: number): Promise<string> {
  const order = await buildOrder(shop, { paymentStatus: 'paid', pages: 40 });
  return shop.sql.begin(async (tx) => {
    const pkg = {
      recipientKey: 'customer',
      recipientId: null,
      name: 'Filler',
      sets: 1,
      halfSets: 0,
      reducedSets: 0,
      finishing: NO_FINISHING,
      halfFinishing: NO_FINISHING,
      positions: [1],
    };
    const [batch] = await planPrintBatches(tx, {
      orderId: order.id,
      pkg,
      batches: [{ paper: '24x36', ink: 'bw', halfSize: false, sets: 90, positions: [1], finishing: NO_FINISHING }],
    });
    await recordPrintFile(tx, { batchId: batch.id, fileKey: `print-files/${order.id}/${batch.id}.pdf`, pages, bytes: 1000 });
    return batch.id;
  });
}
