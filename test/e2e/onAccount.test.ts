/**
 * Paying on account in the browser: a member of a firm with Net 30 terms chooses "Invoice to
 * {firm} (Net 30)" at checkout and lands on the order; the owner sees the open and overdue invoices
 * on the firm page and pays one by card; the counter opens terms for another firm and marks the
 * overdue invoice paid. Screens at 1366 and 390 px.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { fillContact, pageWithCookiesOf, screenshot, seriousA11yViolations, watchPageErrors, seedThreeSheetCheckout } from '../helpers/browser';
import { buildUpload } from '../helpers/factories';
import { adminClient } from '../helpers/adminTestKit';
import { firmOnAccount, orderOnAccount } from '../helpers/onAccount';

vi.setConfig({ testTimeout: 180_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

async function noWiderThan(page: import('playwright-core').Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

describe('paying on account', () => {
  it('checkout on the firm account, the firm page’s invoices, and the counter’s firms and invoices', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { name: 'Keystone Architects', creditLimitCents: 250_000 });
    // An earlier order on account, now past due.
    const earlier = await orderOnAccount(shop, owner, { jobName: 'Hudson Yards core' });
    expect(earlier.status, earlier.text).toBe(201);
    await shop.sql`update invoices set due_on = due_on - 45 where order_id = ${earlier.body.orderId}`;
    await shop.sql`update firms set terms = 'net30' where id = ${firmId}`;

    // The member checks out on account: no card form, straight to the order.
    const upload = await buildUpload(shop, { userId: member.id, pages: 3, fileName: 'A-300 Sections.pdf' });
    const checkout = await pageWithCookiesOf(browser, shop.url, member.client.cookieHeader(), 1366);
    const errors = watchPageErrors(checkout);
    await seedThreeSheetCheckout(checkout, upload);
    await checkout.goto(`${shop.url}/checkout`);
    const choice = checkout.getByRole('radio', { name: 'Invoice to Keystone Architects (Net 30)' });
    await choice.waitFor({ timeout: 15_000 });
    // The overdue invoice is named where the choice is made.
    await checkout.getByText(/Invoice INV-\d{6} was due/).waitFor();
    await screenshot(checkout, 'checkout-on-account-choice-1366');
    // Settle the overdue one at the counter first (through the API), then place the order.
    const admin = await adminClient(shop);
    expect((await admin.post(`/api/admin/invoices/${earlier.body.invoice.id}/mark-paid`)).status).toBe(200);
    await checkout.reload();
    await choice.check();
    await expect(checkout.getByRole('button', { name: /^Pay \$/ }).count()).resolves.toBe(0);
    await fillContact(checkout, { first: 'Milo', last: 'Builder', email: member.email });
    await checkout.getByRole('button', { name: 'Place order on account' }).click();
    await checkout.waitForURL(/\/order-success\//, { timeout: 15_000 });
    await checkout.getByText('Invoiced to your firm’s account'.replace('’', "'")).waitFor();
    const orderId = checkout.url().split('/').pop() as string;
    const [placed] = await shop.sql<{ payment_status: string }[]>`select payment_status from orders where id = ${orderId}`;
    expect(placed.payment_status).toBe('invoiced');
    errors.assertClean();

    // Two more on account, one overdue, for the owner's page and the counter's list.
    const late = await orderOnAccount(shop, member, { jobName: 'Bergen County Library' });
    expect(late.status).toBe(201);
    await shop.sql`update invoices set due_on = due_on - 40 where order_id = ${late.body.orderId}`;

    // The owner's firm page: terms, open and overdue invoices, each with its PDF; pay one by card.
    const firmPage = await pageWithCookiesOf(browser, shop.url, owner.client.cookieHeader(), 1366);
    const firmErrors = watchPageErrors(firmPage);
    await firmPage.goto(`${shop.url}/firm`);
    await firmPage.getByRole('heading', { name: 'Account and invoices' }).waitFor();
    await firmPage.getByText('Overdue', { exact: true }).waitFor();
    expect(await firmPage.getByRole('link', { name: /^PDF of invoice INV-/ }).count()).toBe(2);
    const violations = await seriousA11yViolations(firmPage);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(firmPage, 'firm-account-1366');
    const phoneFirm = await pageWithCookiesOf(browser, shop.url, owner.client.cookieHeader(), 390);
    await phoneFirm.goto(`${shop.url}/firm`);
    await phoneFirm.getByRole('heading', { name: 'Account and invoices' }).waitFor();
    await screenshot(phoneFirm, 'firm-account-390');
    await noWiderThan(phoneFirm, 390);

    const [onAccount] = await shop.sql<{ number: string }[]>`select 'INV-' || lpad(number::text, 6, '0') as number from invoices where order_id = ${orderId}`;
    await firmPage.getByRole('button', { name: `Pay by card: ${onAccount.number}` }).click();
    await firmPage.getByLabel('Card number').fill('4242 4242 4242 4242');
    await firmPage.getByRole('button', { name: /^Pay \$/ }).click();
    await firmPage.getByText('Payment received', { exact: true }).first().waitFor();
    await expect
      .poll(async () => (await shop.sql`select 1 from invoices where order_id = ${orderId} and paid_by = 'card'`).length, { timeout: 15_000 })
      .toBe(1);
    await firmPage.getByRole('link', { name: `PDF of invoice ${onAccount.number}` }).waitFor({ state: 'detached', timeout: 15_000 });
    firmErrors.assertClean();

    // The counter: open terms for a firm without them, then the invoices with the overdue one marked.
    const other = await firmOnAccount(shop, { name: 'Hudson Builders' });
    const firms = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 1366);
    const adminErrors = watchPageErrors(firms);
    await firms.goto(`${shop.url}/admin`);
    await firms.getByRole('link', { name: 'Firms', exact: true }).click();
    await firms.getByRole('heading', { name: 'Firms' }).waitFor();
    await firms.getByLabel('Terms').nth(1).waitFor();
    const hudson = firms.locator('div.rounded-xl').filter({ hasText: 'Hudson Builders' });
    await hudson.getByLabel('Terms').selectOption('net30');
    await hudson.getByLabel('Credit limit ($)').fill('2500');
    await hudson.getByRole('button', { name: 'Save terms' }).click();
    await hudson.getByText('available $2,500.00').waitFor();
    const [terms] = await shop.sql<{ terms: string; credit_limit_cents: number }[]>`select terms, credit_limit_cents from firms where id = ${other.firmId}`;
    expect(terms).toEqual({ terms: 'net30', credit_limit_cents: 250_000 });
    expect(await seriousA11yViolations(firms)).toEqual([]);
    await screenshot(firms, 'admin-firms-1366');
    const phoneFirms = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 390);
    await phoneFirms.goto(`${shop.url}/admin/firms`);
    await phoneFirms.getByRole('heading', { name: 'Firms' }).waitFor();
    await phoneFirms.getByText('Hudson Builders').waitFor();
    await screenshot(phoneFirms, 'admin-firms-390');
    await noWiderThan(phoneFirms, 390);

    await firms.getByRole('link', { name: 'invoices' }).click();
    await firms.getByRole('heading', { name: 'Invoices' }).waitFor();
    await firms.locator('li').getByText('Overdue', { exact: true }).waitFor();
    expect(await seriousA11yViolations(firms)).toEqual([]);
    await screenshot(firms, 'admin-invoices-1366');
    const phoneInvoices = await pageWithCookiesOf(browser, shop.url, admin.cookieHeader(), 390);
    await phoneInvoices.goto(`${shop.url}/admin/invoices`);
    await phoneInvoices.locator('li').getByText('Overdue', { exact: true }).waitFor();
    await screenshot(phoneInvoices, 'admin-invoices-390');
    await noWiderThan(phoneInvoices, 390);

    const [lateInvoice] = await shop.sql<
      { number: string }[]
    >`select 'INV-' || lpad(number::text, 6, '0') as number from invoices where order_id = ${late.body.orderId}`;
    // Asked in the shop's own dialog (never the browser's confirm box), which records the check number.
    firms.once('dialog', () => {
      throw new Error('the browser confirm box was used');
    });
    await firms.getByRole('button', { name: `Mark paid: ${lateInvoice.number}` }).click();
    const dialog = firms.getByRole('dialog', { name: `Mark invoice ${lateInvoice.number} paid?` });
    await dialog.getByLabel('Reference (check number, transfer id)').fill('Check 4417');
    await dialog.getByRole('button', { name: 'Mark paid' }).click();
    await firms.getByText('Invoice paid', { exact: true }).first().waitFor();
    await firms.getByRole('button', { name: `Mark paid: ${lateInvoice.number}` }).waitFor({ state: 'detached' });
    await firms.getByRole('button', { name: 'Paid', exact: true }).click();
    await firms.locator('li').getByText(lateInvoice.number, { exact: true }).waitFor();
    await firms.getByText(/at the counter \(ref\. Check 4417\)/).waitFor();
    const [lateOrder] = await shop.sql<{ payment_status: string }[]>`select payment_status from orders where id = ${late.body.orderId}`;
    expect(lateOrder.payment_status).toBe('paid');
    adminErrors.assertClean();
  });
});
