/**
 * The order page's revision card: the customer uploads the new issue, and the card lists the changed,
 * new, removed and unchanged sheets with counts, the changed sheet with its overlay; the changed and
 * new sheets are chosen to print, and "Order these sheets" reaches the checkout with their count.
 */
import type { Browser } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, pageWithCookiesOf, screenshot, watchPageErrors } from '../helpers/browser';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { buildOrder, buildUser } from '../helpers/factories';
import { customerClient } from '../helpers/adminTestKit';
import { makeTitledSetPdf } from '../helpers/pdf';
import { inchLine, planSheet } from '../helpers/revisions';
import { orderNumberOf } from '#shared/fields';
import { formatDollars } from '#shared/money';
import { PRICE_PER_PAGE_CENTS } from '#shared/pricing';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

/** A paid order that printed A-101..A-104, its upload analysed like any other. */
async function previousOrder(userId: string | null = null) {
  const form = new FormData();
  const pdf = await makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n)));
  form.append('pdf', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'Set.pdf');
  const res = await shop.client().request('POST', '/api/upload-pdf', { body: form });
  expect(res.status).toBe(202);
  for (let i = 0; i < 100; i++) {
    const [u] = await shop.sql<{ sheets_complete: boolean }[]>`select sheets_complete from uploads where id = ${res.body.uploadId}`;
    if (u.sheets_complete) break;
    await new Promise((r) => setTimeout(r, 200));
  }
  const [upload] = await shop.sql<{ id: string; storage_key: string; file_name: string; file_size: number }[]>`
    select id, storage_key, file_name, file_size from uploads where id = ${res.body.uploadId}`;
  return buildOrder(shop, { upload, pages: 4, userId });
}

const revisionOneFile = async () => ({
  name: 'Revision 1.pdf',
  mimeType: 'application/pdf',
  buffer: await makeTitledSetPdf([planSheet('A-101'), planSheet('A-102', inchLine(720, 1440)), planSheet('A-103'), planSheet('A-105')]),
});

