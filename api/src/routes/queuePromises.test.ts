/**
 * Promises from the production queue (docs/decisions/070) through the HTTP API: an empty queue
 * changes nothing; batches waiting for the printer push `GET /api/turnaround` and checkout's quote
 * past today’s rule, the order paid or placed on account keeps what it was shown, finishing adds its
 * minutes, a rush order waits only for what is at the printer, shipping rates date their delivery
 * from the pushed promise, and bad order parameters are refused with a sentence.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { browserWithUpload, CUSTOMER, pickupBody } from '#test/helpers/checkout';
import { firmOnAccount, orderOnAccount } from '#test/helpers/onAccount';
import { sendBatch } from '#core/production/commands/printBatches';
import { waitingBatch as waitingBatchOf } from '#test/helpers/production';
import { readyBy, turnaround } from '#shared/readyBy';

let shop: TestShop;
shopForFile((s) => (shop = s));

// Monday, Dec 7 2026, 10:00 in New York: working hours Mon-Fri 9-18.
const MONDAY_10 = '2026-12-07T10:00:00-05:00';
const at = (iso: string) => `at=${encodeURIComponent(iso)}`;
const turnaroundAt = async (query: string) => {
  const res = await shop.client().get(`/api/turnaround?${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};

const waitingBatch = (pages: number) => waitingBatchOf(shop, pages);

/** Each service's delivery date for a 3-sheet tube to Albany, quoted now. */
const deliveryDates = async (): Promise<Record<string, string>> => {
  const toAddress = { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' };
  const res = await shop.client().post('/api/shipping-rates', { toAddress, printSize: '24x36', pageCount: 3 });
  expect(res.status, res.text).toBe(200);
  return Object.fromEntries((res.body as { service: string; deliveryDate: string }[]).map((r) => [r.service, r.deliveryDate]));
};
let emptyQueueDates: Record<string, string>;

describe('an empty queue', () => {
  it('changes nothing: the turnaround is today’s rule, with or without the order, and checkout says the same', async () => {
    const base = turnaround(new Date(MONDAY_10));
    expect(await turnaroundAt(at(MONDAY_10))).toEqual({ ...base, queue: { regular: null, rush: null } });
    // 40 sheets, 3 sets folded and stapled: 1 h of printing and 12 minutes of finishing end well before 6 PM.
    const order = await turnaroundAt(`${at(MONDAY_10)}&pages=40&sets=3&fold=title_out&bind=staple_left`);
    expect(order).toEqual({ ...base, queue: { regular: null, rush: null } });

    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const intent = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
    expect(intent.status).toBe(201);
    expect(intent.body.ready).toEqual({ readyBy: readyBy(new Date(), false).toISOString(), text: expect.any(String), queue: null });
  });

  it('refuses order parameters that are not an order, with a sentence', async () => {
    for (const [query, message] of [
      ['pages=abc', 'pages must be a whole number from 0 to 1000'],
      ['pages=3&sets=101', 'sets must be a whole number from 0 to 100'],
      ['pages=3&colorPages=4', 'colorPages must be at most pages'],
      ['pages=3&fold=accordion', 'fold must be one of none, title_out'],
    ]) {
      const res = await shop.client().get(`/api/turnaround?${query}`);
      expect(res.status, query).toBe(400);
      expect(res.body.message, query).toContain(message);
    }
  });
});

describe('shipping rates', () => {
  it('quote delivery dates from today’s rule while the queue is empty', async () => {
    emptyQueueDates = await deliveryDates();
    expect(Object.keys(emptyQueueDates).length).toBeGreaterThan(1);
  });
});

describe('a full queue', () => {
  let filler: string;

  it('pushes the regular promise past today’s rule and says so; rush jumps the waiting batches', async () => {
    // 3,600 pages at the counter plotter's 120 an hour: 30 working hours.
    filler = await waitingBatch(3600);
    const t = await turnaroundAt(at(MONDAY_10));
    // Mon 10-18 (8 h), Tue and Wed (9 h each), then 4 h on Thursday: the queue is clear at 1 PM.
    expect(t.regular).toEqual({ readyBy: new Date('2026-12-10T13:00:00-05:00').toISOString(), text: 'Thursday, Dec 10 by 1:00 PM' });
    expect(t.queue.regular).toBe("The counter's queue is full today: ready Thursday, Dec 10 by 1:00 PM.");
    expect(t.rush).toEqual(turnaround(new Date(MONDAY_10)).rush);
    expect(t.queue.rush).toBeNull();
    expect(t.sameDayCutoff).toBe(turnaround(new Date(MONDAY_10)).sameDayCutoff);
  });

  it('moves every delivery date later: the tube leaves once the prints are ready, after the queue', async () => {
    // 30 working hours of waiting pages push the ready-by, so the day the tube leaves, by at least 3 open days.
    const dates = await deliveryDates();
    expect(Object.keys(dates).sort()).toEqual(Object.keys(emptyQueueDates).sort());
    for (const [service, day] of Object.entries(dates)) expect(day > emptyQueueDates[service], service).toBe(true);
  });

  it('adds the order’s own printing and its finishing: fold 20 sheets a minute, 2 minutes a set to staple', async () => {
    // 40 sheets x 3 sets = 120 sheets: 1 h after the queue → 2:00 PM.
    const plain = await turnaroundAt(`${at(MONDAY_10)}&pages=40&sets=3`);
    expect(plain.regular.text).toBe('Thursday, Dec 10 by 2:00 PM');
    // Folding 120 sheets (6 min) and stapling 3 sets (6 min): 2:12 PM, promised by 2:15 PM.
    const finished = await turnaroundAt(`${at(MONDAY_10)}&pages=40&sets=3&fold=title_out&bind=staple_left`);
    expect(finished.regular.text).toBe('Thursday, Dec 10 by 2:15 PM');
    expect(finished.queue.regular).toBe("The counter's queue is full today: ready Thursday, Dec 10 by 2:15 PM.");
    // Half-size sets print as many sheets: 3 half-size sets bound take the same 6 minutes of binding, no folding.
    const half = await turnaroundAt(`${at(MONDAY_10)}&pages=40&sets=0&halfSets=3&halfBind=staple_left`);
    expect(half.regular.text).toBe('Thursday, Dec 10 by 2:15 PM');
    // Reduced sets are printed too: 40 sheets x (1 set + 2 reduced sets) = 120 sheets, as 3 sets.
    const reduced = await turnaroundAt(`${at(MONDAY_10)}&pages=40&sets=1&reducedSets=2`);
    expect(reduced.regular.text).toBe('Thursday, Dec 10 by 2:00 PM');
  });

  it('checkout quotes the pushed promise and the paid order keeps it', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const intent = await client.post('/api/create-payment-intent', pickupBody(upload.id, CUSTOMER));
    expect(intent.status).toBe(201);
    const shown = intent.body.ready;
    const now = new Date();
    expect(Date.parse(shown.readyBy)).toBeGreaterThan(readyBy(now, false).getTime());
    expect(shown.queue).toMatch(/^The counter's queue is (full today|busy): ready /);
    // The same as the card's question for this order (3 B&W sheets, one set), asked now.
    const card = await turnaroundAt('pages=3&sets=1');
    expect(card.regular.readyBy).toBe(shown.readyBy);
    expect(card.queue.regular).toBe(shown.queue);
    const [row] = await shop.sql<{ estimated_delivery: string }[]>`select estimated_delivery from orders where id = ${intent.body.orderId}`;
    expect(row.estimated_delivery).toBe(`Ready for pickup ${shown.text.replace(/^Today/, 'today')}`);

    expect((await client.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' })).body.status).toBe(
      'succeeded',
    );
    await shop.runJobs();
    const order = await client.get(`/api/orders/${intent.body.orderId}`);
    // What was shown, or one quarter hour later when the clock crossed one between the quote and the payment.
    const step = 15 * 60_000;
    expect([shown.readyBy, new Date(Date.parse(shown.readyBy) + step).toISOString()]).toContain(order.body.readyBy);
  });

  it('an order placed on account keeps the promise its answer shows', async () => {
    const { member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const placed = await orderOnAccount(shop, member);
    expect(placed.status).toBe(201);
    expect(placed.body.paymentStatus).toBe('invoiced');
    expect(placed.body.ready.queue).toMatch(/^The counter's queue is (full today|busy): ready /);
    const [row] = await shop.sql<{ ready_by: Date }[]>`select ready_by from orders where id = ${placed.body.orderId}`;
    expect(row.ready_by.toISOString()).toBe(placed.body.ready.readyBy);
    expect(row.ready_by.getTime()).toBeGreaterThan(readyBy(new Date(), false).getTime());
  });

  it('a distribution list is promised with every package’s sheets, reduced sets and finishing, and keeps it when paid', async () => {
    const { client, upload } = await browserWithUpload(shop, { pages: 3 });
    const { shippingMethod: _m, rateId: _r, shippingAddress: _a, ...rest } = pickupBody(upload.id, CUSTOMER);
    const staple = { fold: 'none', bind: 'staple_left', holes: 0 };
    const recipients = [
      // 2 half-size sets stapled and 99 reduced sets: 303 sheets and 4 minutes of binding.
      { name: 'Field office', delivery: 'pickup', sets: 0, halfSets: 2, reducedSets: 99, halfFinishing: staple },
      { name: 'Owner', delivery: 'pickup', sets: 1 },
    ];
    const intent = await client.post('/api/create-payment-intent', { ...rest, recipients });
    expect(intent.status, intent.text).toBe(201);
    const shown = intent.body.ready;
    // The same work as one order of 3 sheets in 100 sets and 2 half-size sets stapled: 306 sheets, 4 minutes.
    const card = await turnaroundAt('pages=3&sets=100&halfSets=2&halfBind=staple_left');
    expect(shown.readyBy).toBe(card.regular.readyBy);
    expect(shown.queue).toBe(card.queue.regular);
    // The page shows the answer's promises for a list (it does not know the packages' sheets): the same.
    expect(intent.body.turnaround).toEqual(card);
    const [row] = await shop.sql<{ estimated_delivery: string }[]>`select estimated_delivery from orders where id = ${intent.body.orderId}`;
    expect(row.estimated_delivery).toBe(`Ready for pickup ${shown.text.replace(/^Today/, 'today')}`);

    const paid = await client.post('/api/payments/demo/confirm', { orderId: intent.body.orderId, cardNumber: '4242 4242 4242 4242' });
    expect(paid.body.status, paid.text).toBe('succeeded');
    await shop.runJobs();
    const order = await client.get(`/api/orders/${intent.body.orderId}`);
    const step = 15 * 60_000;
    expect([shown.readyBy, new Date(Date.parse(shown.readyBy) + step).toISOString()]).toContain(order.body.readyBy);
  });

  it('a rush order waits for the batch at the printer', async () => {
    const [printer] = await shop.sql<{ id: string }[]>`select id from printers`;
    await shop.sql.begin((tx) => sendBatch(tx, { batchId: filler, printerId: printer.id }));
    const t = await turnaroundAt(at(MONDAY_10));
    expect(t.rush.text).toBe('Thursday, Dec 10 by 1:00 PM');
    expect(t.queue.rush).toBe("The counter's queue is full today: ready Thursday, Dec 10 by 1:00 PM.");
  });
});
