/**
 * The shop's browser journeys, end to end through the real pages, the real API and a real
 * background worker (upload analysis, payment reconciliation, receipts, status emails, exports):
 *   1. a guest uploads, configures, checks out with pickup and the built-in test card, sees
 *      'Order Confirmed!' and downloads the receipt;
 *   2. a guest ships to New York and sees New York's 8% tax;
 *   3. a letter-size PDF gets 'Invalid Document Size';
 *   4. a customer registers, signs in, orders from the dashboard and sees the order there;
 *   5. the admin changes the status of the guest's order and exports the orders' files.
 * Each journey ends with a screenshot in test-results/screenshots/journey-*.png.
 */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, newPage, screenshot, seriousA11yViolations, shipTo, watchPageErrors } from '../helpers/browser';
import { ARCH_D, LETTER, makeDrawingPdf } from '../helpers/pdf';
import { buildOrder } from '../helpers/factories';
import { unzip } from '../helpers/adminTestKit';
import { orderNumberOf } from '#shared/fields';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';
import { mulDivRoundHalfUp } from '#shared/money';

let shop: TestShop;
let browser: Browser;
/** Orders the journeys placed, for the admin journey. */
const placed: { id: string; fileName: string }[] = [];

browserShopForFile((s, b) => ([shop, browser] = [s, b]));

/** A fresh browser (own cookies and session storage), a little taller than the default. */
function openPage(options: { width?: number; height?: number } = {}): Promise<Page> {
  return newPage(browser, { width: options.width, height: options.height ?? 900 });
}

/** A full-page screenshot from the top (so the sticky navigation bar is where a person sees it). */
async function endShot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name);
}

/** Chooses a PDF in the upload section's file input, as a person picking a file does. */
async function chooseFile(page: Page, name: string, pdf: Buffer) {
  const input = page.locator('#upload input[type=file]');
  await input.waitFor({ state: 'attached', timeout: 30_000 });
  await input.setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
}

/** Waits for the analysis, picks size and type, and goes on to /checkout. */
async function configureAndProceed(page: Page, fileName: string, options: { color?: boolean } = {}) {
  await page.getByText('Upload Complete!').first().waitFor({ timeout: 45_000 });
  await page.getByRole('button', { name: 'Remove File' }).waitFor({ timeout: 15_000 });
  await page.getByRole('heading', { name: fileName }).waitFor();
  await page.getByRole('radio', { name: '24" x 36"' }).check();
  await page.getByRole('radio', { name: options.color ? 'Color' : 'Black & White' }).check();
  await page.getByRole('button', { name: 'Proceed to Checkout' }).click();
  await page.waitForURL(/\/checkout$/, { timeout: 15_000 });
  await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 30_000 });
  await page.getByRole('button', { name: /^Pay \$/ }).waitFor({ timeout: 30_000 });
}

/** Pays with the built-in provider's test card and waits for the confirmation page to show the payment. */
async function payWithTestCard(page: Page): Promise<string> {
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('1234');
  await page.getByLabel('CVC').fill('123');
  // Re-pricing after a change is debounced; pay once the page has the final amount.
  await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 30_000 });
  await page.getByRole('heading', { name: 'Order Confirmed!' }).waitFor({ timeout: 15_000 });
  // The worker reconciles the payment; the page polls until it is in.
  await page.getByText('Payment received').first().waitFor({ timeout: 30_000 });
  return page.url().split('/').pop() as string;
}

