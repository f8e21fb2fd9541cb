/** The counter's certificate view in the browser: verify one, reject another with a reason, withdraw the verified one in a dialog; 1366 and 390 px. */
import { describe, expect, it, vi } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestShop } from '../helpers/shop';
import { browserShopForFile } from '../helpers/browserShop';
import { newPage, screenshot, seriousA11yViolations, watchPageErrors } from '../helpers/browser';
import { buildUser } from '../helpers/factories';
import { adminClient, customerClient } from '../helpers/adminTestKit';

vi.setConfig({ testTimeout: 120_000 });

let shop: TestShop;
let browser: Browser;
browserShopForFile((s, b) => ([shop, browser] = [s, b]), { worker: false });

/** A page carrying the admin session's cookies. */
async function adminPage(width: number): Promise<Page> {
  const admin = await adminClient(shop);
  const page = await newPage(browser, { width, height: 900 });
  page.setDefaultTimeout(10_000);
  const host = new URL(shop.url).hostname;
  await page.context().addCookies(
    admin
      .cookieHeader()
      .split('; ')
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1), domain: host, path: '/' })),
  );
  return page;
}

async function fileCertificate(number: string, firmName: string) {
  const user = await buildUser(shop);
  const client = await customerClient(shop, user.id);
  const { firmId } = (await client.post('/api/firms', { name: firmName })).body;
  const form = new FormData();
  for (const [k, v] of Object.entries({ state: 'NJ', kind: 'ST-5 exempt organization', number, expiresOn: '2027-06-30' })) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(Buffer.from('%PDF-1.4\n%%EOF\n'))], { type: 'application/pdf' }), 'st5.pdf');
  const res = await client.request('POST', `/api/firms/${firmId}/tax-certificates`, { body: form });
  expect(res.status).toBe(201);
  return res.body.certificateId as string;
}

describe('the admin’s certificate view', () => {
  it('verifies one, rejects another with a reason, and withdraws the verified one with a reason asked in a dialog', async () => {
    const a = await fileCertificate('EO-1001', 'Keystone Architects');
    const b = await fileCertificate('EO-2002', 'Hudson Builders');
    const page = await adminPage(1366);
    const errors = watchPageErrors(page);
    await page.goto(`${shop.url}/admin`);
    await page.getByRole('link', { name: 'Tax-exempt certificates' }).click();
    await page.getByRole('heading', { name: 'Tax-exempt certificates' }).waitFor();
    await page.getByText('NJ ST-5 exempt organization #EO-1001', { exact: false }).waitFor();
    const violations = await seriousA11yViolations(page);
    expect(violations, JSON.stringify(violations, null, 2)).toEqual([]);
    await screenshot(page, 'admin-tax-certificates-1366');

    const cardA = page.locator('div.rounded-xl').filter({ hasText: '#EO-1001' });
    await cardA.getByRole('button', { name: 'Verify' }).click();
    await cardA.getByText('Verified', { exact: true }).waitFor();
    const cardB = page.locator('div.rounded-xl').filter({ hasText: '#EO-2002' });
    await cardB.getByLabel('Reason (to reject)').fill('The number is not legible.');
    await cardB.getByRole('button', { name: 'Reject' }).click();
    await cardB.getByText('Reason given: The number is not legible.').waitFor();
    let rows = await shop.sql`select id, status from firm_tax_certificates where id in ${shop.sql([a, b])} order by number`;
    expect(rows).toEqual([
      { id: a, status: 'verified' },
      { id: b, status: 'rejected' },
    ]);

    // The verified one is withdrawn with a reason, asked in the shop's dialog; Withdraw waits for the reason.
    await cardA.getByRole('button', { name: 'Withdraw' }).click();
    const dialog = page.getByRole('dialog', { name: 'Withdraw this certificate?' });
    const confirm = dialog.getByRole('button', { name: 'Withdraw' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Reason (emailed to the owners)').fill('The state revoked this exemption.');
    await screenshot(page, 'admin-tax-certificates-withdraw-1366');
    await confirm.click();
    await cardA.getByText('Withdrawn', { exact: true }).waitFor();
    await cardA.getByText('Withdrawn: The state revoked this exemption.').waitFor();
    await dialog.waitFor({ state: 'detached' });
    rows = await shop.sql`select id, status from firm_tax_certificates where id in ${shop.sql([a, b])} order by number`;
    expect(rows).toEqual([
      { id: a, status: 'withdrawn' },
      { id: b, status: 'rejected' },
    ]);

    const phone = await adminPage(390);
    await phone.goto(`${shop.url}/admin/tax-certificates`);
    await phone.getByText('Reason given: The number is not legible.').waitFor();
    await screenshot(phone, 'admin-tax-certificates-390');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    errors.assertClean();
  });
});
