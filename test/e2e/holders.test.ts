/**
 * The next issue reaches every holder of the set, on screen: an order sent to three recipients, its
 * revision's card offering "Send the changes to the 3 holders of the set" with each holder's price,
 * the checkout showing each holder's package before one payment, then the counter's row listing the
 * packages with their tracking and labels. Screenshots at 1366 and 390 px.
 */
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { fillContact, pageWithCookiesOf, screenshot, seriousA11yViolations, useClientCookies, watchPageErrors } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { adminClient } from '../helpers/adminTestKit';
import { ADDRESSES, CUSTOMER } from '../helpers/checkout';
import { makeTitledSetPdf } from '../helpers/pdf';
import { inchLine, planSheet } from '../helpers/revisions';
import { uploadIssue } from '../helpers/revisionKit';
import { orderNumberOf } from '#shared/fields';
import { formatDollars } from '#shared/money';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

const BW = PRICE_PER_PAGE_CENTS['24x36'].bw;
const PA = { street1: '1 Penn Sq', street2: '', city: 'Philadelphia', state: 'PA', zipCode: '19107' };

async function until(what: string, check: () => Promise<boolean>) {
  for (let i = 0; i < 300; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const analysed = (uploadId: string) => async () =>
  (await shop.sql<{ sheets_complete: boolean }[]>`select sheets_complete from uploads where id = ${uploadId}`)[0]?.sheets_complete === true;
const paid = (orderId: string) => async () =>
  (await shop.sql<{ payment_status: string }[]>`select payment_status from orders where id = ${orderId}`)[0]?.payment_status === 'paid';

/** The shot at 1366 px, then the same screen at 390 px, back to 1366. */
async function shots(page: Page, name: string) {
  await screenshot(page, `${name}-1366`);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await screenshot(page, `${name}-390`);
  await page.setViewportSize({ width: 1366, height: 900 });
}

describe('sending the changes to the holders of the set', () => {
  it('offers the holders on the revision card, shows their packages at checkout, and the counter its packages', async () => {
    const client = shop.client();
    const first = await uploadIssue(client, makeTitledSetPdf(['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'].map((n) => planSheet(n))));
    await until('the first issue analysed', analysed(first));
    const placed = await client.post('/api/create-payment-intent', {
      uploadId: first,
      printSize: '24x36',
      printType: 'bw',
      ...CUSTOMER,
      recipients: [
        { name: 'Owner', company: 'Client Co', delivery: 'pickup' },
        { name: 'Keystone Steel', delivery: 'shipping', address: PA, sheets: ['S'] },
        { name: 'Volt Electric', delivery: 'shipping', address: ADDRESSES.NJ, sheets: ['E'], sets: 0, halfSets: 1 },
      ],
    });
    expect(placed.status).toBe(201);
    const previousId = placed.body.orderId as string;
    expect((await client.post('/api/payments/demo/confirm', { orderId: previousId, cardNumber: '4242 4242 4242 4242' })).body).toEqual({ status: 'succeeded' });
    await until('the first order paid', paid(previousId));

    const page = await pageWithCookiesOf(browser, shop.url, client.cookieHeader(), 1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/orders/${previousId}`);
    await page.getByLabel('New issue PDF files').setInputFiles({
      name: 'Addendum 1.pdf',
      mimeType: 'application/pdf',
      buffer: await makeTitledSetPdf([
        planSheet('A-101'),
        planSheet('A-102', inchLine(720, 1440)),
        planSheet('S-101', inchLine(900, 1440)),
        planSheet('S-102'),
        planSheet('S-103'),
        planSheet('E-101'),
        planSheet('E-102'),
      ]),
    });
    await page.getByLabel('Revision summary').waitFor({ timeout: 90_000 });
    expect(await page.getByLabel('Revision summary').innerText()).toBe('2 changed · 1 new · 0 removed · 4 unchanged');

    // The offer: each holder with what they would get and its price; the E holder gets nothing.
    const offer = page.getByRole('region', { name: 'Holders of the set' });
    const holders = offer.getByTestId('holder-offer');
    await expect.poll(() => holders.nth(0).innerText(), { timeout: 20_000 }).toContain(formatDollars((3 * BW) / 100));
    expect(await holders.count()).toBe(3);
    expect(await holders.nth(0).innerText()).toMatch(/^Owner \(Client Co\) · A-102, S-101, S-103\s+\$[\d.]+ · pickup$/);
    expect(await holders.nth(1).innerText()).toMatch(
      new RegExp(`^Keystone Steel · S-101, S-103\\s+\\${formatDollars((2 * BW) / 100)} \\+ (free shipping|\\$[\\d.]+ shipping)$`),
    );
    expect(await holders.nth(2).innerText()).toBe('Volt Electric · nothing to send: not charged');
    // The sheets chosen on the card are the ones sent: without S-101 and S-103 the steel holder gets nothing.
    await page.getByLabel('Print S-101').uncheck();
    await page.getByLabel('Print S-103').uncheck();
    await expect.poll(() => holders.nth(1).innerText(), { timeout: 20_000 }).toBe('Keystone Steel · nothing to send: not charged');
    expect(await holders.nth(0).innerText()).toMatch(new RegExp(`^Owner \\(Client Co\\) · A-102\\s+\\${formatDollars(BW / 100)} · pickup$`));
    await page.getByLabel('Print S-101').check();
    await page.getByLabel('Print S-103').check();
    await expect.poll(() => holders.nth(1).innerText(), { timeout: 20_000 }).toContain('S-101, S-103');
    const send = offer.getByRole('button', { name: 'Send the changes to the 3 holders of the set' });
    await offer.scrollIntoViewIfNeeded();
    await shots(page, 'holders-offer');

    // At checkout: each receiving holder's package, then one payment for the sum.
    await send.click();
    await page.waitForURL(/\/checkout$/);
    const packages = page.getByTestId('holder-package');
    await packages.nth(1).waitFor({ timeout: 20_000 });
    expect(await packages.count()).toBe(2);
    expect(await packages.nth(0).innerText()).toContain('1. Owner (Client Co)');
    expect(await packages.nth(0).innerText()).toContain('1 set · 3 sheets: A-102, S-101, S-103');
    expect(await packages.nth(1).innerText()).toContain('2 sheets: S-101, S-103');
    expect(await packages.nth(1).innerText()).toContain('Tax (PA)');
    // Each package has its own sheets and sets: the summary's subtotal is no one count × price.
    await page.getByText('Subtotal', { exact: true }).waitFor();
    expect(await page.getByTestId('holders-summary').innerText()).toBe('To 2 holders of the set, each their own package');
    // Nothing to choose for delivery: each holder's is the previous order's.
    expect(await page.getByRole('checkbox', { name: 'Send to several people' }).count()).toBe(0);
    const [order] = await shop.sql<{ id: string; total_cents: number }[]>`
      select id, total_cents from orders where revision_of_order_id = ${previousId} order by created_at desc limit 1`;
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await expect.poll(() => pay.textContent(), { timeout: 15_000 }).toBe(`Pay $${(order.total_cents / 100).toFixed(2)}`);
    await shots(page, 'holders-checkout');
    expect(await seriousA11yViolations(page)).toEqual([]);

    await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com' });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await pay.click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    expect(page.url().split('/').pop()).toBe(order.id);
    await until('the reprint paid', paid(order.id));
    errors.assertClean();
    await page.context().close();

    // The counter: the reprint's row lists its two packages; labels bought, each its tracking and label link.
    const admin = await adminClient(shop);
    const bought = await admin.post(`/api/admin/generate-label/${order.id}`);
    expect(bought.status).toBe(200);
    const recipients = await shop.sql<{ id: string; name: string; tracking_number: string | null }[]>`
      select id, name, tracking_number from order_recipients where order_id = ${order.id} order by position`;
    const steel = recipients.find((r) => r.name === 'Keystone Steel')!;
    expect(steel.tracking_number).toBeTruthy();
    const counter = await pageWithCookiesOf(browser, shop.url, '', 1366);
    await useClientCookies(counter, admin, shop.url);
    const adminErrors = watchPageErrors(counter);
    await counter.goto(`${shop.url}/admin?q=${orderNumberOf(order.id)}`);
    const row = counter.getByRole('listitem', { name: `Order ${orderNumberOf(order.id)}` });
    await row.waitFor({ timeout: 15_000 });
    const rowPackages = row.getByTestId('order-package');
    await expect.poll(() => rowPackages.count(), { timeout: 10_000 }).toBe(2);
    const owner = await rowPackages.nth(0).innerText();
    expect(owner).toContain('1. Owner (Client Co)');
    expect(owner).toContain('Pickup');
    expect(owner).toContain('1 set · 3 sheets: A-102, S-101, S-103');
    const shipped = await rowPackages.nth(1).innerText();
    expect(shipped).toContain('2. Keystone Steel');
    expect(shipped).toContain('Ship to 1 Penn Sq, Philadelphia, PA 19107');
    expect(shipped).toContain(`Tracking ${steel.tracking_number}`);
    const label = rowPackages.nth(1).getByRole('link', { name: 'View label for Keystone Steel' });
    expect(await label.getAttribute('href')).toBe(`/api/admin/shipping-label/${order.id}?recipientId=${steel.id}`);
    expect((await admin.bytes(`/api/admin/shipping-label/${order.id}?recipientId=${steel.id}`)).status).toBe(200);
    // The order's one label button buys every package's; each label is beside its package.
    expect(await row.getByRole('button', { name: 'Regenerate Labels' }).count()).toBe(1);
    expect(await row.getByRole('link', { name: 'View Label', exact: true }).count()).toBe(0);
    await row.scrollIntoViewIfNeeded();
    await shots(counter, 'holders-admin-row');
    adminErrors.assertClean();
    await counter.context().close();
  }, 300_000);
});
