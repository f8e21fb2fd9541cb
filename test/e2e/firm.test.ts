/**
 * The firm page in the browser: create a firm from the dashboard's link, add a project, invite a
 * colleague, who joins from the emailed link and sees the firm's order filtered by project. Screens
 * at 1366 and 390 px wide.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildOrder, buildUser } from '../helpers/factories';
import { adminClient, customerClient, signedSessionCookie } from '../helpers/adminTestKit';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

/** A page signed in as a new customer (a real session row and the signed cookie, no password). */
async function signedInPage(first: string, width: number): Promise<{ page: Page; id: string; email: string }> {
  const user = await buildUser(shop, { firstName: first, lastName: 'Mason', email: `${first.toLowerCase()}-${Date.now()}@example.com` });
  const sid = `firm-e2e-${user.id}`;
  await shop.sql`insert into sessions (sid, kind, user_id, expire) values (${sid}, 'customer', ${user.id}, now() + interval '1 day')`;
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(10_000);
  const url = new URL(shop.url);
  const cookies = signedSessionCookie(shop.ctx.env.SESSION_SECRET, { sid })
    .split('; ')
    .map((pair) => {
      const [name, value] = pair.split('=');
      return { name, value: pair.slice(name.length + 1) || value, domain: url.hostname, path: '/' };
    });
  await page.context().addCookies(cookies);
  return { page, id: user.id, email: user.email };
}

