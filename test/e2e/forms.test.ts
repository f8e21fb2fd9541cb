/**
 * Errors that stay where they happened, the state field that reads names, the configuration card's
 * honest choices and its Enlarge dialog, and the phone's checkout bar: in Chromium, with the real
 * pages, API and worker.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, newPage, screenshot, seriousA11yViolations, watchPageErrors, seedThreeSheetCheckout, screenshotOf } from '../helpers/browser';
import { buildUpload } from '../helpers/factories';
import { giveAnonymousSession } from '../helpers/sessions';
import { ARCH_D, LETTER, makeDrawingPdf } from '../helpers/pdf';
import { tempDirForFile } from '../helpers/tempDir';

let shop: TestShop;
let browser: Browser;
let dir: string;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));
tempDirForFile('bp-forms-e2e-', (d) => (dir = d));

/** A page whose session owns a ready 3-sheet upload, with checkoutData stored as the card does. */
async function checkoutPage(options: { width?: number; height?: number } = {}): Promise<Page> {
  const client = shop.client();
  const sid = await giveAnonymousSession(shop, client);
  const upload = await buildUpload(shop, { sessionSid: sid, pages: 3, fileName: 'A-300 Details.pdf' });
  const page = await newPage(browser, options);
  page.setDefaultTimeout(15_000);
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
  await seedThreeSheetCheckout(page, upload);
  await page.goto(`${shop.url}/checkout`);
  await page.getByRole('heading', { name: 'Checkout' }).waitFor();
  return page;
}

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? null);

async function pdfFile(name: string, bytes: Promise<Buffer>): Promise<string> {
  const file = path.join(dir, name);
  fs.writeFileSync(file, await bytes);
  return file;
}

describe('errors that stay', { timeout: 90_000 }, () => {
  it('a declined card is still said at the card field 10 s later, with focus on it', async () => {
    const page = await checkoutPage();
    const errors = watchPageErrors(page);
    const pay = page.getByRole('button', { name: /^Pay \$/ });
    await pay.waitFor();
    await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada.declined@example.com' });
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    // The page's clock from here on is the test's: the 10 s below pass at once, and every timer the
    // payment's answer starts (the toast's 5 s among them) runs in them.
    await page.clock.install();
    await pay.click();
    // The spec's toast...
    const toasts = page.getByRole('region', { name: /Notifications/ }).getByText('Payment Failed');
    await toasts.first().waitFor();
    // ...and, once it has gone, the reason at the card field, which is marked and focused.
    await page.clock.fastForward(10_000);
    // The toast leaves with its exit animation, which runs on the browser's own time.
    await expect.poll(() => toasts.count(), { timeout: 5_000 }).toBe(0);
    const card = page.getByLabel('Card number');
    expect(await card.getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe('card-number');
    const alert = page.locator('#card-number-error');
    expect(await alert.getAttribute('role')).toBe('alert');
    expect(await alert.textContent()).toBe('Your card was declined.');
    expect(await card.getAttribute('aria-describedby')).toBe('card-number-error');
    await screenshot(page, 'forms-declined-card');
    // A new number puts the message away.
    await card.fill('4242 4242 4242 4242');
    expect(await page.locator('#card-number-error').count()).toBe(0);
    expect(await card.getAttribute('aria-invalid')).toBeNull();
    errors.assertClean();
    await page.context().close();
  });

  it('a letter-size upload is turned down next to the drop zone, and that stays', async () => {
    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    await input.setInputFiles(await pdfFile('Specs.pdf', makeDrawingPdf({ pages: 2, size: LETTER })));
    const alert = page.locator('#upload').getByRole('alert');
    await alert.getByText('Invalid Document Size').waitFor({ timeout: 30_000 });
    expect(await alert.textContent()).toContain('Sheet 1 is 8.5" x 11" (Letter), smaller than the smallest sheet we print, 17" x 22".');
    expect(await input.getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.type)).toBe('file');
    await page.waitForTimeout(6_000);
    expect(await alert.isVisible()).toBe(true);
    await screenshotOf(page.locator('#upload'), 'forms-upload-refused');

    // A file that is not a PDF: the new reason replaces the old one.
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await alert.getByText('Please upload a PDF file only.').waitFor();
    expect(await alert.count()).toBe(1);
    expect(await alert.textContent()).not.toContain('8.5');
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    errors.assertClean();
    await page.context().close();
  });
});

