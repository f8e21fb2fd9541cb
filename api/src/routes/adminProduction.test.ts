/**
 * The counter's production: printers (the fresh shop's hot folder, IPP addresses checked), the queue
 * of batches by urgency and paper, sending a batch (refused with a sentence when the printer cannot
 * print it as it is), a hot folder receiving the PDF and its ticket, and a real IPP printer
 * (ippeveprinter) receiving a never-scaled job on the right media, or refusing, or gone.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import type { TestClient } from '#test/helpers/client';
import { adminClient } from '#test/helpers/adminTestKit';
import { paidMixedOrder } from '#test/helpers/production';
import { startIppPrinter, type IppPrinter } from '#test/helpers/ippPrinter';
import { freePort } from '#test/helpers/net';
import { PRINTER_URI_MESSAGE } from '#shared/production';
import { REDUCED_MARK } from '#shared/finishing';
import { pdfPageTexts } from '#test/helpers/pdfPages';
import { getJobAttributes, printJob } from '#core/services/printers/ipp';
import { printBatch, TryLaterError } from '#core/production/printing';

let shop: TestShop;
shopForFile((s) => (shop = s));

let ipp: IppPrinter;
beforeAll(async () => {
  ipp = await startIppPrinter();
}, 30_000);
afterAll(async () => {
  await ipp?.stop();
});

type QueueJson = {
  batchId: string;
  orderId: string;
  paper: string;
  ink: string;
  rush: boolean;
  state: string;
  message: string | null;
  printerId: string | null;
};

const queue = async (admin: TestClient) => (await admin.get('/api/admin/production')).body as QueueJson[];

const PLOTTER = { name: 'Plotter', connection: { kind: 'ipp', uri: '' }, papers: ['24x36', '30x42', '12x18', '15x21'], color: true, sheetsPerHour: 200 };

describe('printers', () => {
  it('a fresh shop has its counter plotter; an address that is not IPP is refused and nothing is added', async () => {
    const admin = await adminClient(shop);
    const list = (await admin.get('/api/admin/printers')).body;
    expect(list).toEqual([
      {
        id: expect.any(String),
        name: 'Counter plotter',
        connection: { kind: 'folder' },
        papers: ['24x36', '30x42', '12x18', '15x21', '11x17'],
        color: true,
        sheetsPerHour: 120,
      },
    ]);
    for (const uri of ['http://10.0.0.5/ipp/print', 'ipp://', 'lpd://printer/queue']) {
      const bad = await admin.post('/api/admin/printers', { ...PLOTTER, connection: { kind: 'ipp', uri } });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe(PRINTER_URI_MESSAGE);
    }
    expect((await admin.get('/api/admin/printers')).body).toHaveLength(1);
    expect((await shop.client().get('/api/admin/printers')).status).toBe(401);

    const made = await admin.post('/api/admin/printers', {
      ...PLOTTER,
      name: 'B&W plotter',
      color: false,
      connection: { kind: 'ipp', uri: 'ipps://10.0.0.5/ipp/print' },
    });
    expect(made.status).toBe(201);
    const changed = await admin.patch(`/api/admin/printers/${made.body.id}`, { papers: ['12x18', '24x36'], sheetsPerHour: 90 });
    expect(changed.body).toMatchObject({
      name: 'B&W plotter',
      papers: ['24x36', '12x18'],
      sheetsPerHour: 90,
      connection: { kind: 'ipp', uri: 'ipps://10.0.0.5/ipp/print' },
    });
    expect((await admin.request('DELETE', `/api/admin/printers/${made.body.id}`)).status).toBe(204);
    expect((await admin.get(`/api/admin/printers/${made.body.id}`)).status).toBe(404);
  });
});

describe('the production queue', () => {
  it('lists rush first, then by ready-by, one paper together; sending checks the printer and prints into its hot folder', async () => {
    const plain = await paidMixedOrder(shop);
    const rush = await paidMixedOrder(shop, { rush: true });
    const admin = await adminClient(shop);
    const q = (await queue(admin)).filter((b) => [plain, rush].includes(b.orderId));
    expect(q).toHaveLength(8);
    expect(q.every((b) => b.state === 'waiting')).toBe(true);
    // The rush order's batches lead each paper, and each paper's batches sit together.
    expect(q.map((b) => [b.paper, b.rush])).toEqual([
      ['24x36', true],
      ['24x36', false],
      ['30x42', true],
      ['30x42', false],
      ['12x18', true],
      ['12x18', false],
      ['15x21', true],
      ['15x21', false],
    ]);

    const bw = (await admin.post('/api/admin/printers', { ...PLOTTER, name: 'Mono', color: false, papers: ['24x36', '30x42'], connection: { kind: 'folder' } }))
      .body;
    const color30 = q.find((b) => b.orderId === rush && b.paper === '30x42')!;
    const half = q.find((b) => b.orderId === rush && b.paper === '12x18')!;
    const refusedInk = await admin.post(`/api/admin/production/${color30.batchId}/send`, { printerId: bw.id });
    expect(refusedInk.status).toBe(409);
    expect(refusedInk.body.message).toBe('Mono prints in black only: send this color batch to a color printer.');
    const refusedPaper = await admin.post(`/api/admin/production/${half.batchId}/send`, { printerId: bw.id });
    expect(refusedPaper.status).toBe(409);
    expect(refusedPaper.body.message).toBe('Mono does not take 12" x 18" paper: send this 12" x 18" black and white batch to a printer that does.');
    expect((await admin.post(`/api/admin/production/${half.batchId}/send`, {})).status).toBe(400);
    expect((await queue(admin)).find((b) => b.batchId === half.batchId)?.state).toBe('waiting');

    // The counter plotter (a hot folder) gets the PDF and its ticket, and the order is in production.
    const counter = (await admin.get('/api/admin/printers')).body.find((p: { name: string }) => p.name === 'Counter plotter');
    const sent = await admin.post(`/api/admin/production/${color30.batchId}/send`, { printerId: counter.id });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ batchId: color30.batchId, state: 'sent', printerId: counter.id });
    const [order] = await shop.sql<{ status: string }[]>`select status from orders where id = ${rush}`;
    expect(order.status).toBe('processing');
    await shop.runJobs();
    const dir = path.join(path.resolve(shop.ctx.env.DATA_DIR), 'printers', counter.id);
    const names = fs.readdirSync(dir).sort();
    expect(names).toHaveLength(2);
    expect(names.every((n) => !n.startsWith('.'))).toBe(true);
    const pdf = fs.readFileSync(
      path.join(
        dir,
        names.find((n) => n.endsWith('.pdf'))!,
      ),
    );
    expect(pdf.equals((await admin.bytes(`/api/admin/print-files/${color30.batchId}`)).body)).toBe(true);
    const ticket = JSON.parse(
      fs.readFileSync(
        path.join(
          dir,
          names.find((n) => n.endsWith('.json'))!,
        ),
        'utf8',
      ),
    );
    expect(ticket).toMatchObject({ batchId: color30.batchId, media: 'na_wide-format_30x42in', colorMode: 'color', scaling: 'none', sets: 2 });
    expect((await queue(admin)).some((b) => b.batchId === color30.batchId)).toBe(false);
    const again = await admin.post(`/api/admin/production/${color30.batchId}/send`, { printerId: counter.id });
    expect(again.status).toBe(409);
  });

  it('sends a batch to a real IPP printer: never scaled, on its media, in monochrome, the document the batch', async () => {
    const orderId = await paidMixedOrder(shop);
    const admin = await adminClient(shop);
    const printer = (await admin.post('/api/admin/printers', { ...PLOTTER, connection: { kind: 'ipp', uri: ipp.uri } })).body;
    const half = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '12x18')!;
    expect((await admin.post(`/api/admin/production/${half.batchId}/send`, { printerId: printer.id })).status).toBe(200);
    expect(await printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR, pollMs: 300 }, half.batchId)).toBe('printed');

    const [row] = await shop.sql<{ state: string; printer_job_id: number }[]>`select state, printer_job_id from print_batches where id = ${half.batchId}`;
    expect(row.state).toBe('printed');
    const job = await getJobAttributes(ipp.uri, row.printer_job_id);
    expect(job.attributes.get('print-scaling')).toEqual(['none']);
    expect(job.attributes.get('media')).toEqual(['na_arch-b_12x18in']);
    expect(job.attributes.get('print-color-mode')).toEqual(['monochrome']);
    expect(String(job.attributes.get('job-name')?.[0])).toContain(orderId.slice(-8).toUpperCase());
    const kept = ipp.documents(row.printer_job_id);
    expect(kept).toHaveLength(1);
    const batchPdf = (await admin.bytes(`/api/admin/print-files/${half.batchId}`)).body;
    expect(fs.readFileSync(kept[0]).equals(batchPdf)).toBe(true);
  }, 60_000);

  it('tries a busy printer again later, and puts a batch back to waiting with the reason when the printer is gone', async () => {
    const orderId = await paidMixedOrder(shop);
    const admin = await adminClient(shop);
    const printer = (await admin.post('/api/admin/printers', { ...PLOTTER, connection: { kind: 'ipp', uri: ipp.uri } })).body;
    const batch = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '15x21')!;
    // Another job is printing: the printer answers server-error-busy.
    const other = await printJob(ipp.uri, Buffer.from('%PDF-1.4\n%%EOF\n'), { jobName: 'other', media: 'na_arch-d_24x36in', colorMode: 'color' });
    expect(other.status).toBe(0);
    await shop.sql`update print_batches set state = 'sent', printer_id = ${printer.id} where id = ${batch.batchId}`;
    await expect(printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR }, batch.batchId)).rejects.toBeInstanceOf(TryLaterError);
    expect((await shop.sql`select state from print_batches where id = ${batch.batchId}`)[0].state).toBe('sent');

    const gone = (
      await admin.post('/api/admin/printers', { ...PLOTTER, name: 'Gone', connection: { kind: 'ipp', uri: `ipp://localhost:${await freePort()}/ipp/print` } })
    ).body;
    await shop.sql`update print_batches set printer_id = ${gone.id} where id = ${batch.batchId}`;
    expect(await printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR }, batch.batchId)).toBe('waiting');
    const listed = (await queue(admin)).find((b) => b.batchId === batch.batchId)!;
    expect(listed.state).toBe('waiting');
    expect(listed.message).toMatch(/^Gone could not be reached \(.+\): send the batch again\.$/);
    // Nothing sends it again by itself.
    expect(await printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR }, batch.batchId)).toBe('nothing');
  }, 60_000);
});

describe('reduced sets at the counter', () => {
  it('sends an 11" x 17" batch to a real IPP printer on na_ledger_11x17in; a printer without that paper is refused', async () => {
    const orderId = await paidMixedOrder(shop, { sets: 1, halfSets: 0, reducedSets: 2 });
    const admin = await adminClient(shop);
    const reduced = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '11x17' && b.ink === 'bw')!;
    const wide = (await admin.post('/api/admin/printers', { ...PLOTTER, name: 'Wide only', connection: { kind: 'folder' }, papers: ['24x36', '30x42'] })).body;
    const refused = await admin.post(`/api/admin/production/${reduced.batchId}/send`, { printerId: wide.id });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Wide only does not take 11" x 17" paper: send this 11" x 17" black and white batch to a printer that does.');
    expect((await queue(admin)).find((b) => b.batchId === reduced.batchId)?.state).toBe('waiting');

    const printer = (await admin.post('/api/admin/printers', { ...PLOTTER, name: 'Tabloid', connection: { kind: 'ipp', uri: ipp.uri }, papers: ['11x17'] }))
      .body;
    expect(printer.papers).toEqual(['11x17']);
    expect((await admin.post(`/api/admin/production/${reduced.batchId}/send`, { printerId: printer.id })).status).toBe(200);
    // The printer may still be busy with an earlier test's job: tried again, as the worker does.
    const print = async (): Promise<string> => {
      for (let attempt = 0; ; attempt++) {
        try {
          return await printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR, pollMs: 300 }, reduced.batchId);
        } catch (error) {
          if (!(error instanceof TryLaterError) || attempt > 60) throw error;
          await new Promise((r) => setTimeout(r, 500));
        }
      }
    };
    expect(await print()).toBe('printed');
    const [row] = await shop.sql<{ printer_job_id: number }[]>`select printer_job_id from print_batches where id = ${reduced.batchId}`;
    const job = await getJobAttributes(ipp.uri, row.printer_job_id);
    expect(job.attributes.get('media')).toEqual(['na_ledger_11x17in']);
    expect(job.attributes.get('print-scaling')).toEqual(['none']);
    expect(job.attributes.get('print-color-mode')).toEqual(['monochrome']);
    // Printed: off the queue, and listed among what printed lately, for a reprint.
    expect((await queue(admin)).some((b) => b.batchId === reduced.batchId)).toBe(false);
    const printed = (await admin.get('/api/admin/production/printed')).body as QueueJson[];
    expect(printed.find((b) => b.batchId === reduced.batchId)).toMatchObject({ paper: '11x17', state: 'printed' });
    expect((await shop.client().get('/api/admin/production/printed')).status).toBe(401);
  }, 60_000);

  it('reprints spoiled pages of a reduced batch as a reduced batch: fit to 11" x 17" and marked', async () => {
    const orderId = await paidMixedOrder(shop, { sets: 1, halfSets: 0, reducedSets: 2 });
    const admin = await adminClient(shop);
    const reduced = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '11x17' && b.ink === 'bw')!;
    // Pages 2–5: set 1 (ARCH D, ANSI D), set 2 (ARCH D, ANSI D); typed as the counter types them.
    const res = await admin.post(`/api/admin/production/${reduced.batchId}/reprint`, { pages: '3, 4-5' });
    expect(res.status).toBe(202);
    const bad = await admin.post(`/api/admin/production/${reduced.batchId}/reprint`, { pages: '3, five' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('"five" is not a page number. Write page numbers such as 3, 5-7.');
    await shop.runJobs();
    const listed = (await queue(admin)).find((b) => b.batchId === res.body.batchId);
    expect(listed).toMatchObject({ orderId, paper: '11x17', ink: 'bw', pages: 4, state: 'waiting' });
    const [row] = await shop.sql<{ positions: number[] }[]>`select positions from print_batches where id = ${res.body.batchId}`;
    expect(row.positions).toEqual([2, 1, 2]);
    const pdf = (await admin.bytes(`/api/admin/print-files/${res.body.batchId}`)).body;
    const texts = await pdfPageTexts(pdf);
    expect(texts[0]).toContain('REDUCED SETS');
    for (const page of texts.slice(1)) expect(page.replace(/\s+/g, ' ')).toContain(REDUCED_MARK);
  });
});

describe('a printer that aborts the job', () => {
  it("fails the batch with the printer's reason, shown on the queue", async () => {
    const jammed = await startIppPrinter('Jammed Plotter', { command: '/bin/false' });
    try {
      const orderId = await paidMixedOrder(shop);
      const admin = await adminClient(shop);
      const printer = (await admin.post('/api/admin/printers', { ...PLOTTER, name: 'Jammed', connection: { kind: 'ipp', uri: jammed.uri } })).body;
      const batch = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '12x18')!;
      expect((await admin.post(`/api/admin/production/${batch.batchId}/send`, { printerId: printer.id })).status).toBe(200);
      expect(await printBatch({ sql: shop.sql, storage: shop.ctx.storage, dataDir: shop.ctx.env.DATA_DIR, pollMs: 300 }, batch.batchId)).toBe('failed');
      const listed = (await queue(admin)).find((b) => b.batchId === batch.batchId)!;
      expect(listed.state).toBe('failed');
      expect(listed.message).toMatch(/^Jammed aborted job \d+: .+\.$/);
      // A person may send it again (to this printer or another).
      const counter = (await admin.get('/api/admin/printers')).body.find((p: { name: string }) => p.name === 'Counter plotter');
      expect((await admin.post(`/api/admin/production/${batch.batchId}/send`, { printerId: counter.id })).status).toBe(200);
    } finally {
      await jammed.stop();
    }
  }, 60_000);
});

describe('a reprint', () => {
  it('queues a batch of just the spoiled pages, built by the worker; a banner or a page past the end is a 400', async () => {
    const orderId = await paidMixedOrder(shop);
    const admin = await adminClient(shop);
    const batch = (await queue(admin)).find((b) => b.orderId === orderId && b.paper === '24x36')!;
    // Pages 2–5: set 1 (ARCH D, ANSI D), set 2 (ARCH D, ANSI D).
    for (const pages of [[1], [6], []]) {
      const bad = await admin.post(`/api/admin/production/${batch.batchId}/reprint`, { pages });
      expect(bad.status).toBe(400);
    }
    const banner = await admin.post(`/api/admin/production/${batch.batchId}/reprint`, { pages: [1, 3] });
    expect(banner.body.message).toBe('Page 1 is not a sheet of this batch: its sheets are pages 2–5 (page 1 is the banner).');
    expect((await admin.post(`/api/admin/production/${batch.batchId}/reprint`, { pages: [0, 9] })).body.message).toBe(
      'Pages 0, 9 are not sheets of this batch: its sheets are pages 2–5 (page 1 is the banner).',
    );
    const before = (await shop.sql`select count(*)::int as n from print_batches where order_id = ${orderId}`)[0].n;
    expect(before).toBe(4);

    const res = await admin.post(`/api/admin/production/${batch.batchId}/reprint`, { pages: [5] });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ reprintOf: batch.batchId, state: 'waiting' });
    await shop.runJobs();
    const listed = (await queue(admin)).find((b) => b.batchId === res.body.batchId);
    expect(listed).toMatchObject({ orderId, paper: '24x36', ink: 'bw', pages: 2, state: 'waiting' });
    const [row] = await shop.sql<{ positions: number[]; sets: number }[]>`select positions, sets from print_batches where id = ${res.body.batchId}`;
    expect(row).toEqual({ positions: [2], sets: 1 });
    // The first prints were not built again.
    expect((await shop.sql`select count(*)::int as n from print_batches where order_id = ${orderId}`)[0].n).toBe(5);
  });

  it('lists 500 batches in one answer, each paper together', async () => {
    const orderId = await paidMixedOrder(shop);
    const admin = await adminClient(shop);
    const [first] = await shop.sql<{ id: string }[]>`select id from print_batches where order_id = ${orderId} and paper = '24x36'`;
    // 496 reprints of the order's batches beside its 4: a busy day's queue.
    await shop.sql`
      insert into print_batches (order_id, recipient_name, paper, ink, half_size, sets, positions, pages, bytes, file_key, built_at, reprint_of)
      select order_id, recipient_name, paper, ink, half_size, 1, positions, pages, bytes, file_key, now(), ${first.id}
      from print_batches, generate_series(1, 124) where order_id = ${orderId}`;
    const res = await admin.get('/api/admin/production');
    expect(res.status).toBe(200);
    const mine = (res.body as QueueJson[]).filter((b) => b.orderId === orderId);
    expect(mine).toHaveLength(500);
    const papers = mine.map((b) => b.paper).filter((p, i, all) => i === 0 || all[i - 1] !== p);
    // Each paper once: its batches sit together (where each group falls depends on the other orders waiting).
    expect([...papers].sort()).toEqual(['12x18', '15x21', '24x36', '30x42']);
  });
});
