/**
 * The configuration card for a set of two sheet sizes at true scale, with half-size sets
 * (docs/decisions/023-true-scale-and-half-size-sets.md): what it says, what it prices, at 1366 and 390 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { ANSI_D, ARCH_E1, makeDrawingPdf } from '../helpers/pdf';
import { CheckoutDataSchema, CHECKOUT_DATA_KEY } from '#shared/checkout';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-truescale-e2e-', (d) => (dir = d));

describe('a mixed-size set at true scale', () => {
  it('names both papers, prices each sheet on its paper, and takes half-size sets', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${shop.url}/`);
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    const file = path.join(dir, 'Mixed Set.pdf');
    // Sheets 1–2 ANSI D, sheet 3 ARCH E1.
    fs.writeFileSync(file, await makeDrawingPdf({ sheets: [ANSI_D, ANSI_D, ARCH_E1] }));
    await input.setInputFiles(file);

    await page.getByText('Printed at 100% on 24" x 36" and 30" x 42" paper (each sheet on the one it fits) — your scale is kept.').waitFor({ timeout: 45_000 });
    expect(await page.getByRole('radio', { name: 'As drawn (100%)' }).isChecked()).toBe(true);
    // A mixed set is only offered as drawn: one paper would scale some sheets.
    expect(await page.getByRole('radio', { name: '30" x 42"' }).count()).toBe(0);

    const summary = page.getByRole('region', { name: 'Order summary' });
    // The test sheets are drawn in color; choose black and white.
    await page.getByRole('radio', { name: 'Black & White' }).check();
    // 2 × 5.99 + 6.99 = 18.97.
    await summary.getByText('$18.97').last().waitFor({ timeout: 45_000 });
    await page.getByLabel('Half-size sets', { exact: true }).fill('2');
    // + 2 × (2 × 1.49 + 1.99) = 9.94 → 28.91.
    await summary.getByText('$28.91').last().waitFor();
    const lines = await page.getByRole('list', { name: 'Price lines' }).textContent();
    expect(lines).toContain('12" x 18" half-size black and white');
    expect(lines).toContain('15" x 21" half-size black and white');
    expect(await summary.textContent()).toContain('1 set + 2 half-size sets');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotOf(page.locator('#upload'), 'truescale-card-1366');

    await page.setViewportSize({ width: 390, height: 844 });
    await screenshotOf(page.locator('#upload'), 'truescale-card-390');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.setViewportSize({ width: 1366, height: 900 });
    errors.assertClean();

    await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
    await page.waitForURL(`${shop.url}/checkout`, { timeout: 30_000 });
    const stored = CheckoutDataSchema.parse(JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), CHECKOUT_DATA_KEY)) ?? 'null'));
    expect(stored).toMatchObject({ printSize: 'asDrawn', sets: 1, halfSets: 2, totalAmount: 28.91 });
    await page.getByText('1 set + 2 half-size sets × 3 sheets', { exact: false }).first().waitFor({ timeout: 15_000 });
    // The server's price: the same lines, NJ tax on $28.91 (6.63% = 1.9167 → 1.92).
    await page.getByText('15" x 21" half-size black and white', { exact: false }).first().waitFor({ timeout: 15_000 });
    await page.getByText('$30.83').first().waitFor({ timeout: 15_000 });
    await screenshotOf(page, 'truescale-checkout-1366');
    await page.context().close();
  }, 120_000);
});
