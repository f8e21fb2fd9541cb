import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, watchPageErrors } from '../helpers/browser';
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

  it('factories write orders the presenters can read', async () => {
    const order = await buildOrder(shop, { pages: 2, shippingMethod: 'shipping', state: 'NY' });
    expect(order.total_cents).toBe(order.subtotal_cents + order.rush_fee_cents + order.shipping_cost_cents + order.tax_cents);
    expect(order.tax_rate_millipercent).toBe(8000);
  });
});
