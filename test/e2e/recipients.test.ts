/**
 * "Send to several people" at checkout in Chromium: twelve recipients pasted as CSV, each row with
 * its sheets and package price from the server, a bad ZIP named beside its row, then one payment;
 * and each row's own finishing and reduced sets, from the CSV and under its "Finishing" disclosure.
 */
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, newPage, screenshot, seedCheckoutData, seriousA11yViolations, watchPageErrors, screenshotOf } from '../helpers/browser';
import { buildUpload } from '../helpers/factories';
import { giveAnonymousSession } from '../helpers/sessions';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

const SET = ['A-101', 'A-102', 'S-101', 'S-102', 'E-101', 'E-102'];

/** Twelve recipients: every third picks up the whole set, the others get a discipline shipped. */
const CSV = [
  'name,company,email,phone,street1,street2,city,state,zip,sets,halfSets,sheets',
  ...Array.from({ length: 12 }, (_, i) =>
    i % 3 === 0
      ? `Holder ${i + 1},Client Co,,,,,,,,1,0,`
      : `Sub ${i + 1},Trade ${i + 1},sub${i + 1}@example.com,,1 Penn Sq,,Philadelphia,PA,19107,1,${i % 2},${['S', 'E', 'A-101..A-102'][i % 3]}`,
  ),
].join('\n');

/** A page whose session owns a ready upload of the six numbered sheets, with checkoutData stored as the card does. */
async function pageWithNumberedSet(options: { width?: number; height?: number } = {}) {
  const client = shop.client();
  const sid = await giveAnonymousSession(shop, client);
  const upload = await buildUpload(shop, { sessionSid: sid, pages: SET.length, fileName: 'Harbor School.pdf' });
  await shop.sql`
    insert into upload_sheets ${shop.sql(SET.map((sheetNumber, i) => ({ upload_id: upload.id, number: i + 1, width_in: 36, height_in: 24, sheet_number: sheetNumber })))}`;
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
  await seedCheckoutData(page, {
    uploadId: upload.id,
    fileName: upload.file_name,
    pageCount: SET.length,
    fileSize: upload.file_size,
    printSize: '24x36',
    printType: 'bw',
    pricePerPage: 5.99,
    totalAmount: 35.94,
  });
  return { page, sid };
}

