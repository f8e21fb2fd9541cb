/**
 * A firm's approvals in the browser: a member's order on account over the limit waits; the owner
 * finds it on the firm page's waiting list and on the approval page the email links to, and
 * approves one and declines another with a reason, which the member then reads on the order page.
 * A member's card checkout over the limit is sent for approval instead of charged, and once the
 * owner approves it the member pays it by card on the order page. Screens of the list, the
 * approval page and the order page before and after paying, at 1366 and 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, useClientCookies, watchPageErrors, seedThreeSheetCheckout } from '../helpers/browser';
import { buildUpload, buildUser } from '../helpers/factories';
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

describe('a member’s card order over the limit', () => {
  for (const width of [1366, 390]) {
    it(`is sent for approval at checkout, approved, then paid by card on the order page (${width} px)`, async () => {
      const stamp = `${Date.now()}-${n++}`;
      const owner = await buildUser(shop, { firstName: 'Sam', lastName: 'Lee', email: `sam-${stamp}@example.com` });
      const member = await buildUser(shop, { firstName: 'Milo', lastName: 'Mason', email: `milo-${stamp}@example.com` });
      // No Net 30 terms: the firm's members pay by card.
      const [{ id: firmId }] = await shop.sql<{ id: string }[]>`
        insert into firms (name, created_by_user_id, approval_over_cents) values ('Keystone Architects', ${owner.id}, 100) returning id`;
      await shop.sql`insert into firm_members (user_id, firm_id, role) values (${owner.id}, ${firmId}, 'owner'), (${member.id}, ${firmId}, 'member')`;
      const upload = await buildUpload(shop, { userId: member.id, pages: 3, fileName: 'HT-100 Plans.pdf' });

      const page = await signedInPage(member.id, width);
      const errors = watchPageErrors(page);
      await seedThreeSheetCheckout(page, upload);
      await page.goto(`${shop.url}/checkout`);
      await page.getByRole('heading', { name: 'Checkout' }).waitFor();
      expect(await page.getByTestId('approval-needed').innerText()).toContain('it goes to Sam Lee for approval');
      // No card is asked for yet.
      expect(await page.getByLabel('Card number').count()).toBe(0);
      await page.getByLabel('First name *').fill('Milo');
      await page.getByLabel('Last name *').fill('Mason');
      await page.getByLabel('Email *').fill(member.email);
      await fits(page);
      await screenshot(page, `checkout-send-for-approval-${width}`);
      await page.getByRole('button', { name: 'Send for approval' }).first().click();

      await page.getByRole('heading', { name: 'Waiting for Approval' }).waitFor();
      const orderId = page.url().split('/').pop()!.split('?')[0];
      expect(await page.getByTestId('order-status-text').innerText()).toBe(
        'Awaiting approval — waiting for Sam Lee to approve it; you pay by card here once it is approved. Nothing is charged or printed until then.',
      );
      const [waiting] = await shop.sql`select payment_status, approval_state, payment_intent_id from orders where id = ${orderId}`;
      expect(waiting).toEqual({ payment_status: 'unpaid', approval_state: 'waiting', payment_intent_id: null });

      const ownerClient = await customerClient(shop, owner.id);
      const approved = await ownerClient.post(`/api/firms/${firmId}/approvals/${orderId}`, { decision: 'approve' });
      expect(approved.status, approved.text).toBe(200);

      await page.reload();
      await page.getByRole('heading', { name: 'Approved — Ready to Pay' }).waitFor();
      expect(await page.getByTestId('order-status-text').innerText()).toBe(
        'Approved by Sam Lee — pay by card to send it to print. Nothing is charged or printed until then.',
      );
      const [{ total_cents: total }] = await shop.sql<{ total_cents: number }[]>`select total_cents from orders where id = ${orderId}`;
      const dollars = `$${(total / 100).toFixed(2)}`;
      await page.getByTestId('pay-approved-order').getByText(dollars).first().waitFor();
      await fits(page);
      await screenshot(page, `order-approved-to-pay-${width}`);

      await page.getByRole('button', { name: 'Pay by card' }).click();
      await page.getByLabel('Card number').fill('4242 4242 4242 4242');
      await page.getByLabel('Expiry (MM/YY)').fill('1234');
      await page.getByLabel('CVC').fill('123');
      await fits(page);
      await page.getByRole('button', { name: `Pay ${dollars}` }).click();
      await page
        .getByTestId('order-status-text')
        .getByText(/^Paid — in the print queue/)
        .waitFor({ timeout: 30_000 });
      await page.getByText('Payment received').first().waitFor();
      expect(await page.getByTestId('pay-approved-order').count()).toBe(0);
      await fits(page);
      await screenshot(page, `order-approved-paid-${width}`);
      const [paid] = await shop.sql`select payment_status, card_last4 from orders where id = ${orderId}`;
      expect(paid).toEqual({ payment_status: 'paid', card_last4: '4242' });
      errors.assertClean();
      await page.context().close();
    });
  }
});
