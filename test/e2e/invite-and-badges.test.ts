/**
 * What a new customer sees: an invite's page names the firm and who invited, and sign-up returns to
 * it so one click joins; a paid order's badge says "Paid", never a yellow "Pending" beside "Payment
 * received". Screens at 1366 and 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildOrder, buildUser } from '../helpers/factories';
import { customerClient } from '../helpers/adminTestKit';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

describe('a firm invite opened signed out', () => {
  it.each([1366, 390])('names the firm and the inviter, and joins in one click after signing up (%i px)', async (width) => {
    const owner = await buildUser(shop, { firstName: 'Olive', lastName: 'Mason', email: `olive-${width}-${Date.now()}@example.com` });
    const ownerClient = await customerClient(shop, owner.id);
    const firm = await ownerClient.post('/api/firms', { name: `Keystone Architects ${width}` });
    expect(firm.status).toBe(201);
    const newcomer = `nia-${width}-${Date.now()}@example.com`;
    expect((await ownerClient.post(`/api/firms/${firm.body.firmId}/invites`, { email: newcomer })).status).toBe(201);
    const [{ text_body }] = await shop.sql<{ text_body: string }[]>`select text_body from emails where to_address = ${newcomer} and kind = 'firm_invite'`;
    const link = /http\S+\/firm-invite\?token=\S+/.exec(text_body)?.[0] as string;

    const page = await newPage(browser, { width, height: 900 });
    page.setDefaultTimeout(10_000);
    const errors = watchPageErrors(page);
    await page.goto(link.replace(/^https?:\/\/[^/]+/, shop.url));
    await page.getByRole('heading', { name: `Join Keystone Architects ${width}` }).waitFor();
    await page.getByTestId('invite-from').getByText(`Olive Mason invited ${newcomer}`).waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, `firm-invite-signed-out-${width}`);

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL(/\/register\?/);
    expect(await page.getByLabel('Email').inputValue()).toBe(newcomer);
    await page.getByLabel('First name').fill('Nia');
    await page.getByLabel('Last name').fill('New');
    await page.getByLabel('Password', { exact: true }).fill('a-long-password-1');
    const confirm = page.getByLabel('Confirm password');
    if (await confirm.count()) await confirm.fill('a-long-password-1');
    await page.getByRole('button', { name: /create account/i }).click();
    // Back on the invite, which joins at once: nothing to open again from the email.
    await page.getByText('You are now a member of the firm.').waitFor({ timeout: 15_000 });
    expect(page.url()).toContain('/firm-invite?token=');
    errors.assertClean();
    await page.close();
  });
});

describe('a paid order’s badge', () => {
  it.each([1366, 390])('says "Paid" beside "Payment received", never "Pending" (%i px)', async (width) => {
    const order = await buildOrder(shop, { status: 'pending', readyBy: new Date(Date.now() + 86_400_000) });
    const page = await newPage(browser, { width, height: 900 });
    page.setDefaultTimeout(10_000);
    await page.goto(`${shop.url}/order-success/${order.id}?token=${order.access_token}`);
    await page.getByText('Payment received').waitFor();
    await page.getByText('Paid', { exact: true }).first().waitFor();
    expect(await page.getByText('Pending', { exact: true }).count()).toBe(0);
    await screenshot(page, `paid-order-badge-${width}`);
    await page.close();
  });
});

describe('the landing page of a shop that set no testimonials', () => {
  it('shows no testimonials section rather than invented ones', async () => {
    const page = await newPage(browser, { width: 1366, height: 900 });
    await page.goto(`${shop.url}/`);
    await page.getByRole('heading', { level: 2, name: 'Frequently asked questions' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Trusted by people who build' }).count()).toBe(0);
    expect(await page.locator('figure blockquote').count()).toBe(0);
    await page.close();
  });
});