describe('the firm page', () => {
  it('creates a firm and a project, invites a colleague who joins, and lists the firm’s orders', async () => {
    const owner = await signedInPage('Olive', 1366);
    const errors = watchPageErrors(owner.page);
    await owner.page.goto(`${shop.url}/dashboard`);
    await owner.page.getByRole('link', { name: 'Your Firm' }).click();
    await owner.page.getByRole('heading', { name: 'Create a firm' }).waitFor();
    await owner.page.getByRole('button', { name: 'Create firm' }).click();
    await owner.page.getByText('Firm name is required').waitFor();
    await owner.page.getByLabel('Firm name').fill('Keystone Architects');
    await owner.page.getByRole('button', { name: 'Create firm' }).click();
    await owner.page.getByRole('heading', { name: 'Keystone Architects' }).waitFor();

    await owner.page.getByLabel('Code', { exact: true }).fill('BCL-24');
    await owner.page.getByLabel('Project name').fill('Bergen County Library');
    await owner.page.getByRole('button', { name: 'Add project' }).click();
    await owner.page.getByRole('link', { name: 'Statement for BCL-24 (PDF)' }).waitFor();
    // The same code again is refused where it was typed.
    await owner.page.getByLabel('Code', { exact: true }).fill('bcl-24');
    await owner.page.getByLabel('Project name').fill('Again');
    await owner.page.getByRole('button', { name: 'Add project' }).click();
    await owner.page.getByRole('alert').filter({ hasText: 'already has a project with the code bcl-24' }).first().waitFor();

    const colleague = await signedInPage('Milo', 390);
    await owner.page.getByLabel('Email').fill(colleague.email);
    await owner.page.getByRole('button', { name: 'Send invite' }).click();
    await owner.page.getByText(colleague.email).first().waitFor();

    const [{ text_body }] = await shop.sql<
      { text_body: string }[]
    >`select text_body from emails where to_address = ${colleague.email} and kind = 'firm_invite'`;
    const link = /http\S+\/firm-invite\?token=\S+/.exec(text_body)?.[0];
    expect(link).toBeDefined();
    await colleague.page.goto(link as string);
    await colleague.page.getByText('You are now a member of the firm.').waitFor();
    await colleague.page.getByRole('link', { name: 'Go to your firm' }).click();
    await colleague.page.getByRole('heading', { name: 'Keystone Architects' }).waitFor();

    // An order the colleague placed for the project (written as checkout writes it).
    const [{ firm_id, id: projectId }] = await shop.sql<{ firm_id: string; id: string }[]>`select firm_id, id from firm_projects where code = 'BCL-24'`;
    const order = await buildOrder(shop, { userId: colleague.id });
    await shop.sql`update orders set firm_id = ${firm_id}, project_id = ${projectId}, project_code = 'BCL-24', placed_by_user_id = ${colleague.id},
      customer_first_name = 'Milo', customer_last_name = 'Mason', job_name = 'Library addition' where id = ${order.id}`;
    await owner.page.reload();
    await owner.page.getByText(`#${order.id.slice(-8).toUpperCase()} · Library addition`).waitFor();
    await owner.page.getByLabel('Project', { exact: true }).selectOption(projectId);
    await owner.page.getByText(/· BCL-24 · Milo Mason$/).waitFor();
    // A certificate, filed from the page; pending until the counter verifies it.
    await owner.page.getByLabel('Kind').fill('ST-5 exempt organization');
    await owner.page.getByLabel('Certificate number').fill('EO-12345');
    await owner.page
      .getByLabel(/^Certificate \(PDF or image/)
      .setInputFiles({ name: 'st5.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n%%EOF\n') });
    await owner.page.getByRole('button', { name: 'Send certificate' }).click();
    await owner.page.getByText('NJ ST-5 exempt organization #EO-12345').waitFor();
    await owner.page.getByText('Pending', { exact: true }).last().waitFor();
    const violations = await seriousA11yViolations(owner.page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    // The sticky navigation bar stays at the top of a full-page picture only from the top.
    await owner.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(owner.page, 'firm-owner-1366');
    const statement = await owner.page.request.get(
      `${shop.url}${await owner.page.getByRole('link', { name: 'Statement for BCL-24 (PDF)' }).getAttribute('href')}`,
    );
    expect(statement.status()).toBe(200);
    expect(statement.headers()['content-type']).toBe('application/pdf');

    await colleague.page.reload();
    await colleague.page.getByText('Library addition').waitFor();
    // A member sees no invites and cannot remove the owner.
    expect(await colleague.page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
    expect(await colleague.page.getByRole('button', { name: 'Remove' }).count()).toBe(0);
    await screenshot(colleague.page, 'firm-member-390');
    const wide = await colleague.page.evaluate(() => document.documentElement.scrollWidth);
    expect(wide).toBeLessThanOrEqual(390);
    errors.assertClean();
  });

  it('an owner withdraws the firm’s verified certificate from a dialog, without a reason', async () => {
    const owner = await signedInPage('Wanda', 1366);
    const errors = watchPageErrors(owner.page);
    const api = await customerClient(shop, owner.id);
    const { firmId } = (await api.post('/api/firms', { name: 'Ridgewood Engineers' })).body;
    const form = new FormData();
    for (const [k, v] of Object.entries({ state: 'NJ', kind: 'ST-5 exempt organization', number: 'EO-777', expiresOn: '' })) form.append(k, v);
    form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'st5.pdf');
    const filed = await api.request('POST', `/api/firms/${firmId}/tax-certificates`, { body: form });
    expect(filed.status).toBe(201);
    expect((await (await adminClient(shop)).post(`/api/admin/tax-certificates/${filed.body.certificateId}/verify`)).status).toBe(200);

    await owner.page.goto(`${shop.url}/firm`);
    await owner.page.getByText(/^No expiry date: verified through \d{4}-\d{2}-\d{2}$/).waitFor();
    await owner.page.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = owner.page.getByRole('dialog', { name: 'Withdraw this certificate?' });
    await dialog.getByLabel('Reason (optional)').waitFor();
    const violations = await seriousA11yViolations(owner.page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(owner.page, 'firm-withdraw-certificate-1366');
    await dialog.getByRole('button', { name: 'Withdraw' }).click();
    await owner.page.getByText('Withdrawn', { exact: true }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await owner.page.getByRole('button', { name: 'Withdraw' }).count()).toBe(0);
    const [row] = await shop.sql`select status, withdrawn_by, withdraw_reason from firm_tax_certificates where id = ${filed.body.certificateId}`;
    expect(row).toEqual({ status: 'withdrawn', withdrawn_by: 'owner', withdraw_reason: null });
    errors.assertClean();
  });
});