describe('the state field', { timeout: 60_000 }, () => {
  it('takes "New York", shows NY and loads the rates for it', async () => {
    const page = await checkoutPage();
    const errors = watchPageErrors(page);
    await page.getByRole('button', { name: /^Pay \$/ }).waitFor();
    // The choice is named by its card's title, which the page says once.
    expect(await page.getByRole('group', { name: 'Delivery method' }).count()).toBe(1);
    expect(await page.getByText('Delivery method', { exact: true }).count()).toBe(1);
    await page.getByRole('radio', { name: /Shipping/ }).check();
    await page.getByLabel('Street address *').fill('200 Park Ave');
    await page.getByLabel('City *').fill('New York');
    await page.getByLabel('State *').fill('New York');
    await page.getByLabel('ZIP *').fill('10166');
    expect(await page.getByLabel('State *').inputValue()).toBe('NY');
    const rates = page.locator('input[name="rate"]');
    await rates.first().waitFor();
    expect(await rates.first().isChecked()).toBe(true);
    // Near the shop Ground arrives as soon as the air services: the dearer ones say so.
    await page.getByText('Arrives the same day as UPS Ground').first().waitFor();
    expect(await page.getByText('Arrives the same day as UPS Ground').count()).toBe(2);
    await page.getByText(/Tax \(NY 8%\)/).waitFor();
    expect(await page.getByText(/ZIP 10166 is in/).count()).toBe(0);

    // Lower case, without leaving the field: rates for it all the same; leaving shows the code.
    await page.getByLabel('State *').fill('new jersey');
    await page.getByText(/Shipping could not be calculated: .*ZIP 10166 is in New York, not New Jersey\./).waitFor();
    // The spec's toast too.
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Shipping Error')
      .first()
      .waitFor();
    await page.getByLabel('ZIP *').fill('07652');
    expect(await page.getByLabel('State *').inputValue()).toBe('NJ');
    await page.getByText(/Tax \(NJ 6\.63%\)/).waitFor();

    // Not a state: Pay names it at the field.
    await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada.state@example.com' });
    await page.getByLabel('State *').fill('Atlantis');
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.getByTestId('pay-problem').getByText('Atlantis is not a US state. Please check it.').waitFor();
    expect(await page.getByLabel('State *').getAttribute('aria-invalid')).toBe('true');
    expect(await focusedId(page)).toBe('state');
    await screenshot(page, 'forms-state-field');
    // Corrected, the field's message goes from beside Pay as well: it does not wait for the next press.
    await page.getByLabel('State *').fill('NJ');
    await page.getByTestId('pay-problem').waitFor({ state: 'detached' });
    errors.assertClean();
    await page.context().close();
  });
});

describe('the total on Pay', { timeout: 90_000 }, () => {
  it('is the total charged: Pay waits while the total is re-priced, and a total that changed is shown, not charged', async () => {
    const page = await checkoutPage();
    const errors = watchPageErrors(page);
    await page.getByRole('button', { name: 'Pay $19.16' }).waitFor();
    await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada.total@example.com' });
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');

    // Rush: at once Pay is disabled and names no amount, until the new total is in.
    await page.getByLabel(/Rush order/).check();
    const payNow = page.locator('form#checkout-form button[type=submit]');
    expect(await payNow.textContent()).toBe('Pay');
    expect(await payNow.isDisabled()).toBe(true);
    // 3 x $5.99 + $20 rush = $37.97; NJ 6.63% → $2.52.
    await page.getByRole('button', { name: 'Pay $40.49' }).waitFor();

    // Rush off, but the re-pricing is lost on the way: the summary still says $40.49. Pay re-prices
    // first, finds $19.16, charges nothing and says so.
    let dropped = false;
    await page.route('**/api/create-payment-intent', (route) => {
      if (dropped) return route.continue();
      dropped = true;
      return route.abort();
    });
    await page.getByLabel(/Rush order/).uncheck();
    // The re-pricing goes out after its 500 ms pause and is dropped; then Pay is enabled again.
    await expect.poll(() => dropped, { timeout: 10_000 }).toBe(true);
    await page.waitForFunction(() => (document.querySelector('form#checkout-form button[type=submit]') as HTMLButtonElement | null)?.disabled === false);
    await page.getByRole('button', { name: 'Pay $40.49' }).click();
    await page.getByTestId('pay-problem').getByText('The total is now $19.16. Nothing was charged: please check it and press Pay again.').waitFor();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Total updated')
      .first()
      .waitFor();
    const unpaid = await shop.sql<{ payment_status: string }[]>`select payment_status from orders where customer_email = 'ada.total@example.com'`;
    expect(unpaid.map((o) => o.payment_status)).toEqual(['unpaid']);
    await screenshot(page, 'forms-total-changed');

    await page.getByRole('button', { name: 'Pay $19.16' }).click();
    await page.waitForURL(/\/order-success\//);
    // The worker records the payment: the order is paid $19.16, what Pay said.
    let paid: { payment_status: string; total_cents: number }[] = [];
    for (let i = 0; i < 100 && paid[0]?.payment_status !== 'paid'; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, 100));
      paid = await shop.sql`select payment_status, total_cents from orders where customer_email = 'ada.total@example.com'`;
    }
    expect(paid).toEqual([{ payment_status: 'paid', total_cents: 1916 }]);
    // The one dropped request is the only error.
    expect(errors.problems.filter((p) => !/net::ERR_FAILED/.test(p))).toEqual([]);
    await page.context().close();
  });
});

