/**
 * UTF-8 file names end to end: uploaded as browsers send them (raw UTF-8 in the multipart
 * `filename`, as Chromium does, and through FormData), stored and shown exactly, carried to the
 * order, its confirmation email, the admin's download (`filename*=UTF-8''…` with an ASCII
 * fallback), the export zip (the entry's UTF-8 name) and the receipt (its metadata and its text
 * exactly, drawn in the embedded fonts; an emoji, which no embedded font has, as an empty box).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as mupdf from 'mupdf';
import { startTestShop, type TestShop } from '../helpers/shop';
import type { TestClient } from '../helpers/client';
import { adminClient, unzip } from '../helpers/adminTestKit';
import { CUSTOMER, pickupBody } from '../helpers/checkout';
import { ARCH_D, makeDrawingPdf } from '../helpers/pdf';
import { orderNumberOf } from '#shared/fields';

const NAMES = ['планы-図面.pdf', 'café plan.pdf', 'Grundriß.pdf', 'Ωmega 🏗️ 設計図 (rev 2).pdf'];

let shop: TestShop;
let admin: TestClient;
let pdf: Buffer;

beforeAll(async () => {
  shop = await startTestShop();
  admin = await adminClient(shop);
  pdf = Buffer.from(await makeDrawingPdf({ pages: 1, size: ARCH_D }));
}, 60_000);

afterAll(() => shop?.close());

/** The multipart body Chromium sends: the file name as raw UTF-8 bytes, only `"` `\r` `\n` escaped. */
function chromiumMultipart(name: string): { body: Uint8Array<ArrayBuffer>; type: string } {
  const boundary = '----WebKitFormBoundaryu8TEST';
  const escaped = name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="${escaped}"\r\nContent-Type: application/pdf\r\n\r\n`, 'utf8'),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { body: new Uint8Array(body), type: `multipart/form-data; boundary=${boundary}` };
}

describe('UTF-8 file names', () => {
  it.each(NAMES)('%s is stored and shown exactly, in the order, email, admin download, zip and receipt', { timeout: 120_000 }, async (name) => {
    // Upload, both ways a browser sends it.
    const viaForm = new FormData();
    viaForm.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), name);
    const formRes = await shop.client().request('POST', '/api/upload-pdf', { body: viaForm });
    expect(formRes.status).toBe(202);
    expect(formRes.body.fileName).toBe(name);

    const customer = shop.client();
    const raw = chromiumMultipart(name);
    const up = await customer.request('POST', '/api/upload-pdf', { body: raw.body, headers: { 'content-type': raw.type } });
    expect(up.status).toBe(202);
    expect(up.body.fileName).toBe(name);
    const [row] = await shop.sql<{ file_name: string }[]>`select file_name from uploads where id = ${up.body.uploadId}`;
    expect(row.file_name).toBe(name);
    await shop.runJobs();
    const seen = await customer.get(`/api/uploads/${up.body.uploadId}`);
    expect(seen.body.status).toBe('ready');
    expect(seen.body.fileName).toBe(name);

    // Order it and pay.
    const intent = await customer.post('/api/create-payment-intent', pickupBody(up.body.uploadId, { ...CUSTOMER }));
    expect(intent.status).toBe(201);
    const orderId: string = intent.body.orderId;
    expect((await customer.post('/api/payments/demo/confirm', { orderId, cardNumber: '4242 4242 4242 4242' })).body).toEqual({ status: 'succeeded' });
    await shop.runJobs();
    const [order] = await shop.sql<{ file_name: string; payment_status: string }[]>`select file_name, payment_status from orders where id = ${orderId}`;
    expect(order).toEqual({ file_name: name, payment_status: 'paid' });
    expect((await customer.get(`/api/orders/${orderId}`)).body.fileName).toBe(name);

    // The confirmation email names the file exactly.
    const emails = await shop.sql<{ text_body: string }[]>`select text_body from emails where order_id = ${orderId}`;
    expect(emails.length).toBeGreaterThan(0);
    expect(emails.some((e) => e.text_body.includes(name))).toBe(true);

    // The admin's download: the exact name in filename*, a plain-ASCII fallback in filename.
    const download = await admin.bytes(`/api/admin/pdf/${orderId}?download=true`);
    expect(download.status).toBe(200);
    const disposition = download.headers.get('content-disposition') ?? '';
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    const star = /filename\*=UTF-8''(.+)$/.exec(disposition)?.[1] ?? '';
    expect(decodeURIComponent(star)).toBe(name);
    expect(download.body.equals(pdf)).toBe(true);

    // The export zip keeps the UTF-8 name of its entry.
    const start = await admin.post('/api/admin/export-files', { orderIds: [orderId], exportFormat: 'zip' });
    expect(start.status).toBe(200);
    await shop.runJobs();
    const zip = await admin.bytes(`/api/admin/export-download/${start.body.exportId}`);
    expect(zip.status).toBe(200);
    const entries = await unzip(zip.body);
    // Beside the drawing, its job ticket.
    expect([...entries.keys()]).toEqual([`${orderNumberOf(orderId)}-${name}`, `${orderNumberOf(orderId)}-JOB-TICKET.pdf`]);

    // The receipt: never a failure; the exact name in its metadata and on the page.
    const receipt = await customer.bytes(`/api/orders/${orderId}/receipt`);
    expect(receipt.status).toBe(200);
    const doc = mupdf.Document.openDocument(new Uint8Array(receipt.body), 'application/pdf');
    expect(doc.getMetaData('info:Subject')).toBe(name);
    const text = doc.loadPage(0).toStructuredText('preserve-whitespace').asText();
    expect(text).toContain(name.replace(/\p{Extended_Pictographic}\uFE0F?/gu, '\uFFFD'));
  });
});
