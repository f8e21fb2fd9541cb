/**
 * Print-ready files from a real order: two files (ARCH D + ANSI D in black, ARCH E1 in red) uploaded
 * and analysed, bought as drawn with 2 sets and 1 half-size set, paid by card. The job builds one
 * batch per paper and ink, the admin API lists them in the shape and serves each PDF, a second
 * run builds nothing, and a rebuild after the files were deleted says so.
 */
import { describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { adminClient } from '#test/helpers/adminTestKit';
import { paidMixedOrder } from '#test/helpers/production';
import { inkBoxInches, maxChroma, renderWithPoppler } from '#test/helpers/pagePixels';
import { addJob } from '#core/lib/db';

let shop: TestShop;
shopForFile((s) => (shop = s));

function pageBounds(pdf: Buffer): number[][] {
  const doc = mupdf.Document.openDocument(pdf, 'application/pdf');
  try {
    return Array.from({ length: doc.countPages() }, (_, i) => doc.loadPage(i).getBounds());
  } finally {
    doc.destroy();
  }
}

const paidOrder = () => paidMixedOrder(shop);

describe('print_batches__build', () => {
  it('builds one file per paper and ink of a paid order, listed and served to the admin', async () => {
    const orderId = await paidOrder();
    const admin = await adminClient(shop);
    const res = await admin.get(`/api/admin/orders/${orderId}/print-files`);
    expect(res.status).toBe(200);
    const files = res.body as { batchId: string; paper: string; ink: string; sets: number; halfSize: boolean; pages: number; bytes: number; url: string }[];
    expect(files.map((f) => [f.paper, f.ink, f.sets, f.halfSize, f.pages])).toEqual([
      ['24x36', 'bw', 2, false, 5],
      ['30x42', 'color', 2, false, 3],
      ['12x18', 'bw', 1, true, 3],
      ['15x21', 'color', 1, true, 2],
    ]);
    for (const f of files) {
      expect(Object.keys(f).sort()).toEqual(['batchId', 'bytes', 'halfSize', 'ink', 'pages', 'paper', 'recipientId', 'sets', 'url']);
      expect(f).toMatchObject({ recipientId: null, url: `/api/admin/print-files/${f.batchId}` });
    }

    const paperPts: Record<string, number[]> = {
      '24x36': [0, 0, 1728, 2592],
      '30x42': [0, 0, 2160, 3024],
      '12x18': [0, 0, 864, 1296],
      '15x21': [0, 0, 1080, 1512],
    };
    for (const f of files) {
      const pdf = await admin.bytes(f.url);
      expect(pdf.status).toBe(200);
      expect(pdf.body.length).toBe(f.bytes);
      const bounds = pageBounds(pdf.body);
      expect(bounds.length).toBe(f.pages);
      for (const b of bounds) expect(b).toEqual(paperPts[f.paper]);
      const sheet = await renderWithPoppler(pdf.body, 1, 10);
      if (f.ink === 'bw') expect(maxChroma(sheet)).toBe(0);
      else expect(maxChroma(sheet)).toBeGreaterThan(100);
    }

    // The half-size ARCH D sheet: its 4 pt border 0.5" inside the sheet, at 50%.
    const half = await admin.bytes(files[2].url);
    const box = inkBoxInches(await renderWithPoppler(half.body, 1, 40));
    expect(box?.width).toBeCloseTo((24 * 72 - 68) / 2 / 72, 1);
    expect(box?.height).toBeCloseTo((36 * 72 - 68) / 2 / 72, 1);

    // Run again: nothing new is planned or built.
    const before = await shop.sql`select id, bytes, built_at from print_batches where order_id = ${orderId} order by id`;
    await addJob(shop.sql, 'print_batches__build', { orderId });
    await shop.runJobs();
    expect(await shop.sql`select id, bytes, built_at from print_batches where order_id = ${orderId} order by id`).toEqual(before);
  });

  it("builds each recipient's package on its own: their sets and their sheets, under their name", async () => {
    const orderId = await paidMixedOrder(shop, {
      recipients: [
        { name: 'Owner', delivery: 'pickup', sets: 1 },
        { name: 'Pat Steel', company: 'Keystone Steel', delivery: 'pickup', sets: 0, halfSets: 1, sheets: [3] },
      ],
    });
    const recipients = await shop.sql<{ id: string; name: string }[]>`select id, name from order_recipients where order_id = ${orderId} order by position`;
    const batches = await shop.sql<{ recipient_id: string | null; recipient_name: string; paper: string; ink: string; sets: number; positions: number[] }[]>`
      select recipient_id, recipient_name, paper, ink, sets, positions from print_batches where order_id = ${orderId} order by recipient_name, paper`;
    expect(batches).toEqual([
      { recipient_id: recipients[0].id, recipient_name: 'Owner', paper: '24x36', ink: 'bw', sets: 1, positions: [1, 2] },
      { recipient_id: recipients[0].id, recipient_name: 'Owner', paper: '30x42', ink: 'color', sets: 1, positions: [3] },
      { recipient_id: recipients[1].id, recipient_name: 'Pat Steel, Keystone Steel', paper: '15x21', ink: 'color', sets: 1, positions: [3] },
    ]);
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${orderId}/print-files`)).body as { recipientId: string | null; url: string }[];
    expect(files.map((f) => f.recipientId).sort()).toEqual([recipients[0].id, recipients[0].id, recipients[1].id].sort());
  });

  it('says the files are gone when a batch is rebuilt after they were deleted', async () => {
    const orderId = await paidOrder();
    // As if the first build had been killed before its last file, and the files later deleted.
    await shop.sql`update print_batches set built_at = null, file_key = null where order_id = ${orderId} and half_size`;
    await shop.sql`update orders set file_deleted_at = '2026-12-10T12:00:00Z' where id = ${orderId}`;
    await addJob(shop.sql, 'print_batches__build', { orderId });
    await shop.runJobs();
    const rows = await shop.sql<{ half_size: boolean; message: string | null }[]>`select half_size, message from print_batches where order_id = ${orderId}`;
    const number = orderId.slice(-8).toUpperCase();
    for (const r of rows) {
      expect(r.message).toBe(r.half_size ? `The drawing files of order ${number} were deleted on 2026-12-10: its print files cannot be built again.` : null);
    }
    const admin = await adminClient(shop);
    expect((await admin.get(`/api/admin/orders/${orderId}/print-files`)).body).toHaveLength(2);
  });

  it('answers 401 without the admin, 404 for an unknown order or file', async () => {
    const anon = shop.client();
    expect((await anon.get('/api/admin/orders/7f6f5f8e-1b1c-4a55-9c55-1c2b3d4e5f60/print-files')).status).toBe(401);
    const admin = await adminClient(shop);
    const unknown = await admin.get('/api/admin/orders/7f6f5f8e-1b1c-4a55-9c55-1c2b3d4e5f60/print-files');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found.');
    expect((await admin.get('/api/admin/orders/not-an-id/print-files')).status).toBe(404);
    expect((await admin.get('/api/admin/print-files/7f6f5f8e-1b1c-4a55-9c55-1c2b3d4e5f60')).body.message).toBe('Print file not found.');
  });

  it("deletes the print files with the order's files after printing, and lists them no more", async () => {
    const orderId = await paidMixedOrder(shop);
    const keys = (await shop.sql<{ file_key: string }[]>`select file_key from print_batches where order_id = ${orderId}`).map((r) => r.file_key);
    expect(keys).toHaveLength(4);
    await shop.sql`update orders set status = 'completed', completed_at = now() - interval '30 days' where id = ${orderId}`;
    await addJob(shop.sql, 'orders__delete_files', {});
    await shop.runJobs();
    for (const key of keys) expect(await shop.ctx.storage.stat(key)).toBeNull();
    const admin = await adminClient(shop);
    expect((await admin.get(`/api/admin/orders/${orderId}/print-files`)).body).toEqual([]);
  });
});