describe('sending one set to several people', () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    it(`prices twelve recipients from a CSV and pays once (${width} px)`, { timeout: 120_000 }, async () => {
      const { page, sid } = await pageWithNumberedSet({ width, height });
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/checkout`);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 15_000 });
      await page.getByRole('checkbox', { name: 'Send to several people' }).check();
      await page.getByLabel('Paste or import a CSV').fill(CSV);
      await page.getByRole('button', { name: 'Add these recipients' }).click();
      const rows = page.getByTestId('recipient-row');
      await rows.nth(11).waitFor();
      expect(await rows.count()).toBe(12);
      // Each row shows its package as the server priced it.
      await rows
        .nth(11)
        .getByText(/package \$/)
        .waitFor({ timeout: 15_000 });
      expect(await rows.nth(1).textContent()).toContain('2 sheets: E-101, E-102');
      expect(await rows.nth(0).textContent()).toContain('6 sheets: A-101, A-102, S-101, S-102, E-101, E-102');
      // Each package pays its own state's tax: the summary says so rather than one state's rate.
      await page.getByText('Tax (each package its own state)').first().waitFor();
      await screenshot(page, `recipients-checkout-${width}`);

      // A row with a bad ZIP: the sentence beside it; removed, the list prices again.
      await page.getByLabel('Paste or import a CSV').fill('name,street1,city,state,zip\nAcme Steel,1 Main St,Albany,NY,1220');
      await page.getByRole('button', { name: 'Add these recipients' }).click();
      await rows.nth(12).getByText('Recipient 13 (Acme Steel): ZIP code must be 5 digits').waitFor({ timeout: 15_000 });
      await rows.nth(12).getByRole('button', { name: 'Remove' }).click();
      await rows
        .nth(11)
        .getByText(/package \$/)
        .waitFor({ timeout: 15_000 });
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      // The order on the server has the twelve, and Pay shows its total.
      await expect
        .poll(
          async () =>
            (
              await shop.sql<{ n: number }[]>`select count(*)::int as n from order_recipients r join orders o on o.id = r.order_id where o.session_sid = ${sid}`
            )[0].n,
          { timeout: 15_000 },
        )
        .toBe(12);
      const [order] = await shop.sql<{ id: string; total_cents: number }[]>`select id, total_cents from orders where session_sid = ${sid}`;
      const pay = width < 1024 ? page.getByTestId('pay-bar').getByRole('button', { name: /^Pay \$/ }) : page.getByRole('button', { name: /^Pay \$/ });
      await expect.poll(async () => pay.textContent(), { timeout: 15_000 }).toBe(`Pay $${(order.total_cents / 100).toFixed(2)}`);

      await fillContact(page, { first: 'Ada', last: 'Lovelace', email: 'ada@example.com' });
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('1234');
      await page.getByLabel('CVC').fill('123');
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await pay.click();
      await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      expect(page.url().split('/').pop()).toBe(order.id);
      expect(await seriousA11yViolations(page)).toEqual([]);
      errors.assertClean();
      await page.close();
    });
  }
});

/** Two recipients: the S sheets folded, stapled and once reduced from the CSV's columns; A-101 alone, as it is. */
const FINISHING_CSV = ['name,company,sheets,fold,bind,reducedSets', 'Keystone Steel,Keystone,S,title_out,staple,1', 'Drafting Room,,A-101,,,'].join('\n');

describe("each recipient's finishing", () => {
  for (const [width, height] of [
    [1366, 900],
    [390, 844],
  ]) {
    it(`prices each row's finishing beside it and says why one cannot be bound (${width} px)`, { timeout: 120_000 }, async () => {
      const { page, sid } = await pageWithNumberedSet({ width, height });
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/checkout`);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor({ timeout: 15_000 });
      await page.getByRole('checkbox', { name: 'Send to several people' }).check();
      await page.getByLabel('Paste or import a CSV').fill(FINISHING_CSV);
      await page.getByRole('button', { name: 'Add these recipients' }).click();
      const rows = page.getByTestId('recipient-row');
      const [steel, drafting] = [rows.nth(0), rows.nth(1)];
      // 2 sheets: $5.99 + $0.99 reduced + $0.50 folded each, $2.00 staple; NJ pickup tax 6.63%: $16.96 + $1.12.
      await steel.getByText('package $18.08').waitFor({ timeout: 15_000 });
      expect(await steel.getByText(/^Finishing:/).textContent()).toBe('Finishing: full size: fold + staple · 1 reduced 11" x 17" set');
      await drafting.getByText('package $6.39').waitFor();
      expect(await drafting.getByText(/^Finishing:/).textContent()).toBe('Finishing: none');

      // Stapling a set of one sheet: the server's sentence beside that row; no binding again, and it is priced.
      await drafting.getByText('Finishing: none').click();
      await drafting.getByLabel('Bind').selectOption('staple_left');
      await drafting.getByText('Recipient 2 (Drafting Room): A set of one sheet cannot be bound. Please choose no binding.').waitFor({ timeout: 15_000 });
      await screenshot(page, `recipients-finishing-refused-${width}`);
      // The rows alone, at the size they are read.
      await screenshotOf(page.getByRole('list', { name: 'Recipients' }), `recipients-finishing-rows-refused-${width}`);
      await drafting.getByLabel('Bind').selectOption('none');
      await drafting.getByLabel('Fold').selectOption('title_out');
      // $5.99 + $0.50 fold, 6.63%: $6.92.
      await drafting.getByText('package $6.92').waitFor({ timeout: 15_000 });
      expect(await drafting.getByRole('alert').count()).toBe(0);
      await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
      await steel.getByText(/^Finishing:/).click();
      await screenshot(page, `recipients-finishing-${width}`);
      await screenshotOf(page.getByRole('list', { name: 'Recipients' }), `recipients-finishing-rows-${width}`);

      const stored = await shop.sql<{ name: string; finishing: { fold: string; bind: string }; reduced_sets: number }[]>`
        select r.name, r.finishing, r.reduced_sets from order_recipients r join orders o on o.id = r.order_id where o.session_sid = ${sid} order by r.position`;
      expect(stored.map((r) => [r.name, r.finishing.fold, r.finishing.bind, r.reduced_sets])).toEqual([
        ['Keystone Steel', 'title_out', 'staple_left', 1],
        ['Drafting Room', 'title_out', 'none', 0],
      ]);
      expect(await seriousA11yViolations(page)).toEqual([]);
      errors.assertClean();
      await page.close();
    });
  }
});