describe('a phone-width checkout', { timeout: 60_000 }, () => {
  it('keeps the total and Pay in a bar at the bottom of the screen', async () => {
    const page = await checkoutPage({ width: 390, height: 844 });
    const errors = watchPageErrors(page);
    const bar = page.getByTestId('pay-bar');
    const pay = bar.getByRole('button', { name: /^Pay \$/ });
    await pay.waitFor();
    expect(await page.getByRole('button', { name: /^Pay \$/ }).count()).toBe(1);
    expect(await bar.getByTestId('pay-bar-total').textContent()).toBe('$19.16');
    expect(await pay.textContent()).toBe('Pay $19.16');
    for (const y of [0, 1500, 100_000]) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const box = await bar.boundingBox();
      expect(box && Math.round(box.y + box.height)).toBe(844);
      expect(await pay.isVisible()).toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    // The end of the page (the footer's last line) scrolls out from under the bar.
    const end = await page.locator('footer').last().boundingBox();
    const barBox = await bar.boundingBox();
    expect((end?.y ?? 0) + (end?.height ?? 0)).toBeLessThanOrEqual((barBox?.y ?? 0) + 1);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshotOf(page, 'forms-checkout-phone-bar');

    // A field focused from the keyboard comes to rest above the bar, not under it.
    await page.getByRole('radio', { name: /Shipping/ }).check();
    for (const label of ['State *', 'ZIP *', 'Card number']) {
      const field = page.getByLabel(label);
      const top = await field.evaluate((el) => el.getBoundingClientRect().top + window.scrollY);
      await page.evaluate((y) => window.scrollTo(0, y - window.innerHeight + 40), top);
      await field.focus();
      const [fieldBox, barTop] = [await field.boundingBox(), (await bar.boundingBox())?.y ?? 0];
      expect((fieldBox?.y ?? 0) + (fieldBox?.height ?? 0), label).toBeLessThanOrEqual(barTop);
    }
    await page.getByRole('radio', { name: /Pickup/ }).check();

    // Pay from the bar checks the form like the desktop button does.
    await pay.click();
    await page.getByTestId('pay-problem').getByText('First name is required').waitFor();
    expect(await focusedId(page)).toBe('first-name');
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations)).toEqual([]);
    errors.assertClean();
    await page.context().close();

    // From 1024 px the button is beside the form and the bar is gone.
    const wide = await checkoutPage({ width: 1366, height: 900 });
    await wide.getByRole('button', { name: /^Pay \$/ }).waitFor();
    expect(await wide.getByTestId('pay-bar').count()).toBe(0);
    expect(await wide.getByRole('button', { name: /^Pay \$/ }).count()).toBe(1);
    await wide.context().close();
  });
});

