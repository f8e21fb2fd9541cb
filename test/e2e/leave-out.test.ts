/**
 * A file with one sheet no paper takes (an 8.5" x 11" among 24" x 36" sheets): the card names it
 * and offers to leave it out; pressed, the rest of the file takes its place in the set, priced,
 * with the refusal's words kept beside it. Alone and in a set of three, at 1366 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { ARCH_D, LETTER, makeDrawingPdf } from '../helpers/pdf';
import { CheckoutDataSchema, CHECKOUT_DATA_KEY } from '#shared/checkout';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-leave-out-e2e-', (d) => (dir = d));

const KEPT = 'Sheet 3 (8.5" x 11") is left out: smaller than the smallest sheet we print, 17" x 22".';

async function openShop(page: Page) {
  await page.goto(`${shop.url}/`);
  const input = page.locator('#upload input[type=file]').first();
  await input.waitFor({ state: 'attached', timeout: 15_000 });
  return input;
}

async function writePdf(name: string, sheets: { widthIn: number; heightIn: number }[]): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await makeDrawingPdf({ sheets }));
  return file;
}

describe('leaving out a sheet that cannot be printed', () => {
  it('offers "Leave out sheet 3", then prices the other 4 sheets with the words kept', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    const input = await openShop(page);
    await input.setInputFiles(await writePdf('A-100 Plans.pdf', [ARCH_D, ARCH_D, LETTER, ARCH_D, ARCH_D]));

    const offer = page.getByRole('group', { name: 'A-100 Plans.pdf: sheets we cannot print' });
    await offer.waitFor({ timeout: 45_000 });
    expect(await offer.textContent()).toContain('Sheet 3 is 8.5" x 11" (Letter), smaller than the smallest sheet we print, 17" x 22".');
    expect(await offer.textContent()).toContain('Leave it out to print the other 4 sheets of this file');
    // No price for a file that cannot be printed as it is.
    expect(await page.getByRole('region', { name: 'Order summary' }).count()).toBe(0);
    await screenshotOf(page.locator('#upload'), 'leave-out-offer-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOf(page.locator('#upload'), 'leave-out-offer-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });

    await page.getByRole('button', { name: 'Leave out sheet 3 (8.5" x 11")' }).click();
    await page.getByText(KEPT).waitFor({ timeout: 45_000 });
    const summary = page.getByRole('region', { name: 'Order summary' });
    await page.getByRole('radio', { name: 'Black & White' }).check();
    // 4 × $5.99 on 24" x 36".
    await summary.getByText('$23.96').last().waitFor({ timeout: 45_000 });
    // Each sheet card names its size and paper; the one left out is gone.
    const papers = page.getByTestId('sheet-paper');
    await expect.poll(() => papers.count(), { timeout: 30_000 }).toBe(4);
    expect(await papers.allTextContents()).toEqual(Array.from({ length: 4 }, () => 'ARCH D · on 24" x 36"'));
    expect(await page.getByText('Sheet 5', { exact: true }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotOf(page.locator('#upload'), 'leave-out-priced-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOf(page.locator('#upload'), 'leave-out-priced-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    errors.assertClean();

    // Checkout gets a ready upload of 4 sheets, under the customer's file name.
    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${shop.url}/checkout`, { timeout: 30_000 });
    const stored = CheckoutDataSchema.parse(JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_DATA_KEY)) ?? 'null'));
    expect(stored).toMatchObject({ fileName: 'A-100 Plans.pdf', pageCount: 4, totalAmount: 23.96 });
    await page.context().close();
  }, 150_000);

  it('puts the file without the sheet in the same place in a set of three', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    const input = await openShop(page);
    await input.setInputFiles([
      await writePdf('G-001 Cover.pdf', [ARCH_D]),
      await writePdf('A-100 Plans.pdf', [ARCH_D, ARCH_D, LETTER, ARCH_D, ARCH_D]),
      // A sheet of no standard size is named by its size on its card.
      await writePdf('S-100 Structure.pdf', [ARCH_D, { widthIn: 30, heightIn: 20 }]),
    ]);
    const files = page.getByRole('list', { name: 'Files in this set' });
    await page.getByRole('button', { name: 'Leave out sheet 3 (8.5" x 11")' }).waitFor({ timeout: 60_000 });
    await page.getByText('sheets 2–3', { exact: true }).waitFor({ timeout: 45_000 });
    // Not priced while a file of the set cannot be printed as it is.
    expect(await page.getByRole('region', { name: 'Order summary' }).textContent()).toContain('Waiting for 1 more file');
    await screenshotOf(files, 'leave-out-set-offer-1366');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOf(files, 'leave-out-set-offer-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByRole('button', { name: 'Leave out sheet 3 (8.5" x 11")' }).click();
    await files.getByText(KEPT).waitFor({ timeout: 45_000 });
    const names = await files.getByRole('listitem').evaluateAll((items) => items.map((li) => li.getAttribute('aria-label')));
    expect(names).toEqual(['G-001 Cover.pdf, position 1 of 3', 'A-100 Plans.pdf, position 2 of 3', 'S-100 Structure.pdf, position 3 of 3']);
    // The set's sheets follow the new file: 1 + 4 + 2.
    await files.getByText('sheets 2–5', { exact: true }).waitFor({ timeout: 15_000 });
    await files.getByText('sheets 6–7', { exact: true }).waitFor({ timeout: 15_000 });
    await page.getByRole('radio', { name: 'Black & White' }).check();
    // 7 × $5.99.
    await page.getByRole('region', { name: 'Order summary' }).getByText('$41.93').last().waitFor({ timeout: 45_000 });
    const papers = page.getByTestId('sheet-paper');
    await expect.poll(() => papers.count(), { timeout: 30_000 }).toBe(7);
    expect(await papers.allTextContents()).toEqual([...Array.from({ length: 6 }, () => 'ARCH D · on 24" x 36"'), '20" x 30" · on 24" x 36"']);
    await screenshotOf(page.locator('#upload'), 'leave-out-set-1366');
    errors.assertClean();
    await page.context().close();
  }, 150_000);
});
