/**
 * The counter's row of a revision's reprint in the browser: "preparing" until the worker has built
 * the PDF of its printed sheets, then View and Download of exactly those sheets with the full issue
 * as its own link beside them; 1366 and 390 px.
 */
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { pageWithCookiesOf, SCREENSHOT_DIR, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { adminClient } from '../helpers/adminTestKit';
import { paidReprint } from '../helpers/revisionKit';
import { pdfPageTexts, renderPngs } from '../helpers/pdfPages';
import { orderNumberOf } from '#shared/fields';

vi.setConfig({ testTimeout: 180_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

describe("a reprint's row on the counter", () => {
  it('says preparing until its printed sheets are built, then views exactly them, the full issue beside', async () => {
    const { orderId } = await paidReprint(shop, shop.client(), ['S-101', 'S-102', 'S-103', 'S-104', 'S-105', 'S-106'], ['S-103', 'S-106']);
    await shop.runJobs();
    // As for a reprint paid before its printed sheets were built: no record of them yet.
    await shop.sql`update orders set printed_sheets_key = null where id = ${orderId}`;
    const admin = await adminClient(shop);
    const number = orderNumberOf(orderId);

    const page = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin?q=${number}`);
    const row = page.getByRole('listitem', { name: `Order ${number}` });
    await row.getByTestId('reprint-sheets').getByText('Reprint: print only S-103, S-106 (2 sheets).').waitFor();
    await row.getByRole('status').getByText('Preparing the PDF of the 2 printed sheets…').waitFor();
    expect(await row.getByRole('link', { name: /^View PDF/ }).count()).toBe(0);
    await screenshot(page, 'admin-reprint-preparing-1366');

    await shop.runJobs(); // nothing queued: the row's list read does not build
    await admin.get(`/api/admin/pdf/${orderId}`); // View asks the worker again
    await shop.runJobs();
    await page.reload();
    const view = row.getByRole('link', { name: 'View PDF of the 2 printed sheets' });
    await view.waitFor();
    await row.getByRole('link', { name: 'Download the 2 printed sheets' }).waitFor();
    const full = row.getByRole('link', { name: 'Full issue (all 6 sheets)' });
    await full.waitFor();
    const viewed = await admin.bytes((await view.getAttribute('href')) ?? '');
    expect(await pdfPageTexts(viewed.body)).toHaveLength(2);
    // Kept beside the screenshots, to look at.
    expect((await renderPngs(viewed.body, 'reprint-printed-sheets', path.join(SCREENSHOT_DIR, 'reprint'))).pages).toBe(2);
    const whole = await admin.bytes((await full.getAttribute('href')) ?? '');
    expect(await pdfPageTexts(whole.body)).toHaveLength(6);
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(page, 'admin-reprint-1366');

    const narrow = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 390);
    await narrow.goto(`${shop.url}/admin?q=${number}`);
    await narrow.getByRole('link', { name: 'Full issue (all 6 sheets)' }).waitFor();
    await screenshot(narrow, 'admin-reprint-390');
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    errors.assertClean();
  });
});
