/**
 * The last forms on the one TextField, with refusals that stay (role="alert", aria-invalid, focus on
 * the field): reset password, admin login, Track Orders; "Welcome!" on a first sign-in; and every
 * date on the shop's clock. The browser runs in UTC, where an order placed at 10:30 PM on Tuesday,
 * Nov 24 in New York is already Wednesday: each page must still say Nov 24. Screenshots at 1366 and
 * 390 px.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { screenshot, watchPageErrors } from '../helpers/browser';
import { buildOrder, buildUser } from '../helpers/factories';

// Sign-ins hash with scrypt (cheap in tests: PASSWORD_HASH_LOG_N) on a machine that may be busy.
vi.setConfig({ testTimeout: 180_000 });

const WIDTHS = [
  { name: 'desktop', width: 1366, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;
/** 10:30 PM on Tuesday, Nov 24, 2026 in New York; Wednesday, Nov 25 in UTC. */
const LATE_TUESDAY = new Date('2026-11-25T03:30:00Z');

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

/** A page whose browser clock is in UTC, whatever the machine's zone, so a date in the browser's zone shows. */
async function openPage(size: { width: number; height: number }): Promise<Page> {
  const context = await browser.newContext({ bypassCSP: true, reducedMotion: 'reduce', viewport: size, timezoneId: 'UTC' });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return page;
}

/** The field is marked, described by its alert, and has focus. */
async function expectRefused(page: Page, field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect(describedBy).toBeTruthy();
  const alert = page.locator(`[id="${describedBy}"]`);
  expect(await alert.getAttribute('role')).toBe('alert');
  expect((await alert.textContent())?.trim()).toBe(message);
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('forms whose refusals stay', () => {
  it('reset password: a bad email stays under the field; an expired link says so, focused, with a new-link offer', async () => {
    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/reset-password`);
      await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
      const email = page.getByLabel('Email');
      await email.fill('not-an-address');
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await expectRefused(page, email, 'Please enter a valid email address');
      await screenshot(page, `forms-forgot-error-${size.name}`);
      await email.fill('someone@example.com');
      await page.getByRole('button', { name: 'Email me a link' }).click();
      await page.getByRole('status').filter({ hasText: /\S/ }).waitFor();
      expect(await email.getAttribute('aria-invalid')).toBeNull();
      await screenshot(page, `forms-forgot-sent-${size.name}`);

      await page.goto(`${shop.url}/reset-password?token=not-a-real-token`);
      await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
      await page.getByLabel('New password').fill('short');
      await page.getByLabel('Confirm password').fill('different');
      await page.getByRole('button', { name: 'Save password' }).click();
      await expectRefused(page, page.getByLabel('New password'), 'Password must be at least 8 characters');
      await page.getByLabel('New password').fill('long enough 2026');
      await page.getByLabel('Confirm password').fill('long enough 2026');
      await page.getByRole('button', { name: 'Save password' }).click();
      const note = page.getByRole('alert').filter({ has: page.getByRole('link', { name: 'Ask for a new link' }) });
      await note.waitFor();
      await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
      await screenshot(page, `forms-choose-password-expired-${size.name}`);
      errors.assertClean();
      await page.context().close();
    }
  });

  it('admin login: the spec message once under the username; a wrong password stays under the password, focused', async () => {
    for (const size of WIDTHS) {
      const page = await openPage(size);
      await page.goto(`${shop.url}/admin/login`);
      await page.getByRole('heading', { name: 'Admin Login' }).waitFor();
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectRefused(page, page.getByLabel('Username'), 'Please enter both username and password');
      expect(await page.getByText('Please enter both username and password').count()).toBe(1);
      await screenshot(page, `forms-admin-login-empty-${size.name}`);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill('wrong-password');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await expectRefused(page, page.getByLabel('Password'), 'Invalid username or password');
      expect(await page.getByLabel('Username').getAttribute('aria-invalid')).toBeNull();
      await screenshot(page, `forms-admin-login-wrong-${size.name}`);
      await page.context().close();
    }
  });

  it('Track Orders: both forms refuse beside their fields; the quick status dates the order on the shop clock', async () => {
    const order = await buildOrder(shop, { email: 'late.tuesday@example.com', createdAt: LATE_TUESDAY, status: 'processing' });
    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/order-lookup`);
      await page.getByRole('heading', { name: 'Track Orders' }).waitFor();

      const quickEmail = page.locator('#quick-email');
      // The spec: no search until the email has an @; with one, a wrong address is said at the field.
      expect(await page.getByRole('button', { name: 'Check status' }).isDisabled()).toBe(true);
      await quickEmail.fill('nobody@');
      await page.getByRole('button', { name: 'Check status' }).click();
      await expectRefused(page, quickEmail, 'Please enter a valid email address');
      await expectRefusedWithoutFocus(page.getByLabel('Order number'), 'Please enter the 8-character order number (digits 0-9 and letters A-F).');

      const linkForm = page.locator('form').filter({ has: page.getByRole('button', { name: 'Email me my orders' }) });
      const linkEmail = linkForm.getByLabel('Email address');
      await linkEmail.fill('nobody');
      expect(await page.getByRole('button', { name: 'Email me my orders' }).isDisabled()).toBe(true);
      await linkEmail.fill('nobody@');
      await page.getByRole('button', { name: 'Email me my orders' }).click();
      await expectRefused(page, linkEmail, 'Please enter a valid email address');
      await screenshot(page, `forms-track-orders-errors-${size.name}`);

      await quickEmail.fill('late.tuesday@example.com');
      await page.getByLabel('Order number').fill(`#${order.id.slice(-8).toLowerCase()}`);
      await page.getByRole('button', { name: 'Check status' }).click();
      await page.getByText('Placed Nov 24, 2026', { exact: true }).waitFor();
      expect(await quickEmail.getAttribute('aria-invalid')).toBeNull();
      await screenshot(page, `forms-track-orders-status-${size.name}`);
      errors.assertClean();
      await page.context().close();
    }
  });
});