describe('the revision card', () => {
  it('lists what changed against the order, with counts and the overlay', async () => {
    const order = await previousOrder();
    const file = await revisionOneFile();
    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: 900 });
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
      await page.getByLabel('New issue PDF files').setInputFiles(file);
      const summary = page.getByLabel('Revision summary');
      await summary.waitFor({ timeout: 60_000 });
      expect(await summary.innerText()).toBe('1 changed · 1 new · 1 removed · 2 unchanged');
      const changed = page.getByRole('region', { name: 'Changed sheets', exact: true });
      expect(await changed.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^A-102\s+FLOOR PLAN/)]);
      const overlay = changed.getByRole('img', { name: /What changed on A-102/ });
      await expect.poll(() => overlay.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth), { timeout: 10_000 }).toBe(720);
      expect(await page.getByRole('region', { name: 'New sheets', exact: true }).innerText()).toContain('A-105');
      expect(await page.getByRole('region', { name: 'Removed sheets' }).innerText()).toContain('A-104');
      // The removed sheet by number and title; the overlay's legend in words; the viewer zooms to the large overlay.
      expect(await page.getByRole('region', { name: 'Removed sheets' }).innerText()).toContain('A-104 FLOOR PLAN');
      await changed.getByTestId('overlay-legend').getByText('Removed').waitFor();
      await changed.getByRole('button', { name: 'Open the overlay of A-102 in the viewer' }).click();
      const viewer = page.getByRole('dialog', { name: 'What changed on A-102' });
      await viewer.getByTestId('overlay-legend').waitFor();
      for (let i = 0; i < 4; i++) await viewer.getByRole('button', { name: 'Zoom in' }).click();
      await viewer.getByText('400%').waitFor();
      const big = viewer.getByRole('img');
      await expect.poll(() => big.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 720), { timeout: 10_000 }).toBe(true);
      await screenshot(page, `revision-overlay-viewer-${width}`);
      await page.keyboard.press('Escape');
      await viewer.waitFor({ state: 'detached' });
      // Changed and new sheets are chosen to print; any may be added or taken away.
      const selected = page.getByTestId('revision-selected');
      expect(await selected.innerText()).toBe('2 sheets selected to print');
      expect(await page.getByLabel('Print A-102').isChecked()).toBe(true);
      expect(await page.getByLabel('Print A-105').isChecked()).toBe(true);
      expect(await page.getByLabel('Print A-101').isChecked()).toBe(false);
      await screenshot(page, `revision-card-${width}`);
      await page.getByLabel('Print A-101').check();
      expect(await selected.innerText()).toBe('3 sheets selected to print');
      await page.getByLabel('Print A-102').uncheck();
      await page.getByLabel('Print A-101').uncheck();
      expect(await selected.innerText()).toBe('1 sheet selected to print');
      await page.getByLabel('Print A-102').check();

      await page.getByRole('button', { name: 'Order these sheets' }).click();
      await page.waitForURL(/\/checkout$/);
      const reprint = page.getByTestId('revision-summary');
      expect(await reprint.innerText()).toBe(`Revision of order #${orderNumberOf(order.id)} — 2 sheets reprinted`);
      // Named by what it prints, never "New issue" or the first file of the issue.
      await page.getByText(`A-102, A-105 of the revision of #${orderNumberOf(order.id)}`).waitFor();
      // The server's price of the 2 sheets, from the intent the checkout asks for at load.
      await expect.poll(() => page.getByText(`2 × ${formatDollars(PRICE_PER_PAGE_CENTS['24x36'].bw / 100)}`).count(), { timeout: 20_000 }).toBeGreaterThan(0);
      await screenshot(page, `revision-checkout-${width}`);
      errors.assertClean();
      await page.context().close();
    }
  }, 240_000);

  it('starts from the upload card: a signed-in customer picks their paid order and compares the set just uploaded', async () => {
    const user = await buildUser(shop, { email: `revision-card-${Date.now()}@example.com`, firstName: 'Ada', lastName: 'Lovelace' });
    const order = await previousOrder(user.id);
    const file = await revisionOneFile();
    const client = await customerClient(shop, user.id);
    for (const width of [1366, 390]) {
      const page = await pageWithCookiesOf(browser, shop.url, client.cookieHeader(), width);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/`);
      // The signed-in home is the dashboard: its upload card, not the landing page's shown while the session loads.
      await page.getByRole('heading', { name: /^Welcome/ }).waitFor({ timeout: 15_000 });
      const input = page.locator('input[type=file]').first();
      await input.waitFor({ state: 'attached', timeout: 15_000 });
      await input.setInputFiles(file);
      const control = page.getByRole('region', { name: 'Revision of an order' });
      await control.waitFor({ timeout: 60_000 });
      const select = control.getByLabel('This is a revision of order #');
      expect(await select.locator('option').allInnerTexts()).toEqual([`${orderNumberOf(order.id)} · Set.pdf`]);
      await select.selectOption(order.id);
      await control.getByRole('button', { name: 'Compare' }).click();
      const summary = control.getByLabel('Revision summary');
      await summary.waitFor({ timeout: 60_000 });
      expect(await summary.innerText()).toBe('1 changed · 1 new · 1 removed · 2 unchanged');
      expect(await control.getByTestId('revision-selected').innerText()).toBe('2 sheets selected to print');
      expect(await control.getByLabel('Print A-102').isChecked()).toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0)); // the sticky bar at the top of the full-page shot, not over the card
      await screenshot(page, `revision-upload-card-${width}`);
      await control.getByRole('button', { name: 'Order these sheets' }).click();
      await page.waitForURL(/\/checkout$/);
      expect(await page.getByTestId('revision-summary').innerText()).toBe(`Revision of order #${orderNumberOf(order.id)} — 2 sheets reprinted`);
      errors.assertClean();
      await page.context().close();
    }
    // A guest's card has no such control.
    const guest = await newPage(browser, { width: 1366, height: 900 });
    await guest.goto(`${shop.url}/`);
    const guestInput = guest.locator('#upload input[type=file]');
    await guestInput.waitFor({ state: 'attached', timeout: 15_000 });
    await guestInput.setInputFiles(file);
    await guest.getByText('Upload Complete!').waitFor({ timeout: 60_000 });
    expect(await guest.getByRole('region', { name: 'Revision of an order' }).count()).toBe(0);
    await guest.context().close();
  }, 300_000);

  it('says on the upload card when the order’s files are gone (409), and compares with the set printed then', async () => {
    const user = await buildUser(shop, { email: `revision-gone-${Date.now()}@example.com`, firstName: 'Grace', lastName: 'Hopper' });
    const order = await previousOrder(user.id);
    await shop.sql`update uploads set file_deleted_at = now() where id = ${order.upload_id}`;
    const page = await pageWithCookiesOf(browser, shop.url, (await customerClient(shop, user.id)).cookieHeader(), 1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor({ timeout: 15_000 });
    const input = page.locator('input[type=file]').first();
    await input.waitFor({ state: 'attached', timeout: 15_000 });
    await input.setInputFiles(await revisionOneFile());
    const control = page.getByRole('region', { name: 'Revision of an order' });
    await control.waitFor({ timeout: 60_000 });
    await control.getByRole('button', { name: 'Compare' }).click();
    const alert = control.getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toContain('The files of that order have already been deleted after printing');
    await page.waitForTimeout(1_000);
    expect(await alert.isVisible()).toBe(true);
    await control.getByLabel('Previous issue PDF files').setInputFiles({
      name: 'Printed.pdf',
      mimeType: 'application/pdf',
      buffer: await makeTitledSetPdf(['A-101', 'A-102', 'A-103', 'A-104'].map((n) => planSheet(n))),
    });
    const summary = control.getByLabel('Revision summary');
    await summary.waitFor({ timeout: 60_000 });
    expect(await summary.innerText()).toBe('1 changed · 1 new · 1 removed · 2 unchanged');
    expect(await control.getByRole('alert').count()).toBe(0);
    errors.assertClean();
    await page.context().close();
  }, 180_000);
});
