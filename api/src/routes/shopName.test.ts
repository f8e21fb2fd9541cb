/**
 * SHOP_NAME and SHOP_CITY reach what the shop sends and prints: an account email's subject, body and
 * sign-off, and the receipt's and job ticket's heading and author.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder, buildUser } from '#test/helpers/factories';
import { adminClient, customerClient } from '#test/helpers/adminTestKit';
import { pdfInfo, pdfText } from '#test/helpers/pdfText';

let shop: TestShop;
shopForFile((s) => (shop = s), { env: { SHOP_NAME: 'Harbor Plan Room', SHOP_CITY: 'Hoboken' } });

describe('a shop named by SHOP_NAME in SHOP_CITY', () => {
  it('signs the password reset email with its name and town', async () => {
    const user = await buildUser(shop);
    expect((await shop.client().post('/api/auth/forgot-password', { email: user.email })).status).toBe(202);
    await shop.runJobs();
    const [mail] = await shop.sql<{ subject: string; text_body: string }[]>`
      select subject, text_body from emails where to_address = ${user.email} and kind = 'account_reset_password'`;
    expect(mail.subject).toBe('Reset your Harbor Plan Room password');
    expect(mail.text_body).toContain('the password of your Harbor Plan Room account');
    expect(mail.text_body.endsWith('\n\nHarbor Plan Room\nLarge-format printing in Hoboken, NJ')).toBe(true);
    expect(mail.text_body).not.toMatch(/Blueprint Shop|Paramus/);
  });

  it('heads the receipt and the job ticket with its name, and names it as their author', async () => {
    const user = await buildUser(shop);
    const order = await buildOrder(shop, { userId: user.id });
    const receipt = await (await customerClient(shop, user.id)).bytes(`/api/orders/${order.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect((await pdfInfo(receipt.body)).Author).toBe('Harbor Plan Room');
    const text = await pdfText(receipt.body);
    expect(text.trimStart().startsWith('Harbor Plan Room')).toBe(true);
    expect(text).toContain('Hoboken, NJ');
    expect(text).not.toMatch(/Blueprint Shop|Paramus/);

    const ticket = await (await adminClient(shop)).bytes(`/api/admin/job-ticket/${order.id}`);
    expect(ticket.status).toBe(200);
    expect((await pdfInfo(ticket.body)).Author).toBe('Harbor Plan Room');
  });
});
