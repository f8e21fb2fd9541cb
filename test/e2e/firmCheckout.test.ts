/**
 * A firm member's checkout in the browser: the project picker (and a new project added inline), the
 * address book with the firm's job sites and the member's own addresses, the last used first, and
 * the "Tax exempt — NJ ST-5 #12345" line a verified certificate puts in the price breakdown, on the
 * confirmation page after paying, and the firm's orders on the dashboard filtered by project and by
 * person. Screens at 1366 and 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, useClientCookies, watchPageErrors, seedThreeSheetCheckout, screenshotOf } from '../helpers/browser';
import { buildUpload, buildUser } from '../helpers/factories';
import { adminClient, customerClient } from '../helpers/adminTestKit';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

const LABEL = 'Tax exempt — NJ ST-5 #12345';

/** A firm (written as its routes write it) with an owner, a member, a project, a verified NJ certificate and a job site in its address book. */
async function firmWithCertificate() {
  const owner = await buildUser(shop, { firstName: 'Olive', lastName: 'Mason', email: `olive-${Date.now()}@example.com` });
  const member = await buildUser(shop, { firstName: 'Milo', lastName: 'Mason', email: `milo-${Date.now()}@example.com` });
  const [{ id: firmId }] = await shop.sql<
    { id: string }[]
  >`insert into firms (name, created_by_user_id) values ('Keystone Architects', ${owner.id}) returning id`;
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${owner.id}, ${firmId}, 'owner'), (${member.id}, ${firmId}, 'member')`;
  const [{ id: projectId }] = await shop.sql<{ id: string }[]>`
    insert into firm_projects (firm_id, name, code, created_by_user_id) values (${firmId}, 'Bergen County Library', 'BCL-24', ${owner.id}) returning id`;
  await shop.sql`
    insert into firm_tax_certificates (firm_id, state, kind, number, expires_on, status, file_key, file_name, content_type, file_size, uploaded_by_user_id, decided_at)
    values (${firmId}, 'NJ', 'ST-5', '12345', '2099-12-31', 'verified', 'certificates/test.pdf', 'st5.pdf', 'application/pdf', 15, ${owner.id}, now())`;
  // The member's own address was used last; the firm's job site before it.
  await shop.sql`
    insert into firm_addresses (firm_id, street1, city, state, zip_code, saved_by_user_id, last_used_at)
    values (${firmId}, '10 Park Ave', 'Hackensack', 'NJ', '07601', ${owner.id}, now() - interval '2 days')`;
  await shop.sql`
    insert into saved_addresses (user_id, street1, city, state, zip_code, last_used_at) values (${member.id}, '1 Main St', 'Albany', 'NY', '12207', now() - interval '1 day')`;
  return { owner, member, firmId, projectId };
}

/** A page signed in as `userId`, with a ready upload of theirs in the checkout's storage. */
async function checkoutPage(userId: string, width: number): Promise<Page> {
  const upload = await buildUpload(shop, { userId, pages: 3, fileName: 'A-100 Library Plans.pdf' });
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(15_000);
  await useClientCookies(page, await customerClient(shop, userId), shop.url);
  await seedThreeSheetCheckout(page, upload);
  return page;
}

describe('a firm member’s checkout', () => {
  it('picks a project (or adds one), picks a saved address, shows the exemption, and the order keeps them', async () => {
    const { member, projectId } = await firmWithCertificate();
    const page = await checkoutPage(member.id, 1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();

    // Pickup in NJ: the firm's NJ certificate takes the tax out, and the line says which one.
    const exemption = page.getByTestId('tax-exemption');
    await exemption.waitFor();
    expect((await exemption.innerText()).replace(/\s+/g, ' ')).toBe(`${LABEL} $0.00`);
    expect(await page.getByTestId('checkout-total').innerText()).toBe('$17.97');
    expect(await page.getByText('No State Tax').count()).toBe(0);

    // The project picker lists the firm's projects; a new one added inline is chosen at once.
    const picker = page.getByLabel('Project (optional)');
    expect(await picker.locator('option').allInnerTexts()).toEqual(['No project', 'BCL-24 · Bergen County Library']);
    await picker.selectOption(projectId);
    await page.getByRole('button', { name: 'New project' }).click();
    await page.getByLabel('Code').fill('HT-1');
    await page.getByLabel('Project name').fill('Hoboken Tower');
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByRole('button', { name: 'New project' }).waitFor();
    expect(await picker.locator('option:checked').innerText()).toBe('HT-1 · Hoboken Tower');

    // Shipping: the address book, the last used first; picking the firm's job site fills the address.
    await page.getByRole('radio', { name: /Shipping/ }).check();
    const book = page.getByLabel('Saved addresses');
    await book.locator('option', { hasText: 'Hackensack' }).waitFor({ state: 'attached' });
    expect(await book.locator('option').allInnerTexts()).toEqual([
      'Choose a saved address…',
      'Yours · 1 Main St, Albany, NY 12207',
      'Keystone Architects · 10 Park Ave, Hackensack, NJ 07601',
    ]);
    await book.selectOption({ label: 'Keystone Architects · 10 Park Ave, Hackensack, NJ 07601' });
    expect(await page.getByLabel('Street address *').inputValue()).toBe('10 Park Ave');
    expect(await page.getByLabel('ZIP *').inputValue()).toBe('07601');
    await page
      .getByRole('radio', { name: /UPS|FedEx|Ground|USPS/ })
      .first()
      .waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    // Shipped to NJ: still exempt.
    await exemption.waitFor();
    expect(await exemption.innerText()).toContain(LABEL);

    await page.getByLabel('First name *').fill('Milo');
    await page.getByLabel('Last name *').fill('Mason');
    await page.getByLabel('Email *').fill(member.email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'firm-checkout-1366');

    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop() as string;
    // Reconciliation runs in the worker; the page polls until the payment is in.
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    await page.getByText(LABEL).waitFor();
    await page.getByText('HT-1 · Hoboken Tower').waitFor();
    const [order] = await shop.sql`
      select project_code, project_name, tax_cents, tax_exempt_state, tax_exempt_kind, tax_exempt_number, shipping_address from orders where id = ${orderId}`;
    expect(order).toMatchObject({
      project_code: 'HT-1',
      project_name: 'Hoboken Tower',
      tax_cents: 0,
      tax_exempt_state: 'NJ',
      tax_exempt_kind: 'ST-5',
      tax_exempt_number: '12345',
    });
    expect(order.shipping_address).toMatchObject({ street1: '10 Park Ave', zipCode: '07601' });
    // Shipping to the firm's job site moved it to the top of the book, with no personal copy.
    const [{ n }] = await shop.sql<{ n: number }[]>`select count(*)::int as n from saved_addresses where user_id = ${member.id} and city = 'Hackensack'`;
    expect(n).toBe(0);
    await screenshot(page, 'firm-checkout-success-1366');
    errors.assertClean();

    // The counter's row names the project and why no tax was charged.
    const admin = await newPage(browser, { width: 1366, height: 900 });
    admin.setDefaultTimeout(15_000);
    await useClientCookies(admin, await adminClient(shop), shop.url);
    await admin.goto(`${shop.url}/admin`);
    const row = admin.getByTestId('tax-exemption').first();
    await row.waitFor();
    expect(await row.innerText()).toBe(`${LABEL}: no tax charged`);
    await admin.getByText('Project: HT-1 · Hoboken Tower').waitFor();
    await screenshot(admin, 'admin-firm-order-1366');
    await admin.context().close();
  });

  it('fits a phone: the pickers and the exemption at 390 px', async () => {
    const { member } = await firmWithCertificate();
    const page = await checkoutPage(member.id, 390);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/checkout`);
    await page.getByTestId('tax-exemption').waitFor();
    await page.getByLabel('Project (optional)').selectOption({ label: 'BCL-24 · Bergen County Library' });
    await page.getByRole('radio', { name: /Shipping/ }).check();
    await page.getByLabel('Saved addresses').selectOption({ label: 'Keystone Architects · 10 Park Ave, Hackensack, NJ 07601' });
    await page
      .getByRole('radio', { name: /UPS|FedEx|Ground|USPS/ })
      .first()
      .waitFor();
    await page.getByTestId('tax-exemption').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'firm-checkout-390');

    // A new job site typed here goes in the firm's book for everyone, on top as the last used.
    await page.getByLabel('Street address *').fill('5 River Rd');
    await page.getByLabel('City *').fill('Hoboken');
    await page.getByLabel('ZIP *').fill('07030');
    await page.getByRole('button', { name: 'Save for Keystone Architects' }).click();
    await page.getByText('Address saved', { exact: true }).first().waitFor();
    const book = page.getByLabel('Saved addresses');
    await page.waitForFunction(() => document.querySelectorAll('#saved-address option').length === 4);
    expect((await book.locator('option').allInnerTexts())[1]).toBe('Keystone Architects · 5 River Rd, Hoboken, NJ 07030');

    // On the firm page the member may remove the address they saved, not the owner's.
    page.on('dialog', (dialog) => void dialog.accept());
    await page.goto(`${shop.url}/firm`);
    const shared = page.getByRole('list', { name: 'Firm addresses' });
    await shared.getByText('5 River Rd, Hoboken, NJ 07030').waitFor();
    await shared.getByText('10 Park Ave, Hackensack, NJ 07601').waitFor();
    expect(await shared.getByRole('button', { name: 'Remove 10 Park Ave, Hackensack, NJ 07601' }).count()).toBe(0);
    await shared.getByText('Saved by Milo Mason').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shared.scrollIntoViewIfNeeded();
    await screenshotOf(page, 'firm-address-book-390');
    await shared.getByRole('button', { name: 'Remove 5 River Rd, Hoboken, NJ 07030' }).click();
    await shared.getByText('5 River Rd, Hoboken, NJ 07030').waitFor({ state: 'detached' });
    errors.assertClean();
  });
});

