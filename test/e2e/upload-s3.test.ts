/**
 * The upload area with S3 (s3rver): the browser sends the PDF straight to the bucket with the
 * presigned POST the shop hands out, then tells the shop it is done; the web process never carries
 * the file. A file that only claims to be a PDF is turned down by the analysis, with the same words
 * as the multipart upload's 415.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Request } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { startTestS3, type TestS3 } from '../helpers/s3rver';
import { newPage, screenshot, watchPageErrors } from '../helpers/browser';
import { ARCH_D, makeDrawingPdf } from '../helpers/pdf';
import { uploadFileKey } from '#core/services/storage/keys';

let s3: TestS3;
let shop: TestShop;
let browser: Browser;
// s3rver's hooks come first, so it starts before the shop that points at it and stops after it.
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => {
  await s3?.close();
});
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { shop: () => ({ env: s3.env }) });

/** The landing page, with every POST the page sends noted as "host path". */
async function openLanding(): Promise<{ page: Page; posts: string[] }> {
  const page = await newPage(browser);
  const posts: string[] = [];
  page.on('request', (req: Request) => {
    if (req.method() !== 'POST') return;
    const url = new URL(req.url());
    posts.push(`${url.host} ${url.pathname}`);
  });
  await page.goto(`${shop.url}/`);
  await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 15_000 });
  return { page, posts };
}

function toast(page: Page, text: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: false })
    .first();
}

describe('the upload area with S3', () => {
  it('sends the PDF straight to the bucket, then shows the price as with any upload', async () => {
    const { page, posts } = await openLanding();
    const errors = watchPageErrors(page);
    const pdf = await makeDrawingPdf({ pages: 2, size: ARCH_D });
    await page.getByLabel(/Drop your PDF drawing set here/).setInputFiles({ name: 'A-101 Plans.pdf', mimeType: 'application/pdf', buffer: pdf });
    await page.getByText('Upload Complete!').first().waitFor({ timeout: 30_000 });
    await toast(page, 'Detected 2 pages in your 24x36 PDF.').waitFor();
    await page.getByRole('heading', { name: 'A-101 Plans.pdf' }).waitFor();

    const [row] = await shop.sql<{ id: string; file_size: number }[]>`select id, file_size from uploads where file_name = 'A-101 Plans.pdf'`;
    expect(row.file_size).toBe(pdf.length);
    const shopHost = new URL(shop.url).host;
    const bucketHost = new URL(s3.endpoint).host;
    expect(posts).toEqual([`${shopHost} /api/uploads`, `${bucketHost} /${s3.bucket}`, `${shopHost} /api/uploads/${row.id}/complete`]);
    expect(await shop.ctx.storage.stat(uploadFileKey(row.id))).toEqual({ size: pdf.length });
    await screenshot(page, 'upload-s3-configured');
    errors.assertClean();
    await page.context().close();
  }, 90_000);

  it('shows the analysis refusing a file that only claims to be a PDF, in the 415 words', async () => {
    const { page, posts } = await openLanding();
    await page.locator('input[type=file]').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf at all') });
    await toast(page, 'Upload failed').waitFor({ timeout: 30_000 });
    await toast(page, 'This file is not a PDF. Please upload a PDF file only.').waitFor();
    await page.getByText('Drop your PDF drawing set here').waitFor();
    expect(posts.some((post) => post.endsWith('/api/upload-pdf'))).toBe(false);
    await page.context().close();
  }, 60_000);
});
