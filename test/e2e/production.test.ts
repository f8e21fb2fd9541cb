/**
 * The counter's production queue in the browser: batches grouped by paper, rush first, sent to the
 * counter plotter from the row; the admin row's print files; a printed batch's spoiled pages
 * reprinted from the shop's dialog; 1366 and 390 px. The batches' banner and sheets (a reduced set's
 * and a folded and stapled order's too) are rendered to PNG beside the screenshots, to look at.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { pageWithCookiesOf, SCREENSHOT_DIR, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { adminClient } from '../helpers/adminTestKit';
import { paidMixedOrder } from '../helpers/production';
import { renderPngs } from '../helpers/pdfPages';

vi.setConfig({ testTimeout: 180_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

describe('the production queue', () => {
  it('groups batches by paper with rush first, and sends one to the counter plotter', async () => {
    const plain = await paidMixedOrder(shop);
    const rush = await paidMixedOrder(shop, { rush: true });
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${rush}/print-files`)).body as { url: string; paper: string }[];
    for (const f of files) {
      const rendered = await renderPngs((await admin.bytes(f.url)).body, `print-file-${f.paper}`, path.join(SCREENSHOT_DIR, 'print-files'));
      expect(rendered.stderr).toBe('');
    }

    const page = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin`);
    await page.getByRole('link', { name: 'Production' }).click();
    await page.getByRole('heading', { name: 'Production' }).waitFor();
    const first = page.getByRole('region', { name: '24" x 36" paper' });
    await first.waitFor();
    const rows = first.getByRole('listitem');
    await expect.poll(() => rows.count()).toBe(2);
    expect(await rows.nth(0).textContent()).toContain(rush.slice(-8).toUpperCase());
    expect(await rows.nth(0).textContent()).toContain('Rush');
    expect(await rows.nth(1).textContent()).toContain(plain.slice(-8).toUpperCase());
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(page, 'admin-production-1366');

    const number = rush.slice(-8).toUpperCase();
    await page.getByRole('button', { name: `Send order ${number}, 30" x 42" Color` }).click();
    await page.getByRole('region', { name: '30" x 42" paper' }).getByText('Sent', { exact: true }).waitFor();
    const [batch] = await shop.sql<{ state: string }[]>`select state from print_batches where order_id = ${rush} and paper = '30x42'`;
    expect(batch.state).toBe('sent');

    const narrow = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 390);
    await narrow.goto(`${shop.url}/admin/production`);
    await narrow.getByRole('region', { name: '24" x 36" paper' }).waitFor();
    await screenshot(narrow, 'admin-production-390');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    errors.assertClean();
  });

  it("reprints a printed batch's spoiled pages from the shop's dialog, which keeps the server's sentence for bad pages", async () => {
    const orderId = await paidMixedOrder(shop, {
      sets: 2,
      halfSets: 0,
      reducedSets: 1,
      finishing: { fold: 'title_out', bind: 'staple_left', holes: 0 },
    });
    const admin = await adminClient(shop);
    const files = (await admin.get(`/api/admin/orders/${orderId}/print-files`)).body as { batchId: string; url: string; paper: string; ink: string }[];
    for (const f of files) {
      const rendered = await renderPngs((await admin.bytes(f.url)).body, `finished-${f.paper}-${f.ink}`, path.join(SCREENSHOT_DIR, 'print-files'));
      expect(rendered.stderr).toBe('');
    }
    // The ARCH D + ANSI D batch goes to the counter plotter (a hot folder): printed.
    const batch = files.find((f) => f.paper === '24x36')!;
    const counter = (await admin.get('/api/admin/printers')).body.find((p: { name: string }) => p.name === 'Counter plotter');
    expect((await admin.post(`/api/admin/production/${batch.batchId}/send`, { printerId: counter.id })).status).toBe(200);
    await shop.runJobs();
    const number = orderId.slice(-8).toUpperCase();

    for (const width of [1366, 390]) {
      const page = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), width);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/admin/production`);
      // The reduced set's batches wait on their own paper, named as not to scale.
      const reduced = page.getByRole('region', { name: '11" x 17" paper' }).getByRole('listitem').filter({ hasText: number });
      await expect.poll(() => reduced.count()).toBe(2);
      expect(await reduced.first().textContent()).toContain('reduced (not to scale)');
      const printed = page.getByRole('region', { name: 'Printed lately' });
      await printed.getByRole('button', { name: `Reprint pages of order ${number}, 24" x 36" B&W` }).click();
      const dialog = page.getByRole('dialog', { name: 'Reprint spoiled pages' });
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('pages 2–5 are its sheets (page 1 is the banner)');
      const pages = dialog.getByLabel('Pages to print again');
      await pages.fill(width === 1366 ? '1, 3' : '3, x');
      await dialog.getByRole('button', { name: 'Reprint pages' }).click();
      const refusal =
        width === 1366
          ? 'Page 1 is not a sheet of this batch: its sheets are pages 2–5 (page 1 is the banner).'
          : '"x" is not a page number. Write page numbers such as 3, 5-7.';
      await dialog.getByText(refusal).waitFor();
      expect(await pages.inputValue()).toBe(width === 1366 ? '1, 3' : '3, x');
      const violations = await seriousA11yViolations(page);
      expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
      await screenshot(page, `admin-production-reprint-${width}`);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

      if (width === 1366) {
        await pages.fill('3, 4-5');
        await dialog.getByRole('button', { name: 'Reprint pages' }).click();
        await dialog.waitFor({ state: 'detached' });
        await shop.runJobs();
        // The new batch of those three sheets joins the queue on its paper once built.
        const rows = page.getByRole('region', { name: '24" x 36" paper' }).getByRole('listitem').filter({ hasText: number });
        await rows.first().waitFor({ timeout: 20_000 });
        expect(await rows.first().textContent()).toContain('4 pages');
        expect(await rows.first().textContent()).toContain('Waiting');
        await screenshot(page, 'admin-production-reprinted-1366');
      } else {
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
      }
      errors.assertClean();
      await page.close();
    }
    const reprints = await shop.sql<{ positions: number[]; state: string }[]>`select positions, state from print_batches where reprint_of = ${batch.batchId}`;
    expect(reprints).toEqual([{ positions: [2, 1, 2], state: 'waiting' }]);
  });
});
