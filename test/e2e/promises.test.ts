/**
 * Promises in Chromium (docs/decisions/010-promises-ready-by-and-free-shipping.md): a signed-in reorder starts from a prefilled checkout (contact from the
 * account, delivery, address and rush from the earlier order); an order over $100 ships free with the
 * cheapest service; a shipped order's page shows its tracking link once the admin has made a label;
 * the Pay button names and focuses the field that is wrong, and a new state drops the old rates.
 */
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, newPage, screenshot, seedCheckoutData, shipTo, watchPageErrors, seedThreeSheetCheckout, screenshotOf } from '../helpers/browser';
import { buildOrder, buildUpload, buildUser } from '../helpers/factories';
import { adminClient, customerClient } from '../helpers/adminTestKit';
import { giveAnonymousSession } from '../helpers/sessions';
import type { TestClient } from '../helpers/client';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

/** A Chromium page carrying the cookies of `client`. */
async function pageAs(client: TestClient, options: { width?: number; height?: number } = {}): Promise<Page> {
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
  return page;
}

describe('promise journeys', () => {
  it('a signed-in reorder starts prefilled: contact from the account, delivery, address and rush from the order', async () => {
    const user = await buildUser(shop, { email: 'reorder15@example.com', firstName: 'Katherine', lastName: 'Johnson' });
    await shop.sql`update users set phone = '201-555-0177', email_verified_at = now() where id = ${user.id}`;
    await buildOrder(shop, { userId: user.id, email: user.email, shippingMethod: 'shipping', state: 'NY', rushOrder: true, pages: 2 });
    const page = await pageAs(await customerClient(shop, user.id));
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/orders`);
    await page
      .getByRole('button', { name: /^Order again/ })
      .first()
      .click();
    await page.waitForURL(`${shop.url}/checkout`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 15_000 });
    expect(await page.getByLabel('First name *').inputValue()).toBe('Katherine');
    expect(await page.getByLabel('Last name *').inputValue()).toBe('Johnson');
    expect(await page.getByLabel('Email *').inputValue()).toBe('reorder15@example.com');
    expect(await page.getByLabel('Phone (optional)').inputValue()).toBe('201-555-0177');
    expect(await page.getByText('Create an account').count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: /Rush order/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Shipping/ }).isChecked()).toBe(true);
    expect(await page.getByLabel('Street address *').inputValue()).toBe('1 Main St');
    expect(await page.getByLabel('State *').inputValue()).toBe('NY');
    expect(await page.getByLabel('ZIP *').inputValue()).toBe('12207');
    // The rates come back for the prefilled address and the order is re-priced with rush and shipping.
    await page.locator('input[name="rate"]').first().waitFor({ timeout: 15_000 });
    await page.getByTestId('ready-by-promise').waitFor();
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
    await page.getByText(/Tax \(NY 8%\)/).waitFor({ timeout: 10_000 });
    await screenshot(page, 'promises-reorder-prefilled');
    errors.assertClean();
    await page.close();
  });

  it('an order over $100 ships free with the cheapest service and is charged so', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    // 7 color sheets of 24" x 36" = $104.93.
    const upload = await buildUpload(shop, { sessionSid: sid, pages: 7, fileName: 'S-300 Site.pdf' });
    const page = await pageAs(client);
    const errors = watchPageErrors(page);
    const data = {
      uploadId: upload.id,
      fileName: upload.file_name,
      pageCount: 7,
      fileSize: upload.file_size,
      printSize: '24x36',
      printType: 'color',
      pricePerPage: 14.99,
      totalAmount: 104.93,
    };
    await seedCheckoutData(page, data);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
    await fillContact(page, { first: 'Mary', last: 'Jackson', email: 'mary15@example.com' });
    await shipTo(page, { street1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207' });
    const rates = page.locator('input[name="rate"]');
    await rates.first().waitFor({ timeout: 15_000 });
    await page.getByText('Free (orders over $100)').waitFor({ timeout: 10_000 });
    // 104.93 + 8% of 104.93 (8.39) = 113.32: no shipping in the total, nor in its tax.
    const pay = page.getByRole('button', { name: 'Pay $113.32' });
    await pay.waitFor({ timeout: 10_000 });
    await screenshot(page, 'promises-free-shipping');
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await pay.click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 15_000 });
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    const orderId = page.url().split('/').pop()!;
    const [order] = await shop.sql`select * from orders where id = ${orderId}`;
    expect(order).toMatchObject({ payment_status: 'paid', shipping_cost_cents: 0, subtotal_cents: 10493, tax_cents: 839, total_cents: 11332 });
    await page.getByTestId('order-ready-by').waitFor({ timeout: 10_000 });
    await screenshot(page, 'promises-free-shipping-order');
    errors.assertClean();
    await page.close();
  });

  it("a shipped order's page shows its tracking link after the admin generates a label", async () => {
    const order = await buildOrder(shop, { shippingMethod: 'shipping', state: 'NY', email: 'shipped15@example.com' });
    const admin = await adminClient(shop);
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/orders/${order.id}?token=${order.access_token}`);
    await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor({ timeout: 10_000 });
    expect(await page.getByRole('link', { name: 'Track your package' }).count()).toBe(0);

    expect((await admin.patch(`/api/orders/${order.id}/status`, { status: 'processing' })).status).toBe(200);
    const label = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(label.status).toBe(200);
    expect((await admin.patch(`/api/orders/${order.id}/status`, { status: 'completed' })).status).toBe(200);

    await page.goto(`${shop.url}/order-success/${order.id}?token=${order.access_token}`);
    await page.getByRole('heading', { name: 'Your Order Has Shipped' }).waitFor({ timeout: 10_000 });
    const link = page.getByRole('link', { name: 'Track your package' });
    await link.waitFor();
    expect(await link.getAttribute('href')).toBe(`https://www.ups.com/track?loc=en_US&tracknum=${label.body.trackingNumber}`);
    await page.getByText(label.body.trackingNumber).first().waitFor();
    const timeline = page.getByRole('list', { name: 'Order timeline' });
    expect((await timeline.innerText()).replace(/\s+/g, ' ')).toMatch(/Order placed .*Printing .*Completed/);
    await screenshot(page, 'promises-shipped-order');
    errors.assertClean();
    await page.close();
  });

  it('Pay names a wrong state, and a new state drops the old shipping and tax from the total', async () => {
    const client = shop.client();
    const sid = await giveAnonymousSession(shop, client);
    const upload = await buildUpload(shop, { sessionSid: sid, pages: 3 });
    const page = await pageAs(client);
    const data = {
      uploadId: upload.id,
      fileName: upload.file_name,
      pageCount: 3,
      fileSize: upload.file_size,
      printSize: '24x36',
      printType: 'bw',
      pricePerPage: 5.99,
      totalAmount: 17.97,
    };
    await seedCheckoutData(page, data);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 15_000 });
    await fillContact(page, { first: 'Dorothy', last: 'Vaughan', email: 'dorothy15@example.com' });
    await shipTo(page, { street1: '1 Main St', city: 'Albany', state: 'NY', zip: '12207' });
    await page.getByText(/Tax \(NY 8%\)/).waitFor({ timeout: 15_000 });
    // NJ with a New York ZIP: the rate fetch fails, says why, and the total loses shipping and tax.
    await page.getByLabel('State *').fill('NJ');
    await page.getByText(/Shipping could not be calculated/).waitFor({ timeout: 10_000 });
    await page.getByText('Total before shipping and tax').waitFor();
    expect(await page.getByText(/Tax \(NY 8%\)/).count()).toBe(0);
    const pay = page.getByRole('button', { name: 'Pay', exact: true });
    await pay.click();
    await page
      .getByTestId('pay-problem')
      .getByText(/ZIP 12207 is in New York, not New Jersey\./)
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('shipping-rate');
    await page.getByLabel('State *').fill('ZZ');
    await pay.click();
    await page.getByTestId('pay-problem').getByText('ZZ is not a US state. Please check it.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('state');
    expect(await page.getByLabel('State *').getAttribute('aria-invalid')).toBe('true');
    await screenshot(page, 'promises-checkout-wrong-state');
    await page.close();
  });
});

