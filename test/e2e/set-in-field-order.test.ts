/**
 * The set as the field uses it, on the configuration card: "Sort by discipline" puts the sheets in
 * the National CAD Standard's order, the card warns of a number the series skips and of lines that
 * will not print, and reduced sets and finishing are priced as lines. Screenshots at 1366 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import * as mupdf from 'mupdf';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, watchPageErrors, screenshotOf } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { makeTitledSetPdf } from '../helpers/pdf';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-field-order-e2e-', (d) => (dir = d));

describe('the set in the field’s order on the configuration card', () => {
  it('sorts by discipline, warns of the gap and the hairlines, and prices finishing and a reduced set', async () => {
    const file = path.join(dir, 'Set.pdf');
    const numbers = ['G-001', 'A-101', 'S-101', 'A-102', 'A-104', 'C-101'];
    // A-104's walls are 0.05 pt hairlines.
    const pdf = await makeTitledSetPdf(
      numbers.map((number) => ({
        number,
        title: 'FLOOR PLAN',
        draw: number === 'A-104' ? (doc) => doc.lineWidth(0.05).moveTo(300, 300).lineTo(1800, 300).lineTo(1800, 1200).stroke('#000000') : undefined,
      })),
    );
    expect(mupdf.Document.openDocument(pdf, 'application/pdf').countPages()).toBe(6);
    fs.writeFileSync(file, pdf);
    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: 900 });
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/`);
      await page.locator('input[type=file]').setInputFiles(file);
      const warnings = page.getByRole('status').filter({ hasText: 'Check your set before you order' });
      await warnings.waitFor({ timeout: 30_000 });
      expect(await warnings.getByRole('listitem').allInnerTexts()).toEqual(['A-103 is not in the set: A-102 is followed by A-104']);
      const notes = page.getByRole('status').filter({ hasText: 'May not print as it looks on screen' });
      expect(await notes.getByRole('listitem').allInnerTexts()).toEqual([
        expect.stringMatching(/^Lines thinner than 0\.1 pt cover \d+% of A-104; they may not print/),
      ]);

      await page.getByRole('button', { name: 'Sort by discipline' }).click();
      const sorted = page.getByRole('status').filter({ hasText: 'Sorted by discipline' });
      expect(await sorted.innerText()).toContain('G-001, C-101, S-101, A-101, A-102, A-104');
      const cards = page.getByRole('list', { name: 'Sheet previews' }).getByRole('listitem');
      expect(await cards.nth(0).innerText()).toMatch(/^G-001\n/);
      expect(await cards.nth(5).innerText()).toMatch(/^A-104\n/);

      await page.getByLabel('Reduced sets', { exact: true }).fill('1');
      await page.getByLabel('Fold').selectOption('title_out');
      await page.getByLabel('Bind').selectOption('staple_left');
      const lines = page.getByRole('list', { name: 'Price lines' });
      await lines.getByText('Staple binding, left edge (full-size sets)').waitFor();
      await lines.getByText('11" x 17" reduced black and white').waitFor();
      await lines.getByText('Folding to 9" x 12", title block out (full-size sets)').waitFor();
      expect(await page.getByRole('button', { name: /Proceed to Checkout/ }).isEnabled()).toBe(true);

      await screenshotOf(sorted.locator('xpath=..'), `field-order-card-${width}`);
      await screenshot(page, `field-order-${width}`);
      errors.assertClean();
      await page.context().close();
    }
  }, 180_000);
});