describe('the configuration card', { timeout: 120_000 }, () => {
  it('offers only sensible print types, says when sets are out of range, and Enlarge is a dialog', async () => {
    const page = await newPage(browser, { height: 900 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    await input.setInputFiles(await pdfFile('B-100 Plans.pdf', makeDrawingPdf({ pages: 2, size: ARCH_D })));
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('$11.98').last().waitFor({ timeout: 45_000 });
    // All black and white: no "Color only where needed".
    expect(await page.getByRole('radio', { name: /only where needed/ }).count()).toBe(0);
    // As drawn and the two papers, then the two inks.
    expect(await page.getByRole('radio').count()).toBe(5);

    // 250 sets is said to be too many, and nothing is priced for it; 0 sets and 0 half-size sets likewise.
    const sets = page.getByLabel('Sets', { exact: true });
    await sets.fill('250');
    await page.getByText('Sets must be a whole number from 0 to 100.').first().waitFor();
    expect(await sets.inputValue()).toBe('250');
    expect(await sets.getAttribute('aria-invalid')).toBe('true');
    expect(await summary.textContent()).not.toContain('$');
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).count()).toBe(0);
    await sets.fill('0');
    await summary.getByText('Please order at least one set, full size or half size.', { exact: false }).waitFor();
    await sets.fill('3');
    await summary.getByText('$35.94').last().waitFor();
    expect(await page.getByText('Sets must be a whole number from 0 to 100.').count()).toBe(0);

    // Enlarge: a dialog that keeps focus, closes on Escape, gives focus back and leaves the page where it was.
    const enlarge = page.getByRole('button', { name: 'Enlarge sheet 2' });
    await enlarge.waitFor({ timeout: 30_000 });
    await enlarge.scrollIntoViewIfNeeded();
    const scrollBefore = await page.evaluate(() => window.scrollY);
    await enlarge.click();
    const dialog = page.getByRole('dialog', { name: 'Sheet 2' });
    await dialog.waitFor();
    expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((el) => el.contains(document.activeElement)), `tab ${i}`).toBe(true);
    }
    await screenshotOf(page, 'forms-enlarge-dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.waitForFunction(() => document.activeElement?.textContent === 'Enlarge sheet 2');
    expect(await page.evaluate(() => window.scrollY)).toBe(scrollBefore);
    errors.assertClean();
    await page.context().close();
  });

  it('on a phone, the upload toast sits over the navigation bar, not over the card', async () => {
    const page = await newPage(browser, { width: 390, height: 844 });
    await page.goto(`${shop.url}/`);
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    await page.locator('#upload').scrollIntoViewIfNeeded();
    await input.setInputFiles(await pdfFile('C-100 Phone.pdf', makeDrawingPdf({ pages: 1, size: ARCH_D })));
    const toast = page.locator('.toast-root').first();
    await page.getByRole('button', { name: 'Remove File' }).waitFor({ timeout: 45_000 });
    await toast.waitFor();
    const box = await toast.boundingBox();
    const header = await page.locator('header').first().boundingBox();
    expect(box).not.toBeNull();
    expect((box?.y ?? 99) + (box?.height ?? 99)).toBeLessThanOrEqual((header?.y ?? 0) + (header?.height ?? 0));
    await screenshotOf(page, 'forms-upload-toast-phone');
    await page.context().close();
  });
});

describe('the price and the color verdict', { timeout: 120_000 }, () => {
  it('says "Checking color…" until the report is in, then prices an all-color set in color, without "only where needed"', async () => {
    const page = await newPage(browser, { height: 900 });
    const errors = watchPageErrors(page);
    // The per-sheet report, held back: the answers say the sheets are not judged yet, as on a busy
    // worker, until `release`.
    let held = true;
    await page.route(/\/api\/uploads\/[0-9a-f-]{36}$/, async (route) => {
      const response = await route.fetch();
      const info = await response.json();
      if (!held || info.status !== 'ready') return route.fulfill({ response, json: info });
      const sheets = info.sheets.map((s: Record<string, unknown>) => ({
        ...s,
        color: null,
        blank: null,
        scaleNotes: null,
        lowResolution: null,
        previewUrl: null,
      }));
      return route.fulfill({ response, json: { ...info, sheets, colorSheetCount: null, sheetsComplete: false } });
    });
    await page.goto(`${shop.url}/`);
    const input = page.locator('#upload input[type=file]');
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    await input.setInputFiles(await pdfFile('R-100 Red.pdf', makeDrawingPdf({ pages: 2, size: ARCH_D, ink: '#dc2626' })));
    const summary = page.getByRole('region', { name: 'Order summary' });
    await summary.getByText('Checking color…').waitFor({ timeout: 45_000 });
    await page.waitForTimeout(1_500);
    expect(await summary.textContent()).not.toContain('$');
    expect(await page.getByRole('button', { name: 'Proceed to Checkout' }).count()).toBe(0);
    await screenshotOf(page.locator('#upload'), 'forms-checking-color');

    held = false;
    await summary.getByText('$29.98').last().waitFor({ timeout: 30_000 });
    expect(await page.getByRole('radio', { name: 'Color' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /only where needed/ }).count()).toBe(0);
    expect(await summary.textContent()).not.toContain('Checking color');
    errors.assertClean();
    await page.context().close();
  });
});
