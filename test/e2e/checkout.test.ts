/**
 * The whole guest journey in Chromium with the built-in card provider: checkout data from the
 * configuration card, contact details, delivery and rates, rush, the server's breakdown, a declined
 * card, a paid order, the confirmation page (polling until reconciled) and the receipt download.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, newPage, screenshot, seedCheckoutData, seriousA11yViolations, shipTo, watchPageErrors } from '../helpers/browser';
import { buildOrder, buildUpload } from '../helpers/factories';
import { giveAnonymousSession } from '../helpers/sessions';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

/** A browser page whose session owns a ready upload, with checkoutData stored as the upload card does. */
async function pageWithCheckoutData(options: { width?: number; height?: number } = {}) {
  const client = shop.client();
  const sid = await giveAnonymousSession(shop, client);
  const upload = await buildUpload(shop, { sessionSid: sid, pages: 3, fileName: 'A-200 Structural.pdf' });
  const page = await newPage(browser, options);
  const host = new URL(shop.url).hostname;
  await page.context().addCookies(
    client
      .cookieHeader()
      .split('; ')
      .map((pair) => {
        const i = pair.indexOf('=');
        return { name: pair.slice(0, i), value: pair.slice(i + 1), domain: host, path: '/' };
      }),
  );
  const checkoutData = {
    uploadId: upload.id,
    fileName: upload.file_name,
    pageCount: 3,
    fileSize: upload.file_size,
    printSize: '24x36',
    printType: 'bw',
    pricePerPage: 5.99,
    totalAmount: 17.97,
  };
  await seedCheckoutData(page, checkoutData);
  return { page, upload, sid };
}

async function toastWith(page: Page, title: string) {
  await page.getByText(title, { exact: true }).first().waitFor({ timeout: 10_000 });
}

