/**
 * Reminders of invoices on a firm's account, to the firm's owners (who pay them): once when an
 * invoice falls due within REMIND_DAYS_BEFORE days, once in the first days after its due day. Each is
 * sent once per invoice and address (its idempotency key), so the hourly job that calls this may run
 * any number of times. Dates are calendar days and the words say when they were true ("when this email
 * was sent"), so the email stays true on the day it is read. Paid and void invoices get none.
 */
import { longDayText, type CalendarDay } from '#shared/clock';
import { orderNumberOf } from '#shared/fields';
import { invoiceNumberText } from '#shared/invoice';
import { formatCents } from '#shared/money';
import type { ShopFacts } from '#shared/shop';
import type { Queryable } from '../lib/db';
import { queueEmail } from '../services/email/index';
import { firmOwners } from '../firms/membership';
import { OPEN_INVOICE } from '../orders/commands/invoices';
import { questionsLine } from './closing';
import { quoted } from './theirWords';

/** "Due soon" goes out once an unpaid invoice is due within this many days. */
export const REMIND_DAYS_BEFORE = 3;
/** "Overdue" goes out in the first days after the due day (a job that was down for a day still sends it). */
const OVERDUE_WINDOW_DAYS = 3;

type Reminded = {
  id: string;
  number: string;
  firm_id: string;
  firm_name: string;
  order_id: string;
  amount_cents: number;
  due_on: CalendarDay;
  overdue: boolean;
};

/** Queues the reminders due on the counter's day `today`; the number of emails newly queued. */
export async function queueInvoiceReminders(tx: Queryable, input: { today: CalendarDay; appUrl: string; shop: ShopFacts }): Promise<number> {
  const { today, shop } = input;
  const invoices = await tx<Reminded[]>`
    select i.id, i.number::text as number, i.firm_id, f.name as firm_name, i.order_id, i.amount_cents,
      to_char(i.due_on, 'YYYY-MM-DD') as due_on, i.due_on < ${today}::date as overdue
    from invoices i join orders o on o.id = i.order_id join firms f on f.id = i.firm_id
    where ${tx.unsafe(OPEN_INVOICE)}
      and i.due_on between ${today}::date - ${OVERDUE_WINDOW_DAYS}::int and ${today}::date + ${REMIND_DAYS_BEFORE}::int
      and i.due_on <> ${today}::date
    order by i.due_on, i.number`;
  let queued = 0;
  for (const invoice of invoices) {
    const number = invoiceNumberText(invoice.number);
    const amount = formatCents(invoice.amount_cents);
    const due = longDayText(invoice.due_on);
    const order = orderNumberOf(invoice.order_id);
    const kind = invoice.overdue ? 'invoice_overdue' : 'invoice_due_soon';
    const subject = invoice.overdue ? `Invoice ${number} (${amount}) was due on ${due}` : `Invoice ${number} (${amount}) is due on ${due}`;
    const state = invoice.overdue
      ? `was due on ${due} and was not paid when this email was sent, on ${longDayText(today)}. ` +
        `New orders on the account of the firm ${quoted(invoice.firm_name)} wait until it is paid; orders paid by card are not held.`
      : `is due on ${due} (Net 30) and was not paid when this email was sent, on ${longDayText(today)}.`;
    for (const owner of await firmOwners(tx, invoice.firm_id)) {
      const to = owner.email.toLowerCase();
      const id = await queueEmail(tx, {
        idempotencyKey: `invoice:${invoice.id}:${kind}:${to}`,
        to,
        kind,
        orderId: invoice.order_id,
        userId: owner.id,
        subject,
        text:
          `Hello,\n\nInvoice ${number} for order ${order} (${amount}), placed on the account of the firm ${quoted(invoice.firm_name)}, ${state}\n\n` +
          `You can pay it by card from the firm page: ${input.appUrl}/firm\n` +
          `If you have sent payment already, thank you: please disregard this email.\n\n` +
          `${questionsLine(shop)}\n\n${shop.name}`,
      });
      if (id) queued++;
    }
  }
  return queued;
}
