/**
 * A firm's approvals in the browser: a member's order on account over the limit waits; the owner
 * finds it on the firm page's waiting list and on the approval page the email links to, and
 * approves one and declines another with a reason, which the member then reads on the order page.
 * Screens of the list and the approval page at 1366 and 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, useClientCookies, watchPageErrors } from '../helpers/browser';
import { buildUser } from '../helpers/factories';
import { customerClient } from '../helpers/adminTestKit';
import { orderOnAccount } from '../helpers/onAccount';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]));

let n = 0;
/** A firm on Net 30 whose members' orders over $1.00 wait, with one waiting order of its member. */
async function firmWithWaitingOrder() {
  const stamp = `${Date.now()}-${n++}`;
  const owner = await buildUser(shop, { firstName: 'Olive', lastName: 'Mason', email: `olive-${stamp}@example.com` });
  const member = await buildUser(shop, { firstName: 'Milo', lastName: 'Mason', email: `milo-${stamp}@example.com` });
  const [{ id: firmId }] = await shop.sql<{ id: string }[]>`
    insert into firms (name, created_by_user_id, terms, credit_limit_cents, approval_over_cents)
    values ('Keystone Architects', ${owner.id}, 'net30', 500000, 100) returning id`;
  await shop.sql`insert into firm_members (user_id, firm_id, role) values (${owner.id}, ${firmId}, 'owner'), (${member.id}, ${firmId}, 'member')`;
  const placer = { client: await customerClient(shop, member.id), id: member.id, email: member.email };
  const placed = await orderOnAccount(shop, placer, { jobName: 'Hoboken Tower CDs' });
  expect(placed.status, placed.text).toBe(201);
  expect(placed.body.paymentStatus).toBe('awaiting_approval');
  return { owner, member, firmId, orderId: placed.body.orderId as string };
}

async function signedInPage(userId: string, width: number): Promise<Page> {
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(15_000);
  await useClientCookies(page, await customerClient(shop, userId), shop.url);
  return page;
}

async function fits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const violations = await seriousA11yViolations(page);
  expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
}

const invoices = async (orderId: string) => (await shop.sql<{ n: number }[]>`select count(*)::int as n from invoices where order_id = ${orderId}`)[0].n;

describe('a firm’s approvals', () => {
  for (const width of [1366, 390]) {
    it(`the owner approves from the waiting list and declines from the approval page (${width} px)`, async () => {
      const first = await firmWithWaitingOrder();
      const placer = { client: await customerClient(shop, first.member.id), id: first.member.id, email: first.member.email };
      const second = await orderOnAccount(shop, placer);
      expect(second.body.paymentStatus).toBe('awaiting_approval');
      const secondId = second.body.orderId as string;
      const number = (id: string) => id.slice(-8).toUpperCase();

      const page = await signedInPage(first.owner.id, width);
      const errors = watchPageErrors(page);
      await page.goto(`${shop.url}/firm`);
      const waiting = page.locator('[aria-labelledby="waiting-approvals"]');
      await waiting.getByText(`Order ${number(first.orderId)}`).waitFor();
      await waiting.getByText(`Order ${number(secondId)}`).waitFor();
      await fits(page);
      await screenshot(page, `firm-approvals-waiting-${width}`);

      await page.getByRole('button', { name: `Approve order ${number(first.orderId)}` }).click();
      await page.getByText('Order approved').first().waitFor();
      await waiting.getByText(`Order ${number(first.orderId)}`).waitFor({ state: 'detached' });
      expect(await invoices(first.orderId)).toBe(1);

      // The approval page the email links to.
      await page.goto(`${shop.url}/firm/approvals/${secondId}`);
      await page.getByRole('heading', { name: `Approve order ${number(secondId)}?` }).waitFor();
      // The placer as the order names them (the checkout's details).
      await page.getByText('Grace Hopper').first().waitFor();
      await fits(page);
      await screenshot(page, `firm-approval-page-${width}`);
      await page.getByRole('button', { name: 'Decline', exact: true }).click();
      await page.getByLabel('Reason (optional)').fill('Print half-size sets instead');
      await page.getByRole('dialog').getByRole('button', { name: 'Decline' }).click();
      await page.getByText('Order declined').first().waitFor();
      await page.getByText('Cancelled — declined by Olive Mason: Print half-size sets instead').first().waitFor();
      const [row] = await shop.sql`select status, approval_state from orders where id = ${secondId}`;
      expect(row).toEqual({ status: 'failed', approval_state: 'declined' });
      expect(await invoices(secondId)).toBe(0);
      errors.assertClean();
      await page.context().close();

      // The member reads why on the order page.
      const memberPage = await signedInPage(first.member.id, width);
      await memberPage.goto(`${shop.url}/orders/${secondId}`);
      await memberPage.getByRole('heading', { name: 'Order Cancelled' }).waitFor();
      expect(await memberPage.getByTestId('order-status-text').innerText()).toBe('Cancelled — declined by Olive Mason: Print half-size sets instead');
      await memberPage.context().close();
    });
  }
});