describe('guest checkout with the built-in card provider', () => {
  it('goes from checkout data to a paid order, a confirmation page and a receipt', { timeout: 90_000 }, async () => {
    const { page, sid } = await pageWithCheckoutData();
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 15_000 });
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await pay.waitFor({ timeout: 10_000 });
    // Pickup by default, NJ tax: 17.97 + 1.19.
    expect(await pay.textContent()).toBe('Pay $19.16');
    await page.getByText('Mon-Fri 9AM-7PM, Sat 10AM-6PM, Sun closed', { exact: true }).first().waitFor();
    await page.getByRole('link', { name: '100 Route 17 North, Paramus, NJ 07652' }).first().waitFor();
    await page.getByText('TEST MODE: no real card is charged').waitFor();

    // Pay names the first missing field, focuses it and marks every invalid one.
    await pay.click();
    await toastWith(page, 'Missing Information');
    await toastWith(page, 'Please fill in all required fields.');
    await page.getByTestId('pay-problem').getByText('First name is required').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('first-name');
    for (const label of ['First name *', 'Last name *', 'Email *']) expect(await page.getByLabel(label).getAttribute('aria-invalid'), label).toBe('true');

    await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com' });
    await page.getByLabel('Phone (optional)').fill('201-555-0199');

    // Shipping to Oregon: rates appear with the first preselected, and no state tax.
    await shipTo(page, { street1: '200 SW Market St', city: 'Portland', state: 'or', zip: '97201' });
    expect(await page.getByLabel('State *').inputValue()).toBe('OR');
    const rates = page.locator('input[name="rate"]');
    await rates.first().waitFor({ timeout: 10_000 });
    expect(await rates.count()).toBe(3);
    expect(await rates.first().isChecked()).toBe(true);
    await page.getByText('$0.00 (No State Tax)').waitFor({ timeout: 10_000 });
    await screenshot(page, 'checkout-shipping-oregon');

    // Rush re-prices the same order on the server (debounced).
    const before = await pay.textContent();
    await page.getByRole('checkbox', { name: /Rush order/ }).check();
    await page.waitForFunction((text) => {
      const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.startsWith('Pay $'));
      return b && b.textContent !== text;
    }, before);
    const [order] = await shop.sql`select * from orders where session_sid = ${sid}`;
    expect(order.rush_order).toBe(true);
    expect(order.tax_cents).toBe(0);
    expect(await pay.textContent()).toBe(`Pay $${(order.total_cents / 100).toFixed(2)}`);

    // Back to pickup: free shipping, NJ tax again.
    await page.getByRole('radio', { name: /Pickup/ }).check();
    await page.getByText(/Tax \(NJ 6\.63%\)/).waitFor({ timeout: 10_000 });
    expect(await page.locator('input[name="rate"]').count()).toBe(0);

    // A declined card, then the good one.
    await page.getByLabel('Card number').fill('4000000000000002');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await pay.click();
    await toastWith(page, 'Payment Failed');
    // The reason stays at the card number, which is marked and focused (test/e2e/forms.test.ts waits 10 s).
    await page.locator('#card-number-error').getByText('Your card was declined.', { exact: true }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('card-number');

    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    expect(await page.getByLabel('Card number').inputValue()).toBe('4242 4242 4242 4242');
    await pay.click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('checkoutData'))).toBeNull();
    // Reconciliation runs in the worker; the page polls until the payment is in.
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    await page.getByRole('heading', { name: "What's Next?" }).waitFor();
    await page.getByText('ada@example.com').first().waitFor();

    const orderId = page.url().split('/').pop()!;
    const [paid] = await shop.sql`select * from orders where id = ${orderId}`;
    expect(paid).toMatchObject({ payment_status: 'paid', rush_order: true, shipping_method: 'pickup', card_last4: '4242', customer_first_name: 'Ada' });
    expect(paid.total_cents).toBe(1797 + 2000 + Math.round((3797 * 663) / 10000));

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`receipt-${orderId}.pdf`);
    await toastWith(page, 'Receipt downloaded');
    await screenshot(page, 'checkout-order-success');
    expect(await seriousA11yViolations(page)).toEqual([]);
    errors.assertClean();
    await page.close();
  });

  it('looks right on a phone, with the total and Pay in the bar at the bottom, and passes the accessibility check', async () => {
    const { page } = await pageWithCheckoutData({ width: 390, height: 844 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/checkout`);
    await page
      .getByTestId('pay-bar')
      .getByRole('button', { name: /^Pay \$/ })
      .waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('pay-bar-total').textContent()).toBe('$19.16');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'checkout-phone');
    expect(await seriousA11yViolations(page)).toEqual([]);
    errors.assertClean();
    await page.close();
  });

  it('sends a visitor without checkout data home, and shows Order Not Found for an unknown order', async () => {
    const page = await newPage(browser);
    await page.goto(`${shop.url}/checkout`);
    await page.waitForURL(`${shop.url}/`, { timeout: 10_000 });
    await page.goto(`${shop.url}/order-success/00000000-0000-4000-8000-000000000000`);
    await page.getByRole('heading', { name: 'Order Not Found' }).waitFor({ timeout: 10_000 });
    await page.getByRole('link', { name: 'Return Home' }).click();
    await page.waitForURL(`${shop.url}/`);
    await page.close();
  });

  it("opens an order from the email link's token in another browser, receipt included", async () => {
    const order = await buildOrder(shop, { pages: 4, shippingMethod: 'shipping', state: 'NY' });
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/order-success/${order.id}?token=${order.access_token}`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor({ timeout: 10_000 });
    await page.getByText('Payment received').waitFor();
    await page.getByText('1 Main St, Albany, NY 12207').waitFor();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    expect((await download).suggestedFilename()).toBe(`receipt-${order.id}.pdf`);
    // Without the token this browser is nobody to that order.
    await page.goto(`${shop.url}/order-success/${order.id}`);
    await page.getByRole('heading', { name: 'Order Not Found' }).waitFor({ timeout: 10_000 });
    errors.assertClean();
    await page.close();
  });
});
