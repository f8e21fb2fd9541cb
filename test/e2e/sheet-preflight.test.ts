/**
 * The configuration card shows each sheet's number and title from its title block, and warns of a
 * sheet number carried twice and of a sheet the cover's drawing index lists that no sheet carries,
 * without stopping the order.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, watchPageErrors, screenshotOf } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { makeTitledSetPdf, type TitledSheet } from '../helpers/pdf';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-preflight-e2e-', (d) => (dir = d));

/** A revision cloud stand-in: a 0.6 pt red ring, color markup only. */
const redCloud: TitledSheet['draw'] = (doc) => doc.lineWidth(0.6).circle(900, 800, 160).stroke('#ff0000');

describe('sheet numbers and the set preflight on the configuration card', () => {
  it('shows each sheet’s number and title and warns of a duplicate and a missing sheet', async () => {
    const file = path.join(dir, 'Set.pdf');
    fs.writeFileSync(
      file,
      await makeTitledSetPdf([
        {
          number: 'G0.0',
          title: 'COVER SHEET',
          index: ['SHEET INDEX', 'G0.0 COVER SHEET', 'A-101 FIRST FLOOR PLAN', 'A-102 SECOND FLOOR PLAN', 'A-201 ELEVATIONS'],
        },
        { number: 'A-101', title: 'FIRST FLOOR PLAN' },
        { number: 'A-102', title: 'SECOND FLOOR PLAN', draw: redCloud },
        { number: 'A-101', title: 'FIRST FLOOR PLAN' },
      ]),
    );
    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: 900 });
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/`);
      await page.locator('input[type=file]').setInputFiles(file);
      const warnings = page.getByRole('status').filter({ hasText: 'Check your set before you order' });
      await warnings.waitFor({ timeout: 30_000 });
      expect(await warnings.getByRole('listitem').allInnerTexts()).toEqual([
        'Sheet number A-101 appears on both sheets 2 and 4: check that the same sheet was not included twice.',
        'Sheet A-201 is listed in the drawing index on the first sheet, but no sheet in the set carries that number: it may be missing.',
      ]);
      const cards = page.getByRole('list', { name: 'Sheet previews' }).getByRole('listitem');
      expect(await cards.nth(0).innerText()).toMatch(/^G0\.0\nCOVER SHEET\n/);
      expect(await cards.nth(3).innerText()).toMatch(/^A-101\nFIRST FLOOR PLAN\n/);
      // The thin red cloud makes sheet 3 color, and the card says it is markup only.
      await cards.nth(2).getByText('Color markup only').waitFor();
      expect(await cards.nth(0).getByText('Color markup only').count()).toBe(0);
      // A warning, not a stop: checkout is still offered.
      expect(await page.getByRole('button', { name: /Proceed to Checkout/ }).isEnabled()).toBe(true);
      // The card's sheet strip and warnings, to look at (the whole page is long).
      await screenshotOf(warnings.locator('xpath=..'), `sheet-preflight-card-${width}`);
      await screenshot(page, `sheet-preflight-${width}`);
      errors.assertClean();
      await page.context().close();
    }
  }, 120_000);
});
