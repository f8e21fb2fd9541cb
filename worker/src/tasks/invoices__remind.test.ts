/**
 * invoices__remind: the owners of a firm paying on account hear once of an invoice falling due within
 * three days and once of one just overdue; a paid, a void, a far-off and a long-overdue invoice, and a
 * member who is not an owner, hear nothing; a second run sends nothing new.
 */
import { describe, expect, it } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { firmOnAccount, orderOnAccount } from '#test/helpers/onAccount';
import { longDayText, shopDay } from '#shared/clock';
import { addCalendarDays } from '#shared/holidays';
import { shopFacts } from '#shared/shop';

let shop: TestShop;
shopForFile((s) => (shop = s));

describe('invoices__remind', () => {
  it('reminds the owners once of an invoice due soon and once of one just overdue, and of nothing else', async () => {
    const { owner, member } = await firmOnAccount(shop, { creditLimitCents: 1_000_000 });
    const today = shopDay(new Date(), shopFacts(shop.ctx.env));
    const placed: { orderId: string; invoiceId: string; number: string }[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await orderOnAccount(shop, member);
      expect(res.status, res.text).toBe(201);
      placed.push({ orderId: res.body.orderId, invoiceId: res.body.invoice.id, number: res.body.invoice.number });
    }
    const [dueSoon, overdue, farOff, longOverdue, paid, voided] = placed;
    const dueOn = async (p: (typeof placed)[number], days: number) =>
      shop.sql`update invoices set due_on = ${addCalendarDays(today, days)}::date where id = ${p.invoiceId}`;
    await dueOn(dueSoon, 2);
    await dueOn(overdue, -1);
    await dueOn(farOff, 20);
    await dueOn(longOverdue, -30);
    await dueOn(paid, 1);
    await dueOn(voided, 1);
    await shop.sql`update invoices set paid_at = now(), paid_by = 'admin' where id = ${paid.invoiceId}`;
    await shop.sql`update orders set status = 'failed' where id = ${voided.orderId}`;

    await shop.runCron('invoices__remind');
    await shop.runCron('invoices__remind');
    const sent = await shop.sql<{ order_id: string; to_address: string; kind: string; subject: string; text_body: string }[]>`
      select order_id, to_address, kind, subject, text_body from emails
      where kind in ('invoice_due_soon', 'invoice_overdue') and order_id = any(${placed.map((p) => p.orderId)}::uuid[])`;
    expect(sent.map((e) => [e.order_id, e.kind, e.to_address]).sort()).toEqual(
      [
        [dueSoon.orderId, 'invoice_due_soon', owner.email.toLowerCase()],
        [overdue.orderId, 'invoice_overdue', owner.email.toLowerCase()],
      ].sort(),
    );
    const soon = sent.find((e) => e.kind === 'invoice_due_soon')!;
    expect(soon.subject).toContain(`Invoice ${dueSoon.number}`);
    expect(soon.subject).toContain(`is due on ${longDayText(addCalendarDays(today, 2))}`);
    expect(soon.text_body).toContain(`was not paid when this email was sent, on ${longDayText(today)}`);
    const late = sent.find((e) => e.kind === 'invoice_overdue')!;
    expect(late.subject).toContain(`was due on ${longDayText(addCalendarDays(today, -1))}`);
    expect(late.text_body).toContain("New orders on the account of the firm 'Keystone Architects' wait until it is paid");
  });
});