describe('browser journeys', { timeout: 150_000 }, () => {
  it('1. a guest uploads, configures, checks out with pickup and the test card, and downloads the receipt', async () => {
    const page = await openPage();
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { level: 1, name: /Large-format blueprint printing/ }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Upload & Print Now' }).click();
    const fileName = 'A-101 Floor Plans.pdf';
    await chooseFile(page, fileName, await makeDrawingPdf({ pages: 3, size: ARCH_D, title: 'Journey 1' }));
    await configureAndProceed(page, fileName);

    await fillContact(page, { first: 'Grace', last: 'Hopper', email: 'grace@example.com' });
    expect(await page.getByRole('radio', { name: /Pickup/ }).isChecked()).toBe(true);
    await page.getByText(/Tax \(NJ 6\.63%\)/).waitFor({ timeout: 15_000 });
    // 3 sheets x $5.99 = $17.97, NJ tax $1.19.
    expect(await page.getByRole('button', { name: /^Pay \$/ }).textContent()).toBe('Pay $19.16');

    const orderId = await payWithTestCard(page);
    await page.getByRole('heading', { name: "What's Next?" }).waitFor();
    await page.getByText('grace@example.com').first().waitFor();
    const [order] = await shop.sql`select * from orders where id = ${orderId}`;
    expect(order).toMatchObject({
      payment_status: 'paid',
      shipping_method: 'pickup',
      page_count: 3,
      print_size: '24x36',
      print_type: 'bw',
      total_cents: 1916,
      card_last4: '4242',
    });
    placed.push({ id: orderId, fileName });

    const download = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Download Receipt' }).click();
    const receipt = await download;
    expect(receipt.suggestedFilename()).toBe(`receipt-${orderId}.pdf`);
    expect(
      fs
        .readFileSync(await receipt.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await page.getByText('Receipt downloaded', { exact: true }).first().waitFor();

    expect(await seriousA11yViolations(page)).toEqual([]);
    await endShot(page, 'journey-1-guest-pickup-confirmed');
    errors.assertClean();
    await page.context().close();
  });

  it('2. a guest ships to New York and sees New York tax (8%)', async () => {
    const page = await openPage();
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    const fileName = 'S-201 Framing Plan.pdf';
    await chooseFile(page, fileName, await makeDrawingPdf({ pages: 2, size: ARCH_D, title: 'Journey 2', linework: 3000 }));
    await configureAndProceed(page, fileName, { color: true });

    await fillContact(page, { first: 'Linus', last: 'Pauling', email: 'linus@example.com' });
    await shipTo(page, { street1: '350 5th Ave', city: 'New York', state: 'ny', zip: '10118' });
    expect(await page.getByLabel('State *').inputValue()).toBe('NY');
    const rates = page.locator('input[name="rate"]');
    await rates.first().waitFor({ timeout: 20_000 });
    expect(await rates.first().isChecked()).toBe(true);
    await page.getByText('Tax (NY 8%)').waitFor({ timeout: 20_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);

    const orderId = await payWithTestCard(page);
    const [order] = await shop.sql`select * from orders where id = ${orderId}`;
    const subtotal = 2 * PRICE_PER_PAGE_CENTS['24x36'].color;
    expect(order).toMatchObject({
      shipping_method: 'shipping',
      tax_state: 'NY',
      tax_rate_millipercent: 8000,
      subtotal_cents: subtotal,
      payment_status: 'paid',
    });
    expect(order.shipping_cost_cents).toBeGreaterThan(0);
    expect(order.tax_cents).toBe(mulDivRoundHalfUp(subtotal + order.shipping_cost_cents, 8, 100));
    expect(order.total_cents).toBe(subtotal + order.shipping_cost_cents + order.tax_cents);
    // The confirmation shows the same tax the server charged.
    await page
      .getByText(`$${(order.tax_cents / 100).toFixed(2)}`)
      .first()
      .waitFor();
    placed.push({ id: orderId, fileName });

    await endShot(page, 'journey-2-guest-ships-to-ny');
    errors.assertClean();
    await page.context().close();
  });

  it('3. a letter-size PDF gets Invalid Document Size and the upload returns to the drop zone', async () => {
    const page = await openPage();
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await chooseFile(page, 'Specifications.pdf', await makeDrawingPdf({ pages: 2, size: LETTER }));
    // The spec's toast, and the same words kept under the drop zone.
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Invalid Document Size', { exact: true })
      .waitFor({ timeout: 45_000 });
    await page.locator('#upload').getByRole('alert').getByText('Invalid Document Size', { exact: true }).waitFor();
    await page.getByText('Sheet 1 is 8.5" x 11" (Letter), smaller than the smallest sheet we print', { exact: false }).first().waitFor();
    expect(await page.locator('#upload input[type=file]').isDisabled()).toBe(false);
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).count()).toBe(0);
    await endShot(page, 'journey-3-invalid-document-size');
    errors.assertClean();
    await page.context().close();
  });

  it('4. a customer registers, signs in, orders from the dashboard and sees the order there', async () => {
    const page = await openPage();
    const errors = watchPageErrors(page);
    const email = `ada-${Date.now()}@example.com`;
    await page.goto(`${shop.url}/`);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Sign In' }).waitFor({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByRole('heading', { name: 'Create Account' }).waitFor({ timeout: 30_000 });
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('analytical engine');
    // Creating the account signs in and lands on the dashboard.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`${shop.url}/dashboard`, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor({ timeout: 30_000 });
    await page.getByText('No orders yet').first().waitFor();

    const fileName = 'M-301 Mechanical.pdf';
    await chooseFile(page, fileName, await makeDrawingPdf({ pages: 4, size: ARCH_D, title: 'Journey 4' }));
    await configureAndProceed(page, fileName);
    await fillContact(page, { first: 'Ada', last: 'Lovelace', email });
    const orderId = await payWithTestCard(page);
    const [order] = await shop.sql`select o.*, u.email as user_email from orders o join users u on u.id = o.user_id where o.id = ${orderId}`;
    expect(order).toMatchObject({ user_email: email, page_count: 4, payment_status: 'paid' });
    placed.push({ id: orderId, fileName });

    // Coming back to the shop later (a fresh page load): the dashboard lists the order.
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor({ timeout: 30_000 });
    // The most recent order's card, by its order number (the id's last 8 characters, as everywhere).
    await page
      .getByText(`Order #${orderId.slice(-8).toUpperCase()}`)
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await page.getByText('No orders yet').count()).toBe(0);
    await page.getByRole('button', { name: 'Download Receipt' }).first().waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await endShot(page, 'journey-4-customer-dashboard');
    errors.assertClean();
    await page.context().close();
  });

  it('5. the admin changes an order status and exports the orders', async () => {
    // Run alone, this journey still has orders to work on.
    if (placed.length < 2) {
      for (const email of ['solo-1@example.com', 'solo-2@example.com'])
        placed.push({ id: (await buildOrder(shop, { email })).id, fileName: 'A-100 Floor Plans.pdf' });
    }
    const [first, second] = placed;
    const page = await openPage();
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin/login`);
    await page.getByLabel('Username').fill(shop.ctx.env.ADMIN_USERNAME);
    await page.getByLabel('Password').fill(shop.ctx.env.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin$/, { timeout: 15_000 });
    await page.getByRole('heading', { name: 'Recent Orders' }).waitFor({ timeout: 30_000 });

    const row = page.getByRole('listitem', { name: `Order ${orderNumberOf(first.id)}` });
    await row.waitFor({ timeout: 15_000 });
    await row.getByLabel(`Status of order ${orderNumberOf(first.id)}`).selectOption('processing');
    await row.getByRole('button', { name: 'Change and email' }).click();
    await page.getByText('Status Updated', { exact: true }).first().waitFor({ timeout: 15_000 });
    expect(await seriousA11yViolations(page)).toEqual([]);
    const [changed] = await shop.sql`select status from orders where id = ${first.id}`;
    expect(changed.status).toBe('processing');

    await page.getByLabel(`Select order ${orderNumberOf(first.id)}`).check();
    await page.getByLabel(`Select order ${orderNumberOf(second.id)}`).check();
    const downloadPromise = page.waitForEvent('download', { timeout: 30_000 });
    await page.getByRole('button', { name: 'Export Selected' }).click();
    const download = await downloadPromise;
    await page.getByText('Successfully exported 2 orders', { exact: true }).first().waitFor({ timeout: 15_000 });
    const entries = await unzip(fs.readFileSync(await download.path()));
    // Each drawing with its job ticket beside it.
    expect([...entries.keys()].sort()).toEqual(
      [first, second].flatMap((o) => [`${orderNumberOf(o.id)}-${o.fileName}`, `${orderNumberOf(o.id)}-JOB-TICKET.pdf`]).sort(),
    );

    await endShot(page, 'journey-5-admin-status-and-export');
    errors.assertClean();
    await page.context().close();
  });
});
