/**
 * The set in the order it was chosen: a cover dropped first stays first, its drawing index warns of
 * the sheet the set lacks wherever the cover sits, and a file moved with the arrow keys keeps focus
 * while its new place is announced. Screens at 1366 and 390 px wide.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, watchPageErrors } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { makeTitledSetPdf } from '../helpers/pdf';

let shop: TestShop;
let browser: Browser;
let files: { name: string; base64: string }[];

browserShopForFile((s, b) => ([shop, browser] = [s, b]));
beforeAll(async () => {
  const cover = { number: 'G-001', title: 'COVER SHEET', index: ['G-001 COVER SHEET', 'A-101 PLAN', 'A-102 PLAN', 'A-103 PLAN', 'A-104 PLAN'] };
  const sets: [string, Parameters<typeof makeTitledSetPdf>[0]][] = [
    ['G-001 Cover.pdf', [cover]],
    ['A-101.pdf', [{ number: 'A-101', title: 'FIRST FLOOR PLAN' }]],
    ['A-102.pdf', [{ number: 'A-102', title: 'SECOND FLOOR PLAN' }]],
    ['A-103.pdf', [{ number: 'A-103', title: 'ROOF PLAN' }]],
  ];
  files = await Promise.all(sets.map(async ([name, sheets]) => ({ name, base64: (await makeTitledSetPdf(sheets)).toString('base64') })));
});

/** Drops the files, in this order, on the drop zone as a person drags them from a folder window. */
async function dropFiles(page: Page) {
  const zone = page.locator('#upload [aria-busy]').first();
  await zone.waitFor({ timeout: 30_000 });
  await zone.evaluate((element, dropped) => {
    const data = new DataTransfer();
    for (const f of dropped) {
      const bytes = Uint8Array.from(atob(f.base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], f.name, { type: 'application/pdf' }));
    }
    element.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: data }));
  }, files);
}

describe('a set with its cover chosen first', { timeout: 180_000 }, () => {
  it.each([1366, 390])('keeps the cover first, warns of A-104, and moves a file by keyboard with focus kept (%i px)', async (width) => {
    const page = await newPage(browser, { width, height: 1000 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await dropFiles(page);
    const list = page.getByRole('list', { name: 'Files in this set' });
    await page.getByRole('heading', { name: 'Drawing set of 4 files' }).waitFor({ timeout: 60_000 });
    await page.getByText('Check your set before you order').waitFor({ timeout: 60_000 });
    const names = async () => (await list.getByRole('listitem').allInnerTexts()).map((t) => /[^\n]*\.pdf/.exec(t)?.[0].replace(/^\d+\.\s*/, ''));
    expect(await names()).toEqual(['G-001 Cover.pdf', 'A-101.pdf', 'A-102.pdf', 'A-103.pdf']);
    const warnings = page.getByRole('status').filter({ hasText: 'Check your set before you order' });
    await warnings.getByText('Sheet A-104 is listed in the drawing index on the first sheet').waitFor();
    await screenshot(page, `set-cover-first-${width}`);

    // The cover moved to the end by keyboard: focus stays on it, its place is said, the warning holds.
    const cover = list.getByRole('listitem').first();
    await cover.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.getByText('G-001 Cover.pdf moved to position 4 of 4.').waitFor();
    expect(await names()).toEqual(['A-101.pdf', 'A-102.pdf', 'A-103.pdf', 'G-001 Cover.pdf']);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('G-001 Cover.pdf, position 4 of 4');
    await warnings.getByText('Sheet A-104 is listed in the drawing index on sheet 4').waitFor();
    errors.assertClean();
    await page.close();
  });
});