describe('the holiday clock at a fixed time', () => {
  // Wednesday, November 25, 2026, 12:30 PM in New York: after the same-day cutoff, the day before Thanksgiving.
  const WEDNESDAY_1230 = new Date('2026-11-25T12:30:00-05:00');

  for (const width of [1366, 390]) {
    it(`the hero and the checkout promise Friday, Nov 27 by 6 PM, never Thanksgiving (${width} px)`, async () => {
      const client = shop.client();
      const sid = await giveAnonymousSession(shop, client);
      const upload = await buildUpload(shop, { sessionSid: sid, pages: 3 });
      const page = await pageAs(client, { width });
      const errors = watchPageErrors(page);
      await page.clock.setFixedTime(WEDNESDAY_1230);

      await page.goto(shop.url);
      const countdown = page.getByTestId('ready-by-countdown');
      await countdown.getByText(/ready Friday, Nov 27 by 6 PM/).waitFor({ timeout: 15_000 });
      expect(await countdown.innerText()).toBe('Order now: ready Friday, Nov 27 by 6 PM (rush: today by 4:30 PM)');
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/ready today\.$/);
      expect(await page.locator('body').innerText()).not.toMatch(/Thursday, Nov 26|Thu, Nov 26/);
      await screenshotOf(page.locator('section[aria-labelledby="hero-title"]'), `holiday-clock-hero-${width}`);

      await seedThreeSheetCheckout(page, upload);
      await page.goto(`${shop.url}/checkout`);
      const promise = page.getByTestId('ready-by-promise');
      await promise.getByText('Ready Friday, Nov 27 by 6:00 PM').waitFor({ timeout: 15_000 });
      expect((await promise.innerText()).trim()).toBe('Ready Friday, Nov 27 by 6:00 PM (rush: today by 4:30 PM).');
      await page.getByText('Paramus, NJ: ready Friday, Nov 27 by 6:00 PM').waitFor();
      expect(await page.locator('body').innerText()).not.toMatch(/Thursday, Nov 26|Thu, Nov 26/);
      await screenshot(page, `holiday-clock-checkout-${width}`);
      errors.assertClean();
      await page.close();
    });
  }

  it('on Thanksgiving itself the hero promises Friday, headline included', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.clock.setFixedTime(new Date('2026-11-26T10:00:00-05:00'));
    await page.goto(shop.url);
    const countdown = page.getByTestId('ready-by-countdown');
    await countdown.getByText(/ready Friday, Nov 27 by 6 PM/).waitFor({ timeout: 15_000 });
    expect(await countdown.innerText()).toBe('Order now: ready Friday, Nov 27 by 6 PM (rush: Friday, Nov 27 by 1 PM)');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/ready Friday\.$/);
    await screenshotOf(page.locator('section[aria-labelledby="hero-title"]'), 'holiday-clock-thanksgiving');
    errors.assertClean();
    await page.close();
  });
});
