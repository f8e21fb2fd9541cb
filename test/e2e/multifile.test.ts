/**
 * Several files, one set, in the browser: three PDFs dropped on the upload area upload and are
 * analysed each with its own progress; the customer moves one up and removes another; the sheet cards
 * are numbered through the set with each file's name, the set-wide warnings follow the order; the
 * markup-only sheets go to B&W in one click showing what it saves; and checkout prices that set.
 */
import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { makeTitledSetPdf, type TitledSheet } from '../helpers/pdf';

let shop: TestShop;
let browser: Browser;
let files: { name: string; base64: string }[];

/** A revision cloud stand-in: a 0.6 pt red ring, color markup only. */
const redCloud: TitledSheet['draw'] = (doc) => doc.lineWidth(0.6).circle(900, 800, 160).stroke('#ff0000');

browserShopForFile((s, b) => ([shop, browser] = [s, b]));
beforeAll(async () => {
  const pdfs: [string, TitledSheet[]][] = [
    [
      'A-Architectural.pdf',
      [
        {
          number: 'G0.0',
          title: 'COVER SHEET',
          index: ['SHEET INDEX', 'G0.0 COVER SHEET', 'A-101 FIRST FLOOR PLAN', 'A-102 SECOND FLOOR PLAN', 'A-201 ELEVATIONS'],
        },
        { number: 'A-101', title: 'FIRST FLOOR PLAN', draw: redCloud },
      ],
    ],
    ['B-Old plan.pdf', [{ number: 'A-101', title: 'FIRST FLOOR PLAN' }]],
    ['C-Second floor.pdf', [{ number: 'A-102', title: 'SECOND FLOOR PLAN', draw: redCloud }]],
  ];
  files = await Promise.all(pdfs.map(async ([name, sheets]) => ({ name, base64: (await makeTitledSetPdf(sheets)).toString('base64') })));
});

/** Drops the files on the drop zone as a person drags them from a folder window. */
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

const warningTexts = (page: Page) => page.getByRole('status').filter({ hasText: 'Check your set before you order' }).getByRole('listitem').allInnerTexts();

describe('a drawing set of several files', { timeout: 180_000 }, () => {
  it('drops three PDFs, reorders, removes one, prints markup-only sheets in B&W and checks out at that price', async () => {
    const page = await newPage(browser, { width: 1366, height: 1000 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await dropFiles(page);

    // Each file has its own row; all three end in the set, in name order, numbered through it.
    const list = page.getByRole('list', { name: 'Files in this set' });
    await list.waitFor({ timeout: 30_000 });
    await page.getByRole('heading', { name: 'Drawing set of 3 files' }).waitFor({ timeout: 60_000 });
    await page.getByText('Check your set before you order').waitFor({ timeout: 60_000 });
    expect(await list.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringMatching(/A-Architectural\.pdf\nsheets 1–2/),
      expect.stringMatching(/B-Old plan\.pdf\nsheet 3/),
      expect.stringMatching(/C-Second floor\.pdf\nsheet 4/),
    ]);
    expect(await warningTexts(page)).toEqual([
      'Sheet number A-101 appears on both sheets 2 and 3: check that the same sheet was not included twice.',
      'Sheet A-201 is listed in the drawing index on the first sheet, but no sheet in the set carries that number: it may be missing.',
    ]);

    // Moved up with the keyboard: the positions and the warning follow.
    await page.getByRole('button', { name: 'Move C-Second floor.pdf up' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText('Sheet number A-101 appears on both sheets 2 and 4', { exact: false }).waitFor();
    expect(await list.getByRole('listitem').nth(1).innerText()).toMatch(/C-Second floor\.pdf\nsheet 3/);
    const cards = page.getByRole('list', { name: 'Sheet previews' }).getByRole('listitem');
    expect(await cards.nth(2).innerText()).toMatch(/^C-Second floor\.pdf\n+A-102\nSECOND FLOOR PLAN\n/);
    expect(await cards.nth(2).innerText()).toContain('Sheet 3');
    await screenshotOf(page.locator('#upload'), 'multifile-card-three-files-1366');

    // The duplicate goes: two files, three sheets, only the missing sheet is left to warn of.
    await page.getByRole('button', { name: 'Remove B-Old plan.pdf' }).click();
    await page.getByRole('heading', { name: 'Drawing set of 2 files' }).waitFor();
    expect(await warningTexts(page)).toEqual([
      'Sheet A-201 is listed in the drawing index on the first sheet, but no sheet in the set carries that number: it may be missing.',
    ]);
    expect(await cards.count()).toBe(3);

    // Sheets 2 and 3 carry only a thin red cloud: color found, markup only, offered in B&W.
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByRole('list', { name: 'Price lines' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio', { name: /Color only where needed \(2 color sheets\)/ }).isChecked()).toBe(true);
    expect(await summary.getByRole('list', { name: 'Price lines' }).getByRole('listitem').allTextContents()).toEqual([
      '24" x 36" black and white (1 × $5.99)$5.99',
      '24" x 36" color (2 × $14.99)$29.98',
    ]);
    const offer = page.getByRole('status').filter({ hasText: 'color markup only' });
    expect(await offer.innerText()).toContain('2 sheets are color markup only: A-101, A-102');
    expect(await offer.innerText()).toContain('Saves $18.00');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotOf(page.locator('#upload'), 'multifile-card-1366');
    await offer.getByRole('button', { name: 'Print markup-only sheets in B&W' }).click();
    expect(await summary.getByRole('list', { name: 'Price lines' }).getByRole('listitem').allTextContents()).toEqual([
      '24" x 36" black and white (3 × $5.99)$17.97',
    ]);
    expect(await page.getByRole('button', { name: 'Sheet 2: B&W' }).getAttribute('aria-pressed')).toBe('false');
    // No color sheet left: plain black and white.
    expect(await page.getByRole('radio', { name: 'Black & White' }).isChecked()).toBe(true);
    expect(await offer.count()).toBe(0);

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(/\/checkout$/, { timeout: 15_000 });
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 30_000 });
    await page.getByText('A-Architectural.pdf + 1 more file').waitFor();
    await page.getByText('Subtotal (3 × $5.99)').waitFor();
    const [order] = await shop.sql<{ id: string; subtotal_cents: number; page_count: number }[]>`
      select id, subtotal_cents, page_count from orders order by created_at desc limit 1`;
    expect(order).toMatchObject({ subtotal_cents: 1797, page_count: 3 });
    const placed = await shop.sql<{ file_name: string; first_position: number }[]>`
      select file_name, first_position from order_files where order_id = ${order.id} order by position`;
    expect(placed).toEqual([
      { file_name: 'A-Architectural.pdf', first_position: 1 },
      { file_name: 'C-Second floor.pdf', first_position: 3 },
    ]);
    await screenshot(page, 'multifile-checkout-1366');
    errors.assertClean();
    await page.context().close();
  });

  it('shows the set on a phone', async () => {
    const page = await newPage(browser, { width: 390, height: 900 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await dropFiles(page);
    await page.getByRole('heading', { name: 'Drawing set of 3 files' }).waitFor({ timeout: 60_000 });
    await page.getByText('Print markup-only sheets in B&W').waitFor({ timeout: 60_000 });
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshotOf(page.locator('#upload'), 'multifile-card-390');
    errors.assertClean();
    await page.context().close();
  });
});
