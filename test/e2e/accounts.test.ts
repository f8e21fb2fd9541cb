import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildOrder } from '../helpers/factories';

// Journeys with several sign-ins (scrypt, cheap in tests: PASSWORD_HASH_LOG_N) on a machine that may be busy.
vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

/** newPage() from the helpers with a shorter default timeout. */
async function openPage(b: Browser, options: { width?: number; height?: number } = {}): Promise<Page> {
  const page = await newPage(b, options);
  // Fail at the step that is wrong, well before the test's own timeout.
  page.setDefaultTimeout(10_000);
  return page;
}

async function expectNoSeriousA11y(page: Page) {
  const violations = await seriousA11yViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

describe('customer accounts in the browser', () => {
  it('registers, signs in, sees the dashboard with an order and the order history, signs out', async () => {
    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    const email = 'ada.journey@example.com';

    await page.goto(`${shop.url}/register`);
    await page.getByRole('heading', { name: 'Create Account' }).waitFor();
    // The spec's messages, before anything is sent.
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByText('First name is required').waitFor();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('Password must be at least 8 characters').waitFor();
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('analytical engine');
    await expectNoSeriousA11y(page);
    await page.getByRole('button', { name: 'Create Account' }).click();
    // Signed in at once, on the dashboard.
    await page.waitForURL(`${shop.url}/dashboard`);
    // A first visit says Welcome; every later sign-in, Welcome back.
    await page.getByRole('heading', { name: 'Welcome, Ada' }).waitFor();
    await page.getByText('No orders yet').first().waitFor();
    await screenshot(page, 'accounts-registered-dashboard');
    // A second account with the same address is refused at the email field.
    expect((await page.request.post(`${shop.url}/api/auth/logout`)).status()).toBe(200);
    await page.goto(`${shop.url}/register`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Again');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('analytical engine');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page
      .locator('#reg-email-error')
      .getByText(/already exists/)
      .waitFor();
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('reg-email');
    await page.goto(`${shop.url}/login`);

    // Orders on the account (as checkout and the worker leave them).
    const [user] = await shop.sql<{ id: string }[]>`select id from users where email = ${email}`;
    await buildOrder(shop, { userId: user.id, email, status: 'completed', pages: 4, createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const latest = await buildOrder(shop, { userId: user.id, email, status: 'processing', rushOrder: true, pages: 12, printSize: '30x42', printType: 'color' });

    await page.getByRole('heading', { name: 'Sign In' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('wrong password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page
      .getByRole('region', { name: /Notifications/ })
      .getByText('Sign in failed', { exact: true })
      .first()
      .waitFor();
    // The reason stays under the password, which is marked and focused.
    await page.locator('#login-password-error').getByText('Invalid email or password.', { exact: true }).waitFor();
    expect(await page.getByLabel('Password').getAttribute('aria-invalid')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('login-password');
    await screenshot(page, 'accounts-sign-in-failed');
    await page.getByLabel('Password').fill('analytical engine');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByText('Welcome back!', { exact: true }).first().waitFor();
    await page.waitForURL(`${shop.url}/`);

    // The signed-in home is the dashboard.
    await page.getByRole('heading', { name: 'Welcome back, Ada' }).waitFor({ timeout: 10_000 });
    await page.getByText('RUSH ORDER', { exact: true }).waitFor();
    // The print type in upper case.
    await page
      .getByText(/ • (BLACK & WHITE|COLOR|COLOR ONLY WHERE NEEDED)$/)
      .first()
      .waitFor();
    await page.getByText(`Order #${latest.id.slice(-8).toUpperCase()}`).waitFor();
    await page.getByText('Orders before 12 PM ready by end of day • Rush orders: 1-4 hours').waitFor();
    await page.getByText('Printing — your drawings are being printed.').waitFor();
    await page.getByRole('button', { name: 'Download Receipt' }).waitFor();
    const totalSpent = page.locator('dt', { hasText: 'Pages printed' }).locator('xpath=following-sibling::dd');
    expect(await totalSpent.textContent()).toBe('16');
    expect(await page.locator('header').getByRole('link', { name: 'Upload', exact: true }).isVisible()).toBe(true);
    await screenshot(page, 'accounts-dashboard');
    await expectNoSeriousA11y(page);

    // Order history.
    await page.getByRole('link', { name: 'My Orders' }).first().click();
    await page.getByRole('heading', { name: 'Your Orders' }).waitFor();
    await page
      .getByText(`Order #${latest.id.slice(-8).toUpperCase()}`)
      .first()
      .waitFor();
    expect(
      await page
        .getByRole('listitem')
        .filter({ has: page.getByRole('heading', { level: 2 }) })
        .count(),
    ).toBe(2);
    await page
      .getByRole('button', { name: /Order again/ })
      .first()
      .waitFor();
    await screenshot(page, 'accounts-orders');
    await expectNoSeriousA11y(page);

    // Sign out from the avatar menu.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menu').getByText('Welcome back!', { exact: true }).waitFor();
    await page.getByRole('menu').getByText('Customer Account').waitFor();
    await screenshot(page, 'accounts-menu');
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.getByText('You have been successfully signed out.', { exact: true }).waitFor();
    await page.waitForURL(`${shop.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Sign In' }).waitFor();
    await nav.getByRole('link', { name: 'Track Orders' }).waitFor();
    expect((await page.request.get(`${shop.url}/api/auth/user`)).status()).toBe(401);
    errors.assertClean();
    await page.context().close();
  });

  it('hides the Upload and My Orders links on a phone, keeps the avatar menu', async () => {
    const page = await openPage(browser, { width: 390, height: 844 });
    const errors = watchPageErrors(page);
    const c = shop.client();
    await c.post('/api/auth/register', { email: 'phone@example.com', password: 'password123', firstName: 'Pat', lastName: 'Phone' });
    await page.goto(`${shop.url}/login`);
    await page.getByLabel('Email').fill('phone@example.com');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    // Registering signed Pat in (elsewhere): this sign-in is the second.
    await page.getByRole('heading', { name: 'Welcome back, Pat' }).waitFor();
    await page.getByText('No orders yet').first().waitFor();
    expect(await page.locator('header').getByRole('link', { name: 'My Orders' }).isVisible()).toBe(false);
    expect(await page.getByRole('button', { name: 'Account menu' }).isVisible()).toBe(true);
    const header = await page.locator('header').first().boundingBox();
    expect(header?.height).toBe(64);
    await screenshot(page, 'accounts-dashboard-phone');
    errors.assertClean();
    await page.context().close();
  });

  it('works the avatar menu from the keyboard: opens on the first item, arrows move, Escape returns to the button', async () => {
    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    const c = shop.client();
    await c.post('/api/auth/register', { email: 'keys@example.com', password: 'password123', firstName: 'Kay', lastName: 'Keys' });
    await page.goto(`${shop.url}/login`);
    await page.getByLabel('Email').fill('keys@example.com');
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Kay' }).waitFor();

    const button = page.getByRole('button', { name: 'Account menu' });
    expect(await button.getAttribute('aria-haspopup')).toBe('menu');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await menu.waitFor();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    const focused = () => page.evaluate(() => document.activeElement?.textContent?.trim());
    await expect.poll(focused).toBe('My Orders');
    await expectNoSeriousA11y(page);
    await page.keyboard.press('ArrowDown');
    await expect.poll(focused).toBe('Sign out');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    await expect.poll(async () => button.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('false');

    // Space opens it too; Enter on an item chooses it.
    await page.keyboard.press(' ');
    await expect.poll(focused).toBe('My Orders');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${shop.url}/orders`);
    await menu.waitFor({ state: 'detached' });
    errors.assertClean();
    await page.context().close();
  });

  it('shows a placeholder in the 64 px navigation bar while the session loads', async () => {
    const page = await openPage(browser);
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/user', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${shop.url}/order-lookup`);
    const placeholder = page.getByTestId('nav-loading');
    await placeholder.waitFor();
    expect((await page.locator('header').first().boundingBox())?.height).toBe(64);
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
    release();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' }).waitFor();
    expect(await placeholder.count()).toBe(0);
    await page.context().close();
  });

  it('sends a signed-out visitor from /dashboard and /orders to /login with the spec toasts', async () => {
    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/dashboard`);
    await page.getByText('You need to be signed in to view your dashboard.', { exact: true }).waitFor();
    await page.getByText('Please sign in').first().waitFor();
    await page.waitForURL(`${shop.url}/login`);
    await page.goto(`${shop.url}/orders`);
    await page.getByText('Please sign in again to continue.', { exact: true }).waitFor();
    await page.getByText('Session expired', { exact: true }).waitFor();
    await page.waitForURL(`${shop.url}/login`);
    errors.assertClean();
    await page.context().close();
  });
});

describe('emailed account links in the browser', () => {
  it('confirms the address from the verification link, then resets a forgotten password from its link', async () => {
    const email = 'forgetful@example.com';
    const guestOrder = await buildOrder(shop, { email, status: 'completed' });
    await shop.client().post('/api/auth/register', { email, password: 'first password', firstName: 'Fay', lastName: 'Getful' });
    await shop.runJobs();
    const linkIn = async (kind: string) => {
      const [row] = await shop.sql<
        { text_body: string }[]
      >`select text_body from emails where to_address = ${email} and kind = ${kind} order by created_at desc limit 1`;
      return row.text_body.match(/https?:\/\/\S+/)?.[0] as string;
    };
    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(await linkIn('account_verify_email'));
    await page.getByText(/Your email address is confirmed/).waitFor();
    await shop.runJobs();

    await page.goto(`${shop.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Email me a link' }).click();
    await page.getByText(/If an account exists for that address/).waitFor();
    await expectNoSeriousA11y(page);
    await shop.runJobs();

    await page.goto(await linkIn('account_reset_password'));
    await page.getByRole('heading', { name: 'Choose your password' }).waitFor();
    await page.getByLabel('New password').fill('second password');
    await page.getByLabel('Confirm password').fill('something else');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('The passwords do not match').waitFor();
    await page.getByLabel('Confirm password').fill('second password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL(`${shop.url}/dashboard`);
    await page.getByRole('heading', { name: 'Welcome, Fay' }).waitFor();
    // The guest order placed with the verified address is on the account.
    await page.getByText(`Order #${guestOrder.id.slice(-8).toUpperCase()}`).waitFor();
    await screenshot(page, 'accounts-after-reset');
    errors.assertClean();
    await page.context().close();
  });
});

describe('ordering again from the history', () => {
  it('starts a checkout with the same file and options, and says so when the file was deleted after printing', async () => {
    const email = 'again@example.com';
    await shop.client().post('/api/auth/register', { email, password: 'password123', firstName: 'Re', lastName: 'Order' });
    const [user] = await shop.sql<{ id: string }[]>`select id from users where email = ${email}`;
    const printed = await buildOrder(shop, { userId: user.id, email, status: 'completed', createdAt: new Date(Date.now() - 10 * 86_400_000) });
    await shop.sql`update orders set file_deleted_at = now() where id = ${printed.id}`;
    const kept = await buildOrder(shop, { userId: user.id, email, pages: 5, printSize: '30x42', printType: 'color' });

    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Welcome back, Re' }).waitFor();
    await page.goto(`${shop.url}/orders`);
    await page.getByRole('heading', { name: 'Your Orders' }).waitFor();

    await page.getByRole('button', { name: 'Order again' }).nth(1).click();
    await page.getByText('Cannot order again', { exact: true }).waitFor();
    await page
      .getByText(/already been deleted after printing/)
      .first()
      .waitFor();

    await page.getByRole('button', { name: 'Order again' }).first().click();
    await page.waitForURL(`${shop.url}/checkout`);
    const stored = JSON.parse((await page.evaluate(() => sessionStorage.getItem('checkoutData'))) ?? '{}');
    expect(stored).toMatchObject({ reorderOf: kept.id, pageCount: 5, printSize: '30x42', printType: 'color', fileName: kept.file_name });
    const [upload] = await shop.sql`select status, page_count from uploads where id = ${stored.uploadId}`;
    expect(upload).toMatchObject({ status: 'ready', page_count: 5 });
    errors.assertClean();
    await page.context().close();
  });
});

describe('guest order tracking in the browser', () => {
  it('asks for a link, opens it from the email and sees the orders with their status', async () => {
    const email = 'grace.guest@example.com';
    const done = await buildOrder(shop, { email, status: 'completed', createdAt: new Date(Date.now() - 86_400_000) });
    const failed = await buildOrder(shop, { email, status: 'failed' });
    const page = await openPage(browser);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/order-lookup`);
    await page.getByRole('heading', { name: 'Track Orders' }).waitFor();
    const send = page.getByRole('button', { name: 'Email me my orders' });
    // Not an address: the refusal stays under the field, which is marked and focused.
    const address = page.getByLabel('Email address');
    // The spec: no search until the address has an @.
    await address.fill('grace.guest');
    expect(await send.isDisabled()).toBe(true);
    await address.fill('grace.guest@');
    await send.click();
    await page.getByRole('alert').getByText('Please enter a valid email address', { exact: true }).first().waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await address.evaluate((el) => el === document.activeElement)).toBe(true);
    await address.fill(email);
    await send.click();
    await page.getByText('we have sent it a link to see them').waitFor();
    await expectNoSeriousA11y(page);

    await shop.runJobs();
    const [mail] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = ${email} and kind = 'order_lookup'`;
    const link = mail.text_body.match(/https?:\/\/\S+/)?.[0];
    expect(link).toContain('/order-lookup?token=');

    await page.goto(link as string);
    const list = page.getByRole('list', { name: 'Orders found' });
    await list.waitFor();
    await list.getByText(`Order #${failed.id.slice(-8).toUpperCase()}`).waitFor();
    await list.getByText(`Order #${done.id.slice(-8).toUpperCase()}`).waitFor();
    await list.getByText('Cancelled', { exact: true }).waitFor();
    await list.getByText('support@blueprintshop.local').waitFor();
    await list.getByText('Ready for pickup at the counter.').waitFor();
    await screenshot(page, 'accounts-lookup-list');
    await expectNoSeriousA11y(page);

    // The quick check shows one order's status only.
    await page.getByLabel('Email you ordered with').fill(email);
    await page.getByLabel('Order number').fill(done.id.slice(-8).toLowerCase());
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByText(/^Placed [A-Z][a-z]{2} \d+, \d{4}$/).waitFor();
    // Not an order number at all: said under the field; a well-formed one that matches nothing: said below.
    await page.getByLabel('Order number').fill('ZZZZZZZZ');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByRole('alert').getByText('Please enter the 8-character order number (digits 0-9 and letters A-F).', { exact: true }).waitFor();
    expect(await page.getByLabel('Order number').getAttribute('aria-invalid')).toBe('true');
    // The refusal replaces the earlier answer rather than sitting beside it.
    expect(await page.getByText(/^Placed [A-Z][a-z]{2} \d+, \d{4}$/).count()).toBe(0);
    await page.getByLabel('Order number').fill(done.id.slice(-8) === '00000000' ? '11111111' : '00000000');
    await page.getByRole('button', { name: 'Check status' }).click();
    await page.getByText('No order matches that email address and order number.').waitFor();
    errors.assertClean();
    await page.context().close();
  });
});
