/**
 * Words that are true: "Welcome" on a first sign-in and "Welcome back" after; the admin's state and
 * sign-out in the header; the empty export's toast; the guest's quick status with its ready-by and
 * a link to the order page; a shipped order's page without the printing promise; the footer's link
 * to the source of the running version. Screenshots at 1366 and 390 px.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildOrder, buildUser } from '../helpers/factories';
import { readyByText } from '#shared/readyBy';

// Sign-ins hash with scrypt (cheap in tests: PASSWORD_HASH_LOG_N) on a machine that may be busy.
vi.setConfig({ testTimeout: 120_000 });

const SOURCE_URL = 'https://github.com/example/blueprint-shop/tree/0123abcd';
const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { shop: { env: { SOURCE_URL } }, worker: false });

async function openPage(options: { width?: number; height?: number } = {}): Promise<Page> {
  const page = await newPage(browser, options);
  page.setDefaultTimeout(15_000);
  return page;
}

async function expectNoSeriousA11y(page: Page) {
  const violations = await seriousA11yViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${shop.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

describe('the dashboard greeting', () => {
  it('says "Welcome" on the first sign-in and "Welcome back" on the next', async () => {
    const password = 'first visit 2026';
    const user = await buildUser(shop, { email: 'nell.new@example.com', firstName: 'Nell', passwordHash: await shop.ctx.passwords.hash(password) });
    await buildOrder(shop, { userId: user.id, email: user.email, status: 'pending', readyBy: new Date(Date.now() + 2 * 86_400_000) });

    const page = await openPage({ width: 1366, height: 900 });
    const errors = watchPageErrors(page);
    await signIn(page, user.email, password);
    await page.getByRole('heading', { level: 1, name: 'Welcome, Nell' }).waitFor();
    expect(await page.getByRole('heading', { name: /Welcome back/ }).count()).toBe(0);
    await page.getByText(/^Paid — in the print queue, ready /).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText('Welcome!', { exact: true }).waitFor();
    await screenshot(page, 'welcome-dashboard-first-desktop');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('You have been successfully signed out.', { exact: true }).waitFor();

    await signIn(page, user.email, password);
    await page.getByRole('heading', { level: 1, name: 'Welcome back, Nell' }).waitFor();
    await screenshot(page, 'welcome-dashboard-back-desktop');
    await expectNoSeriousA11y(page);
    // The order history says the same words as the dashboard.
    await page.goto(`${shop.url}/orders`);
    await page.getByRole('heading', { name: 'Your Orders' }).waitFor();
    await page.getByText(/^Paid — in the print queue, ready /).waitFor();
    await screenshot(page, 'welcome-orders-desktop');
    errors.assertClean();
    await page.context().close();

    // A phone, a third sign-in: still "Welcome back".
    const phone = await openPage({ width: 390, height: 844 });
    await signIn(phone, user.email, password);
    await phone.getByRole('heading', { level: 1, name: 'Welcome back, Nell' }).waitFor();
    await screenshot(phone, 'welcome-dashboard-back-phone');
    await phone.goto(`${shop.url}/orders`);
    await phone.getByText(/^Paid — in the print queue, ready /).waitFor();
    await screenshot(phone, 'welcome-orders-phone');
    await phone.context().close();
  });
});

describe('the admin in the header', () => {
  it('shows the admin and a sign-out instead of Sign In, the empty export toast, and signs out', async () => {
    await buildOrder(shop, { email: 'counter@example.com' });
    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/admin/login`);
      const nav = page.getByRole('navigation', { name: 'Main' });
      await nav.getByRole('link', { name: 'Sign In' }).waitFor();
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(shop.ctx.env.ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole('heading', { name: 'Recent Orders' }).waitFor();

      await nav.getByRole('link', { name: 'Admin' }).waitFor();
      await nav.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);

      // Export Selected with nothing selected: the spec's toast.
      await page.getByRole('button', { name: 'Export Selected' }).click();
      await page.getByText('No Orders Selected', { exact: true }).waitFor();
      await page.getByText('Please select orders to export', { exact: true }).waitFor();
      // The refusal stays beside the export buttons after the toast, until an order is selected.
      const stays = page.getByTestId('export-nothing-selected');
      expect(await stays.getAttribute('role')).toBe('alert');
      await page.getByRole('button', { name: 'Select All' }).click();
      await stays.waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Clear' }).click();
      await page.getByRole('button', { name: 'Export Selected' }).click();
      await stays.waitFor();
      await screenshot(page, `admin-header-empty-export-${size.name}`);

      // On the shop's own pages too, the header knows the admin is signed in.
      await page.goto(`${shop.url}/order-lookup`);
      await page.getByRole('heading', { name: 'Track Orders' }).waitFor();
      await nav.getByRole('button', { name: 'Sign out' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      await expectNoSeriousA11y(page);

      await nav.getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/admin\/login$/);
      await nav.getByRole('link', { name: 'Sign In' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Admin' }).count()).toBe(0);
      expect(await (await page.request.get(`${shop.url}/api/admin/auth/status`)).json()).toEqual({ isAuthenticated: false });
      errors.assertClean();
      await page.context().close();
    }
  });
});

describe("the guest's quick status and the order page", () => {
  it('shows the ready-by time, the status words and a link to the order page, which offers an emailed link elsewhere', async () => {
    const email = 'quinn.guest@example.com';
    const readyBy = new Date(Date.now() + 2 * 86_400_000);
    const order = await buildOrder(shop, { email, status: 'processing', readyBy });
    const expectedReady = readyByText(readyBy, new Date()).replace(/^Today/, 'today');

    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/order-lookup`);
      await page.getByLabel('Email you ordered with').fill(email);
      await page.getByLabel('Order number').fill(order.id.slice(-8));
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.getByText(`Order #${order.id.slice(-8).toUpperCase()}`).waitFor();
      expect(await page.getByTestId('lookup-ready-by').textContent()).toBe(`Ready ${expectedReady}`);
      await page.getByText(`Printing — your drawings are being printed, ready ${expectedReady}.`).waitFor();
      const link = page.getByRole('link', { name: 'Open the order page' });
      expect(await link.getAttribute('href')).toBe(`/orders/${order.id}`);
      await screenshot(page, `tracking-quick-status-${size.name}`);
      await expectNoSeriousA11y(page);

      // This browser did not place the order: the page offers a link by email instead.
      await link.click();
      await page.getByRole('heading', { name: 'Order Not Found' }).waitFor();
      await page.getByLabel('Email address').fill(email);
      await page.getByRole('button', { name: 'Email me my orders' }).click();
      await page.getByText('we have sent it a link to see them').waitFor();
      await screenshot(page, `tracking-order-page-elsewhere-${size.name}`);
      errors.assertClean();
      await page.context().close();
    }
    await shop.runJobs();
    const sent = await shop.sql`select 1 from emails where to_address = ${email} and kind = 'order_lookup'`;
    expect(sent.length).toBeGreaterThan(0);
  });

  it("a shipped order's page says it shipped, with no printing promise; an open one keeps it", async () => {
    const readyBy = new Date(Date.now() - 86_400_000);
    const shipped = await buildOrder(shop, { email: 'sam.shipped@example.com', status: 'completed', shippingMethod: 'shipping', readyBy });
    await shop.sql`update orders set tracking_number = '1Z999AA10123456784' where id = ${shipped.id}`;
    const open = await buildOrder(shop, { email: 'olga.open@example.com', status: 'pending', readyBy: new Date(Date.now() + 86_400_000) });

    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/orders/${shipped.id}?token=${encodeURIComponent(shipped.access_token)}`);
      await page.getByRole('heading', { level: 1, name: 'Your Order Has Shipped' }).waitFor();
      const shippedWords = 'Shipped — on its way, tracking number 1Z999AA10123456784.';
      expect(await page.getByTestId('order-status-text').textContent()).toBe(shippedWords);
      const next = page.getByTestId('whats-next');
      await next.getByText(shippedWords).waitFor();
      expect(await next.textContent()).not.toMatch(/We print your drawings|ready today|Your rush order/);
      expect(await page.getByTestId('order-ready-by').count()).toBe(0);
      // The footer links the source of the running version.
      expect(await page.locator('footer').getByRole('link', { name: 'source code' }).getAttribute('href')).toBe(SOURCE_URL);
      await screenshot(page, `tracking-order-page-shipped-${size.name}`);
      await expectNoSeriousA11y(page);

      await page.goto(`${shop.url}/orders/${open.id}?token=${encodeURIComponent(open.access_token)}`);
      await page.getByRole('heading', { level: 1, name: 'Order Confirmed!' }).waitFor();
      await page
        .getByTestId('whats-next')
        .getByText(/^We print your drawings: ready /)
        .waitFor();
      await page
        .getByTestId('order-status-text')
        .getByText(/^Paid — in the print queue, ready /)
        .waitFor();
      errors.assertClean();
      await page.context().close();
    }
  });
});