async function expectRefusedWithoutFocus(field: Locator, message: string) {
  await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
  const describedBy = await field.getAttribute('aria-describedby');
  expect((await field.page().locator(`[id="${describedBy}"]`).textContent())?.trim()).toBe(message);
}

describe('dates on the shop clock and the first greeting', () => {
  it("says 'Welcome!' on a first sign-in; the dashboard, order list, order page and admin date a late order Nov 24", async () => {
    const password = 'late tuesday 2026';
    const user = await buildUser(shop, { email: 'first.timer@example.com', firstName: 'Fran', passwordHash: await shop.ctx.passwords.hash(password) });
    const order = await buildOrder(shop, { userId: user.id, email: user.email, createdAt: LATE_TUESDAY });

    for (const size of WIDTHS) {
      const page = await openPage(size);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/login`);
      await page.getByLabel('Email').fill(user.email);
      await page.getByLabel('Password').fill(password);
      await screenshot(page, `dates-login-form-${size.name}`);
      await page.getByRole('button', { name: 'Sign In' }).click();
      // The first sign-in of the account (desktop) is a "Welcome!"; the phone's is the second.
      await page
        .getByText(size.name === 'desktop' ? 'Welcome!' : 'Welcome back!', { exact: true })
        .first()
        .waitFor();
      await screenshot(page, `dates-login-toast-${size.name}`);

      await page.goto(`${shop.url}/dashboard`);
      await page
        .getByText(new RegExp(`Order #${order.id.slice(-8).toUpperCase()} • Nov 24, 2026`))
        .first()
        .waitFor();
      await screenshot(page, `dates-dashboard-${size.name}`);

      await page.goto(`${shop.url}/orders`);
      await page.getByRole('heading', { name: 'Your Orders' }).waitFor();
      await page
        .getByText(/Nov 24, 2026/)
        .first()
        .waitFor();
      expect(await page.getByText(/Nov 25, 2026/).count()).toBe(0);
      await screenshot(page, `dates-orders-${size.name}`);

      await page.goto(`${shop.url}/orders/${order.id}?token=${encodeURIComponent(order.access_token)}`);
      await page.getByText('Nov 24, 2026, 10:30 PM', { exact: true }).first().waitFor();
      await screenshot(page, `dates-order-page-${size.name}`);
      errors.assertClean();
      await page.context().close();
    }
  });

  it('the admin list dates an order on the shop clock', async () => {
    await buildOrder(shop, { email: 'admin.dates@example.com', createdAt: LATE_TUESDAY });
    for (const size of WIDTHS) {
      const page = await openPage(size);
      await page.goto(`${shop.url}/admin/login`);
      await page.getByLabel('Username').fill('admin');
      await page.getByLabel('Password').fill(shop.ctx.env.ADMIN_PASSWORD);
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL(/\/admin$/);
      await page.getByRole('heading', { name: 'Recent Orders' }).waitFor();
      await page.getByText('Nov 24, 2026, 10:30 PM', { exact: true }).first().waitFor();
      expect(await page.getByText(/Nov 25, 2026, 3:30 AM/).count()).toBe(0);
      await screenshot(page, `dates-admin-${size.name}`);
      await page.context().close();
    }
  });
});