describe('the firm’s orders on the dashboard', () => {
  it('lists them with filters by project and by person, at 1366 and 390 px', async () => {
    const { owner, member, firmId, projectId } = await firmWithCertificate();
    const place = async (userId: string, name: string, job: string, project: string | null) => {
      const upload = await buildUpload(shop, { userId });
      await shop.sql`
        insert into orders (user_id, upload_id, access_token, file_name, file_key, file_size, page_count, print_size, print_type, subtotal_cents,
          tax_cents, total_cents, customer_email, customer_first_name, customer_last_name, payment_status, paid_at, firm_id, project_id, project_code,
          project_name, placed_by_user_id, job_name)
        values (${userId}, ${upload.id}, ${`token-${upload.id}`}, ${upload.file_name}, ${upload.storage_key}, ${upload.file_size}, 3, '24x36', 'bw', 1797,
          119, 1916, 'firm@example.com', ${name}, 'Mason', 'paid', now(), ${firmId}, ${project}, ${project ? 'BCL-24' : null},
          ${project ? 'Bergen County Library' : null}, ${userId}, ${job})`;
    };
    await place(member.id, 'Milo', 'Library addition', projectId);
    await place(member.id, 'Milo', 'Garage study', null);
    await place(owner.id, 'Olive', 'Stair details', projectId);

    for (const width of [1366, 390]) {
      const page = await newPage(browser, { width, height: 900 });
      page.setDefaultTimeout(15_000);
      const errors = watchPageErrors(page);
      await useClientCookies(page, await customerClient(shop, owner.id), shop.url);
      await page.goto(`${shop.url}/dashboard`);
      const list = page.getByTestId('firm-orders');
      await list.getByText('Garage study').waitFor();
      expect(await list.locator('li').count()).toBe(3);
      await page.getByLabel('Project', { exact: true }).selectOption(projectId);
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="firm-orders"] li').length === 2);
      expect(await list.getByText('Garage study').count()).toBe(0);
      await page.getByLabel('Ordered by').selectOption({ label: 'Milo Mason' });
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="firm-orders"] li').length === 1);
      await list.getByText('Library addition').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The sticky navigation bar stays at the top of a full-page picture only from the top.
      await page.evaluate(() => window.scrollTo(0, 0));
      await screenshot(page, `dashboard-firm-orders-${width}`);
      errors.assertClean();
      await page.context().close();
    }
  });
});
