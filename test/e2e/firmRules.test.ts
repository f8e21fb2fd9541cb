/**
 * A firm's buying rules in the browser: the owner turns them on, gives a project its cost codes and
 * makes a member an approver on the firm page; a member's checkout says the rule, offers the project's cost codes, is refused
 * with the firm's sentence without a PO number, and places the order with one. Screens at 1366 and
 * 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, useClientCookies, watchPageErrors, seedThreeSheetCheckout } from '../helpers/browser';
import { buildUpload, buildUser } from '../helpers/factories';
import { customerClient } from '../helpers/adminTestKit';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

let n = 0;
/** A firm with an owner, a member and one project without cost codes. */
async function firm() {
  const stamp = `${Date.now()}-${n++}`;
  const owner = await buildUser(shop, { firstName: 'Olive', lastName: 'Mason', email: `olive-${stamp}@example.com` });
  const member = await buildUser(shop, { firstName: 'Milo', lastName: 'Mason', email: `milo-${stamp}@example.com` });
  const [{ id: firmId }] = await shop.sql<{ id: string }[]>`
    insert into firms (name, created_by_user_id) values ('Keystone Architects', ${owner.id}) returning id`;
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${owner.id}, ${firmId}, 'owner'), (${member.id}, ${firmId}, 'member')`;
  const [{ id: projectId }] = await shop.sql<{ id: string }[]>`
    insert into firm_projects (firm_id, name, code, created_by_user_id) values (${firmId}, 'Hoboken Tower', 'HT-1', ${owner.id}) returning id`;
  return { owner, member, firmId, projectId };
}

async function signedInPage(userId: string, width: number): Promise<Page> {
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(15_000);
  await useClientCookies(page, await customerClient(shop, userId), shop.url);
  return page;
}

/** The owner sets the rules and the project's cost codes on the firm page. */
async function ownerSetsRules(page: Page, width: number) {
  await page.goto(`${shop.url}/firm`);
  await page.getByRole('heading', { name: 'Keystone Architects' }).waitFor();
  const rules = page.getByRole('form', { name: 'Buying rules' });
  await rules.getByLabel('Require a PO number on every order').check();
  await rules.getByLabel('Require a project and one of its cost codes on every order').check();
  await rules.getByLabel('Approval for members’ orders over ($)').fill('1,500');
  await rules.getByRole('button', { name: 'Save rules' }).click();
  await page.getByText('Rules saved').first().waitFor();

  await page.getByRole('button', { name: 'Cost codes of HT-1' }).click();
  await page.getByLabel('Cost codes of HT-1, one a line: code, then name').fill('04-REIMB Reimbursable printing\n09-CA Construction administration');
  await page.getByRole('button', { name: 'Save cost codes' }).click();
  await page.getByText('Cost codes saved').first().waitFor();
  await page.getByText('Reimbursable printing').first().waitFor();
  await page.getByLabel('Month').waitFor();
  const violations = await seriousA11yViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
  await screenshot(page, `firm-rules-${width}`);
}

describe('a firm’s buying rules', () => {
  it('the owner sets them; the member’s checkout is held to them and the order carries the cost code', async () => {
    const { owner, member, firmId, projectId } = await firm();
    const ownerPage = await signedInPage(owner.id, 1366);
    const ownerErrors = watchPageErrors(ownerPage);
    await ownerSetsRules(ownerPage, 1366);
    const [row] = await shop.sql`select require_po_number, require_cost_code, approval_over_cents from firms where id = ${firmId}`;
    expect(row).toEqual({ require_po_number: true, require_cost_code: true, approval_over_cents: 150000 });
    const [project] = await shop.sql`select cost_codes from firm_projects where id = ${projectId}`;
    expect(project.cost_codes).toEqual([
      { code: '04-REIMB', name: 'Reimbursable printing' },
      { code: '09-CA', name: 'Construction administration' },
    ]);
    // The owner makes the member an approver, and takes it back.
    await ownerPage.getByRole('button', { name: 'Make approver: Milo Mason' }).click();
    await ownerPage.getByRole('button', { name: 'Remove approver: Milo Mason' }).waitFor();
    expect((await shop.sql`select role from firm_members where user_id = ${member.id}`)[0].role).toBe('approver');
    await ownerPage.getByRole('button', { name: 'Remove approver: Milo Mason' }).click();
    await ownerPage.getByRole('button', { name: 'Make approver: Milo Mason' }).waitFor();
    expect((await shop.sql`select role from firm_members where user_id = ${member.id}`)[0].role).toBe('member');
    ownerErrors.assertClean();
    await ownerPage.context().close();

    const upload = await buildUpload(shop, { userId: member.id, pages: 3, fileName: 'HT-100 Plans.pdf' });
    const page = await signedInPage(member.id, 1366);
    await seedThreeSheetCheckout(page, upload);
    await page.goto(`${shop.url}/checkout`);
    await page.getByRole('heading', { name: 'Checkout' }).waitFor();
    expect(await page.getByTestId('firm-rules-note').innerText()).toBe(
      'Keystone Architects orders need a PO number and a project and a cost code (your firm’s rule).',
    );
    await page.getByLabel('Project', { exact: true }).selectOption(projectId);
    const costCode = page.getByLabel('Cost code', { exact: true });
    expect(await costCode.locator('option').allInnerTexts()).toEqual([
      'No cost code',
      '04-REIMB · Reimbursable printing',
      '09-CA · Construction administration',
    ]);
    await costCode.selectOption('04-REIMB');

    await page.getByLabel('First name *').fill('Milo');
    await page.getByLabel('Last name *').fill('Mason');
    await page.getByLabel('Email *').fill(member.email);
    await page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry (MM/YY)').fill('1234');
    await page.getByLabel('CVC').fill('123');
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    // No PO number: the firm's sentence, and nothing is charged.
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.getByText("Hoboken Tower orders need a PO number (your firm's rule).").first().waitFor();
    const [unpaid] = await shop.sql`select count(*)::int as n from orders where placed_by_user_id = ${member.id} and payment_status <> 'unpaid'`;
    expect(unpaid.n).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'firm-rules-checkout-refused-1366');

    await page.getByLabel(/PO number/).fill('PO-7731');
    await page.getByRole('button', { name: /^Pay \$/ }).click();
    await page.waitForURL(/\/order-success\/[0-9a-f-]{36}$/);
    const orderId = page.url().split('/').pop() as string;
    await page.getByText('Payment received').waitFor({ timeout: 20_000 });
    const [order] = await shop.sql`select po_number, project_code, cost_code from orders where id = ${orderId}`;
    expect(order).toEqual({ po_number: 'PO-7731', project_code: 'HT-1', cost_code: '04-REIMB' });
    await page.context().close();
  });

  it('fits a phone: the rules and cost codes at 390 px', async () => {
    const { owner } = await firm();
    const page = await signedInPage(owner.id, 390);
    const errors = watchPageErrors(page);
    await ownerSetsRules(page, 390);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    errors.assertClean();
    await page.context().close();
  });
});
