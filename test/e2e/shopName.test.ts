/** A shop configured under another name and town (SHOP_NAME, SHOP_CITY) says so on every screen the landing page shows. */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, watchPageErrors } from '../helpers/browser';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { shop: { env: { SHOP_NAME: 'Harbor Plan Room', SHOP_CITY: 'Hoboken' } }, worker: false });

describe('a shop named by SHOP_NAME in SHOP_CITY', () => {
  it('names itself and its town on the landing page, in the navigation, the footer and the tab', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await page.getByText('Hoboken, NJ · Pickup or shipped nationwide').waitFor({ timeout: 15_000 });
    await page.getByText('Pickup in Hoboken, NJ', { exact: true }).waitFor();
    await page.getByText('Free pickup in Hoboken, NJ, or ground', { exact: false }).waitFor();
    await page.getByRole('link', { name: 'Harbor Plan Room home' }).waitFor();
    await page.waitForFunction(() => document.title === 'Harbor Plan Room · Large-format printing in Hoboken, NJ');
    const text = await page.evaluate(() => document.body.innerText);
    expect(text).not.toContain('Paramus');
    expect(text).not.toContain('Blueprint Shop');
    await screenshot(page, 'shop-name-landing');
    errors.assertClean();
    await page.close();
  });
});
