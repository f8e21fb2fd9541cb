/**
 * The counter's production queue in the browser: batches grouped by paper, rush first, sent to the
 * counter plotter from the row; the admin row's print files; 1366 and 390 px. The batches' banner
 * and sheets are rendered to PNG beside the screenshots, to look at.
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
});
