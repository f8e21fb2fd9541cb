import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, savingScreenshots, screenshot, screenshotOf, SCREENSHOT_DIR, watchPageErrors } from '../helpers/browser';
import { buildOrder } from '../helpers/factories';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

describe('the client is served', () => {
  it('shows the 404 page for an unknown path', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/no/such/page`);
    const heading = page.getByRole('heading', { name: '404 Page Not Found' });
    await heading.waitFor({ timeout: 10_000 });
    expect(await heading.textContent()).toBe('404 Page Not Found');
    await screenshot(page, 'smoke-404');
    errors.assertClean();
    await page.close();
  });

  it('saves the whole page, the viewport and one element as PNGs when screenshots are asked for, as in CI when not', async () => {
    const page = await newPage(browser, { width: 390, height: 600 });
    await page.goto(`${shop.url}/no/such/page`);
    await page.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    const names = ['smoke-capture-page', 'smoke-capture-viewport', 'smoke-capture-heading'];
    for (const name of names) fs.rmSync(`${SCREENSHOT_DIR}/${name}.png`, { force: true });
    const asked = process.env.SCREENSHOTS;
    try {
      process.env.SCREENSHOTS = '0';
      expect(savingScreenshots()).toBe(false);
      expect(await screenshot(page, names[0])).toBeNull();
      await screenshotOf(page.getByRole('heading', { name: '404 Page Not Found' }), names[2]);
      for (const name of names) expect(fs.existsSync(`${SCREENSHOT_DIR}/${name}.png`), name).toBe(false);

      process.env.SCREENSHOTS = '1';
      const whole = await screenshot(page, names[0]);
      await screenshotOf(page, names[1]);
      await screenshotOf(page.getByRole('heading', { name: '404 Page Not Found' }), names[2]);
      expect(whole).toBe(`${SCREENSHOT_DIR}/${names[0]}.png`);
      // A PNG's width and height are the first two numbers of its IHDR chunk, at bytes 16 and 20.
      const size = (name: string) => {
        const png = fs.readFileSync(`${SCREENSHOT_DIR}/${name}.png`);
        expect(png.subarray(0, 8).toString('hex'), name).toBe('89504e470d0a1a0a');
        return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
      };
      const content = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
      expect(size(names[0])).toEqual(content);
      expect(size(names[1])).toEqual({ width: 390, height: 600 });
      expect(size(names[2]).width).toBeLessThan(390);
    } finally {
      if (asked === undefined) delete process.env.SCREENSHOTS;
      else process.env.SCREENSHOTS = asked;
      await page.close();
    }
  });

  it('factories write orders the presenters can read', async () => {
    const order = await buildOrder(shop, { pages: 2, shippingMethod: 'shipping', state: 'NY' });
    expect(order.total_cents).toBe(order.subtotal_cents + order.rush_fee_cents + order.shipping_cost_cents + order.tax_cents);
    expect(order.tax_rate_millipercent).toBe(8000);
  });
});
