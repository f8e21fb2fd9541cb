import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildOrder } from '../helpers/factories';
import { unzip } from '../helpers/adminTestKit';
import { orderNumberOf } from '#shared/fields';

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

describe('the admin journey', () => {
  it('sends a stranger to the login, then signs in, changes a status and exports two orders', async () => {
    const pickup = await buildOrder(shop, { email: 'first@example.com', rushOrder: true, createdAt: new Date(Date.now() - 120_000) });
    const shipped = await buildOrder(shop, { email: 'second@example.com', shippingMethod: 'shipping', createdAt: new Date(Date.now() - 60_000) });
    const third = await buildOrder(shop, { email: 'third@example.com' });
    await buildOrder(shop, { paymentStatus: 'unpaid', email: 'unpaid@example.com' });

    const page = await newPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor({ timeout: 10_000 });
    await page.waitForURL(/\/admin\/login$/, { timeout: 10_000 });

    // Inline validation, then the server's message, then the real sign-in.
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Please enter both username and password').waitFor();
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Invalid username or password').waitFor();
    await screenshot(page, 'admin-login-error');
    await page.getByLabel('Password').fill(shop.ctx.env.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(/\/admin$/);
    await page.getByRole('heading', { name: 'Recent Orders' }).waitFor({ timeout: 10_000 });

    const rows = page.getByRole('listitem', { name: /^Order / });
    await expect.poll(() => rows.count()).toBe(3);
    expect(await rows.first().getAttribute('aria-label')).toBe(`Order ${orderNumberOf(third.id)}`);
    await expect.poll(() => page.getByTestId('count-pending').textContent()).toBe('3');
    const rushRow = page.getByRole('listitem', { name: `Order ${orderNumberOf(pickup.id)}` });
    await rushRow.getByText('Rush order: $20.00 rush fee paid').waitFor();
    // Label actions only on the shipping order.
    expect(await rushRow.getByRole('button', { name: /Label/ }).count()).toBe(0);
    const shipRow = page.getByRole('listitem', { name: `Order ${orderNumberOf(shipped.id)}` });
    await shipRow.getByRole('button', { name: 'Generate Label' }).click();
    await page.getByText('Shipping label generated successfully', { exact: true }).waitFor();
    await shipRow.getByRole('link', { name: 'View Label' }).waitFor();

    // Change a status: the console asks first (the customer is emailed), then offers an undo.
    const statusSelect = rushRow.getByLabel(`Status of order ${orderNumberOf(pickup.id)}`);
    await statusSelect.selectOption('completed');
    await rushRow.getByRole('alertdialog').getByText('will be emailed about it').waitFor();
    await rushRow.getByRole('button', { name: 'Cancel' }).click();
    expect((await shop.sql`select status from orders where id = ${pickup.id}`)[0].status).toBe('pending');
    await statusSelect.selectOption('completed');
    await rushRow.getByRole('button', { name: 'Change and email' }).click();
    await rushRow.getByText(/The customer is emailed in \d+ s\./).waitFor();
    await screenshot(page, 'admin-status-undo');
    await rushRow.getByRole('button', { name: 'Undo' }).click();
    await page.getByText('Change Undone', { exact: true }).waitFor();
    expect((await shop.sql`select status from orders where id = ${pickup.id}`)[0].status).toBe('pending');
    await statusSelect.selectOption('processing');
    await rushRow.getByRole('button', { name: 'Change and email' }).click();
    await page.getByText('Status Updated', { exact: true }).waitFor();
    // Let the undo window pass now rather than wait ten seconds.
    await shop.fastForwardJobs();
    await expect.poll(() => page.getByTestId('count-processing').textContent()).toBe('1');
    const [row] = await shop.sql`select status from orders where id = ${pickup.id}`;
    expect(row.status).toBe('processing');
    await expect
      .poll(
        async () =>
          (await shop.sql`select count(*)::int as n from emails where order_id = ${pickup.id} and kind = 'status_processing' and status = 'sent'`)[0].n,
        { timeout: 15_000 },
      )
      .toBe(1);
    expect(await shop.sql`select kind from emails where order_id = ${pickup.id} and kind = 'status_completed'`).toEqual([]);
    // The outbox: the admin reads the email the customer got.
    await rushRow.getByRole('button', { name: 'Emails' }).click();
    await rushRow.getByText(`Your order ${orderNumberOf(pickup.id)} is being printed`).click();
    await rushRow.getByText(/We have started printing your order/).waitFor();

    // Export with nothing selected, then two orders.
    await page.getByRole('button', { name: 'Export Selected' }).click();
    await page.getByText('Please select orders to export', { exact: true }).waitFor();
    await page.getByLabel(`Select order ${orderNumberOf(pickup.id)}`).check();
    await page.getByLabel(`Select order ${orderNumberOf(shipped.id)}`).check();
    await page.getByText('2 orders selected').waitFor();
    const downloadPromise = page.waitForEvent('download', { timeout: 20_000 });
    await page.getByRole('button', { name: 'Export Selected' }).click();
    const download = await downloadPromise;
    await page.getByText('Successfully exported 2 orders', { exact: true }).waitFor();
    await page.getByText('0 orders selected').waitFor();
    await screenshot(page, 'admin-after-export');
    const file = await download.path();
    const entries = await unzip(fs.readFileSync(file));
    // Each drawing with its job ticket beside it.
    expect([...entries.keys()].sort()).toEqual(
      [pickup, shipped].flatMap((o) => [`${orderNumberOf(o.id)}-A-100 Floor Plans.pdf`, `${orderNumberOf(o.id)}-JOB-TICKET.pdf`]).sort(),
    );
    const ticket = page.getByRole('link', { name: `Print ticket for order ${orderNumberOf(pickup.id)}` });
    expect(await ticket.getAttribute('href')).toBe(`/api/admin/job-ticket/${pickup.id}`);

    // Search and the empty state.
    await page.getByLabel('Search orders').fill('nobody-here');
    await page.getByText('No orders found').waitFor();
    await page.getByLabel('Search orders').fill('second@');
    await expect.poll(() => rows.count()).toBe(1);
    await page.getByLabel('Search orders').fill('');
    await expect.poll(() => rows.count()).toBe(3);

    expect(await seriousA11yViolations(page)).toEqual([]);

    // One sign-out on the screen (the bar's), and it ends the session: /admin sends us back to the login.
    expect(await page.getByRole('button', { name: /^(Sign out|Logout)$/ }).count()).toBe(1);
    await page.getByTestId('nav-admin').getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(/\/admin\/login$/);
    const status = await page.evaluate(() => fetch('/api/admin/auth/status').then((r) => r.json()));
    expect(status).toEqual({ isAuthenticated: false });
    errors.assertClean();
    await page.context().close();
  }, 90_000);

  it('fits a phone screen', async () => {
    await buildOrder(shop, { shippingMethod: 'shipping', rushOrder: true });
    const page = await newPage(browser, { width: 390, height: 844 });
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin/login`);
    await screenshot(page, 'admin-phone-login');
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(shop.ctx.env.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Recent Orders' }).waitFor({ timeout: 10_000 });
    await page
      .getByRole('listitem', { name: /^Order / })
      .first()
      .waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await screenshot(page, 'admin-phone');
    errors.assertClean();
    await page.close();
  }, 60_000);
});
