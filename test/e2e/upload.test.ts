import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { ARCH_D, LETTER, makeDrawingPdf } from '../helpers/pdf';
import { CheckoutDataSchema, CHECKOUT_DATA_KEY } from '#shared/checkout';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-upload-e2e-', (d) => (dir = d));

async function pdfFile(name: string, bytes: Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await bytes);
  return file;
}

async function openLanding(): Promise<Page> {
  const page = await newPage(browser);
  await page.goto(`${shop.url}/`);
  await page.locator('input[type=file]').waitFor({ state: 'attached', timeout: 15_000 });
  return page;
}

/** A toast's text (Radix also copies it into a live region for screen readers, hence first()). */
function toast(page: Page, text: string) {
  return page
    .getByRole('region', { name: /Notifications/ })
    .getByText(text, { exact: false })
    .first();
}

describe('the upload area', () => {
  it('uploads a drawing set: captions, previews, price, the not-to-scale warning and checkout', async () => {
    const page = await openLanding();
    const errors = watchPageErrors(page);
    const input = page.getByLabel(/Drop your PDF drawing set here/);
    expect(await input.getAttribute('type')).toBe('file');

    // The captions follow each other as fast as the work does (bench/README.md, upload to price): record each one shown,
    // however briefly, instead of waiting to catch it on screen.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { captionsSeen: string[] }).captionsSeen = seen;
      const note = () => {
        for (const caption of ['Uploading Blueprint...', 'Analyzing Document...', 'Upload Complete!']) {
          if (!seen.includes(caption) && document.body.innerText.includes(caption)) seen.push(caption);
        }
      };
      new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
    });
    await input.setInputFiles(await pdfFile('A-100 Floor Plans.pdf', makeDrawingPdf({ pages: 3, size: ARCH_D })));
    await page.getByText('Upload Complete!').first().waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => (window as unknown as { captionsSeen: string[] }).captionsSeen)).toEqual([
      'Uploading Blueprint...',
      'Analyzing Document...',
      'Upload Complete!',
    ]);
    await toast(page, 'File uploaded successfully').waitFor();
    await toast(page, 'Detected 3 pages in your 24x36 PDF.').waitFor();

    await page.getByRole('button', { name: 'Remove File' }).waitFor({ timeout: 10_000 });
    await page.getByRole('heading', { name: 'A-100 Floor Plans.pdf' }).waitFor();
    expect(await page.getByText(/3 pages · \d+\.\d\d MB/).count()).toBe(1);

    // Every sheet's preview loads from the server, shortly after the price.
    const previews = page.getByRole('list', { name: 'Sheet previews' }).getByRole('img');
    await previews.nth(2).waitFor({ timeout: 15_000 });
    expect(await previews.count()).toBe(3);
    await page.waitForFunction(() => [...document.querySelectorAll('img[alt$="preview"]')].every((img) => (img as HTMLImageElement).naturalWidth > 0));

    // As drawn (100%) and black and white are chosen: the price shows with the color verdict.
    expect(await page.getByRole('radio', { name: 'As drawn (100%)' }).isChecked()).toBe(true);
    await page.getByText('Printed at 100% on 24" x 36" paper — your scale is kept.').waitFor();
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('$17.97').last().waitFor({ timeout: 15_000 });
    // No sheet is color: only black and white or all color are offered.
    expect(await page.getByRole('radio', { name: /only where needed/ }).count()).toBe(0);
    expect(await summary.textContent()).toContain('$5.99');
    expect(await summary.textContent()).toContain('$17.97');
    await page.getByRole('radio', { name: 'Color' }).check();
    expect(await summary.textContent()).toContain('$44.97');

    await page.getByRole('radio', { name: '30" x 42"' }).check();
    await page.getByText('These prints will not be to scale.').waitFor();
    expect(await summary.textContent()).toContain('$53.97');
    await screenshot(page, 'upload-configured-not-to-scale');
    await screenshotOf(page.locator('#upload'), 'upload-section-not-to-scale');
    expect(await seriousA11yViolations(page)).toEqual([]);
    // The drawing's own paper chosen outright is to scale too.
    await page.getByRole('radio', { name: '24" x 36"' }).check();
    expect(await page.getByText('These prints will not be to scale.').count()).toBe(0);
    await page.getByRole('radio', { name: 'As drawn (100%)' }).check();
    await screenshot(page, 'upload-configured');
    // A phone: the card, the previews strip and the choices still fit.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOf(page.locator('#upload'), 'upload-section-phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const summaryBox = await summary.boundingBox();
    expect((summaryBox?.x ?? 0) + (summaryBox?.width ?? 999)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1280, height: 800 });
    errors.assertClean();

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.getByRole('button', { name: 'Going to Checkout...' }).waitFor();
    await page.waitForURL(`${shop.url}/checkout`, { timeout: 30_000 });
    const stored = CheckoutDataSchema.parse(JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_DATA_KEY)) ?? 'null'));
    expect(stored).toMatchObject({
      fileName: 'A-100 Floor Plans.pdf',
      pageCount: 3,
      printSize: 'asDrawn',
      printType: 'color',
      pricePerPage: 14.99,
      totalAmount: 44.97,
    });
    const [row] = await shop.sql`select file_name, status from uploads where id = ${stored.uploadId}`;
    expect(row).toEqual({ file_name: 'A-100 Floor Plans.pdf', status: 'ready' });
    await page.context().close();
  }, 90_000);

  it('turns a letter-size PDF down with the Invalid Document Size toast and returns to idle', async () => {
    const page = await openLanding();
    const errors = watchPageErrors(page);
    await page.locator('input[type=file]').setInputFiles(await pdfFile('Specs.pdf', makeDrawingPdf({ pages: 2, size: LETTER })));
    await toast(page, 'Invalid Document Size').waitFor({ timeout: 30_000 });
    await toast(page, 'Sheet 1 is 8.5" x 11" (Letter), smaller than the smallest sheet we print, 17" x 22".').waitFor();
    // The same words stay under the drop zone.
    await page.locator('#upload').getByRole('alert').getByText('Invalid Document Size').waitFor();
    await page.getByText('Drop your PDF drawing set here').waitFor();
    expect(await page.locator('input[type=file]').isDisabled()).toBe(false);
    await screenshot(page, 'upload-wrong-size');
    errors.assertClean();
    await page.context().close();
  }, 60_000);

  it('catches a wrong type and a file over 50 MB before sending anything', async () => {
    const page = await openLanding();
    const errors = watchPageErrors(page);
    const before = await shop.sql`select count(*)::int as n from uploads`;
    await page.locator('input[type=file]').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await toast(page, 'Invalid file type').waitFor();
    await toast(page, 'Please upload a PDF file only.').waitFor();

    const big = path.join(dir, 'Huge set.pdf');
    fs.writeFileSync(big, Buffer.alloc(51 * 1024 * 1024, 0x20));
    await page.locator('input[type=file]').setInputFiles(big);
    await toast(page, 'File too large').waitFor();
    await toast(page, 'Please upload a file smaller than 50MB.').waitFor();
    expect(await shop.sql`select count(*)::int as n from uploads`).toEqual(before);
    errors.assertClean();
    await page.context().close();
  }, 60_000);

  it('shows the server message for a file that only claims to be a PDF', async () => {
    const page = await openLanding();
    await page.locator('input[type=file]').setInputFiles({ name: 'fake.pdf', mimeType: 'application/pdf', buffer: Buffer.from('GIF89a not a pdf at all') });
    await toast(page, 'Upload failed').waitFor({ timeout: 15_000 });
    await toast(page, 'This file is not a PDF. Please upload a PDF file only.').waitFor();
    await page.locator('#upload').getByRole('alert').getByText('This file is not a PDF. Please upload a PDF file only.').waitFor();
    await page.getByText('Drop your PDF drawing set here').waitFor();
    await page.context().close();
  }, 30_000);
});
