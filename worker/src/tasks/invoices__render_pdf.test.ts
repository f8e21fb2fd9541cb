/**
 * The invoice job: an order placed on a firm's account gets its invoice PDF (stored once, under its
 * fixed key) saying who bills whom, for which order, job, PO and project, line by line with tax,
 * total and due day, and the shop's address; the owner and the placer get it by email once, however
 * often the job runs.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { firmOnAccount, orderOnAccount } from '#test/helpers/onAccount';
import { pdfText } from '#test/helpers/pdfText';
import { renderPngs } from '#test/helpers/pdfPages';
import { invoiceKey } from '#core/services/storage/keys';
import { longDayText } from '#shared/clock';
import { formatDollars } from '#shared/money';
import { DEFAULT_SHOP } from '#shared/shop';
import { buffer } from 'node:stream/consumers';
import { addJob } from '#core/lib/db';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('invoices__render_pdf', () => {
  it('stores the invoice PDF with everything a firm files it under, and emails it once', async () => {
    const { firmId, owner, member } = await firmOnAccount(shop, { name: 'Keystone Architects', creditLimitCents: 500_000 });
    const [project] = await shop.sql<{ id: string }[]>`
      insert into firm_projects (firm_id, name, code, created_by_user_id) values (${firmId}, 'Bergen County Library', 'BCL-24', ${member.id}) returning id`;
    const placed = await orderOnAccount(shop, member, { pages: 4, projectId: project.id });
    expect(placed.status, placed.text).toBe(201);
    const { id: invoiceId, number, dueOn } = placed.body.invoice;
    await shop.runJobs();

    const [row] = await shop.sql<{ pdf_key: string }[]>`select pdf_key from invoices where id = ${invoiceId}`;
    expect(row.pdf_key).toBe(invoiceKey(invoiceId));
    const pdf = await buffer(await shop.ctx.storage.get(row.pdf_key));
    const text = (await pdfText(pdf)).replace(/\s+/g, ' ');
    for (const expected of [
      'Invoice',
      number,
      'Terms: Net 30',
      'Keystone Architects',
      'Ordered by Grace Hopper',
      `Order ${placed.body.orderId.slice(-8).toUpperCase()}`,
      'Job name: Library fit-out',
      'PO: PO-7731',
      'Project: BCL-24',
      `4 × ${formatDollars(placed.body.amounts.pricePerPage)}`,
      'Pickup at the counter',
      `Tax (NJ ${placed.body.amounts.taxRate})`,
      'Amount due',
      formatDollars(placed.body.amounts.total),
      `Due ${longDayText(dueOn)}`,
      DEFAULT_SHOP.street1,
      `${DEFAULT_SHOP.city}, ${DEFAULT_SHOP.state} ${DEFAULT_SHOP.zip}`,
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect((await renderPngs(pdf, 'invoice', path.resolve('test-results/invoices'))).pages).toBe(1);

    // Run again: the same file, no second email.
    await addJob(shop.sql, 'invoices__render_pdf', { invoiceId });
    await shop.runJobs();
    const emails = await shop.sql<{ to_address: string; attachments: { storageKey: string }[] }[]>`
      select to_address, attachments from emails where kind = 'invoice_issued' and order_id = ${placed.body.orderId}`;
    expect(emails.map((e) => e.to_address).sort()).toEqual([owner.email, member.email].sort());
    expect(emails.every((e) => e.attachments[0].storageKey === invoiceKey(invoiceId))).toBe(true);
    const sent = await shop.sql`select id from emails where kind = 'invoice_issued' and order_id = ${placed.body.orderId} and status = 'sent'`;
    expect(sent.length).toBe(2);
  });

  it('leaves a gone invoice alone', async () => {
    await addJob(shop.sql, 'invoices__render_pdf', { invoiceId: '00000000-0000-4000-8000-000000000000' });
    await expect(shop.runJobs()).resolves.toBeUndefined();
  });
});
