/**
 * The FAQ: what the shop promises, in one place. Every price comes from shared/pricing.ts and the
 * support contact from the server's configuration, so the answers never drift from what is charged.
 */
import { formatCents } from '#shared/money';
import { FREE_SHIPPING_THRESHOLD_CENTS, PRICE_PER_PAGE_CENTS, RUSH_FEE_CENTS, STATE_TAX_MILLIPERCENT, formatTaxRate } from '#shared/pricing';
import { MAX_UPLOAD_BYTES, MAX_PAGES, MAX_SET_FILES, MAX_SET_SHEETS } from '#shared/limits';
import { DEFAULT_SHOP, formatShopAddress, OPENING_HOURS_LONG_TEXT, OPENING_HOURS_ROWS, OPENING_HOURS_TEXT } from '#shared/shop';

/** The spec's ten FAQ categories, in the order the filter pills show them. */
export const FAQ_CATEGORIES = [
  'Pricing',
  'File Formats',
  'Turnaround Time',
  'Pickup & Shipping',
  'Shipping',
  'Payment',
  'Print Quality',
  'Account',
  'File Requirements',
  'Support',
] as const;

export type FaqCategory = (typeof FAQ_CATEGORIES)[number];

/** How to reach the shop; filled in from useShopConfig() (the address defaults to the shop facts). */
export type SupportContact = { supportEmail: string; supportPhone: string; shop?: { address: string; hoursText: string } };

const shopOf = (c: SupportContact) => c.shop ?? { address: formatShopAddress(DEFAULT_SHOP), hoursText: OPENING_HOURS_TEXT };

/** One question; `answer` may need the support contact. */
export type FaqEntry = {
  id: string;
  category: FaqCategory;
  question: string;
  answer: string | ((contact: SupportContact) => string);
};

const P = PRICE_PER_PAGE_CENTS;
const RUSH = formatCents(RUSH_FEE_CENTS);
const NJ_TAX = formatTaxRate(STATE_TAX_MILLIPERCENT[DEFAULT_SHOP.state] ?? 0);
const MAX_MB = Math.round(MAX_UPLOAD_BYTES / (1024 * 1024));

/** Pickup hours as the counter keeps them. */
export const PICKUP_HOURS = OPENING_HOURS_ROWS;

/** The free-shipping rule, word for word the one the server applies (shared/pricing.ts). */
export const FREE_SHIPPING_RULE =
  `Free shipping on orders over $100: when your prints' subtotal is ${formatCents(FREE_SHIPPING_THRESHOLD_CENTS)} or more, the cheapest shipping service costs $0.00. ` +
  'Faster services are charged at their full rate. Sales tax applies to the subtotal, the rush fee and the shipping actually charged.';

/** Card brands the checkout accepts. */
export const ACCEPTED_CARDS = ['Visa', 'Mastercard', 'American Express', 'Discover'] as const;

export const FAQ: FaqEntry[] = [
  {
    id: 'price-per-sheet',
    category: 'Pricing',
    question: 'How much does it cost to print a drawing set?',
    answer:
      `You pay per sheet. 24" x 36": ${formatCents(P['24x36'].bw)} black and white, ${formatCents(P['24x36'].color)} color. ` +
      `30" x 42": ${formatCents(P['30x42'].bw)} black and white, ${formatCents(P['30x42'].color)} color. ` +
      `The subtotal is the number of pages times the price per page; you see the exact amount before you pay.`,
  },
  {
    id: 'extra-fees',
    category: 'Pricing',
    question: 'Are there any other fees?',
    answer:
      `Only the ones you choose: rush service is a flat ${RUSH} per order, and shipping is the carrier rate you pick at checkout. ` +
      `Pickup is free. ${FREE_SHIPPING_RULE}`,
  },
  {
    id: 'sales-tax',
    category: 'Pricing',
    question: 'How is sales tax calculated?',
    answer:
      `Pickup orders are taxed at the New Jersey rate of ${NJ_TAX}. Shipped orders are taxed at the destination state's rate ` +
      `(for example New York 8%); Oregon, New Hampshire, Montana, Delaware and Alaska have no state sales tax. ` +
      `The checkout shows the tax line before you pay.`,
  },
  {
    id: 'pdf-only',
    category: 'File Formats',
    question: 'Which file formats do you accept?',
    answer:
      'PDF only, one file per order. Export your drawing set from your CAD or design software as a single multi-page PDF; ' +
      'DWG, image files and Word documents are not accepted.',
  },
  {
    id: 'sheet-sizes',
    category: 'File Formats',
    question: 'Which sheet sizes can you print?',
    answer:
      'We print 24" x 36" (ARCH D) and 30" x 42" sheets, in portrait or landscape. Every page of the PDF must be one of these sizes, ' +
      'within 1/8", and all pages in one file must be the same size. The upload checks this for you and tells you if a page does not fit.',
  },
  {
    id: 'same-day',
    category: 'Turnaround Time',
    question: 'How fast will my prints be ready?',
    answer:
      'Orders paid before 12 PM on an open day are ready by closing time that day (7 PM Monday to Friday, 6 PM Saturday). ' +
      "Orders paid later, or on Sunday, are ready by the next open day's closing time, so pickup is never more than 24-48 hours away. " +
      'The checkout shows the exact ready-by time before you pay, and rush service is there when you cannot wait.',
  },
  {
    id: 'rush',
    category: 'Turnaround Time',
    question: 'What is rush service?',
    answer:
      `Rush moves your order to the front of the queue for a flat ${RUSH}. Printing takes 1-4 hours (up to 4-6 hours for large color sets), ` +
      'and we promise a rush order ready 4 open hours after payment: the hours left today, then from the next opening. ' +
      'The checkout shows that time next to the rush option.',
  },
  {
    id: 'pickup',
    category: 'Pickup & Shipping',
    question: 'Where do I pick up my prints?',
    answer: (c) =>
      `At our counter in a parcel-carrier retail store: ${shopOf(c).address}. Pickup is free and your order is ready within 24-48 hours ` +
      `(the same day for orders before 12 PM, sooner with rush). Hours: ${OPENING_HOURS_LONG_TEXT}. ` +
      'Bring your order number; we email you when the prints are ready.',
  },
  {
    id: 'pickup-or-ship',
    category: 'Pickup & Shipping',
    question: 'Can I switch between pickup and shipping?',
    answer:
      'Choose pickup or shipping at checkout; the price updates straight away. Once an order is paid, call or email us and we will do our best to change it before it is printed.',
  },
  {
    id: 'shipping-how',
    category: 'Shipping',
    question: 'How are prints shipped?',
    answer:
      'Rolled, never folded, in a sturdy tube: 3" x 3" x 24" for 24" x 36" sets and 3" x 3" x 30" for 30" x 42" sets. ' +
      'You choose ground, 2-day or overnight at checkout from live carrier rates, and you get a tracking number by email.',
  },
  {
    id: 'free-shipping',
    category: 'Shipping',
    question: 'Do you offer free shipping?',
    answer: `Yes. ${FREE_SHIPPING_RULE} Below that, shipping is the carrier's live rate, shown at checkout before you pay.`,
  },
  {
    id: 'cards',
    category: 'Payment',
    question: 'Which payment methods do you accept?',
    answer:
      `We accept ${ACCEPTED_CARDS.slice(0, -1).join(', ')} and ${ACCEPTED_CARDS[ACCEPTED_CARDS.length - 1]}. ` +
      'Payment is taken at checkout, before printing. Card details go straight to our card payment provider; we never see or store your card number.',
  },
  {
    id: 'receipt',
    category: 'Payment',
    question: 'Will I get a receipt?',
    answer:
      'Yes. A confirmation email follows every paid order, and you can download a PDF receipt from the confirmation page, or any time later from My Orders if you have an account.',
  },
  {
    id: 'quality',
    category: 'Print Quality',
    question: 'What quality can I expect?',
    answer:
      'Sheets are printed at 100% scale, never shrunk to fit, so scaled dimensions stay true: measure the print and you get the drawing. ' +
      'Black and white gives crisp linework for construction sets; color suits renderings, site plans and marked-up sheets.',
  },
  {
    id: 'bw-or-color',
    category: 'Print Quality',
    question: 'Should I print in black and white or color?',
    answer:
      'Black and white is the standard for permit and construction sets and costs less. Choose color when color carries meaning: landscape plans, zoning maps, MEP coordination or presentation boards.',
  },
  {
    id: 'need-account',
    category: 'Account',
    question: 'Do I need an account to order?',
    answer:
      'No. Guests can upload, pay and track orders with Track Orders, which emails a secure link to your orders. ' +
      'A free account adds your order history, status updates, receipts and quick reordering; tick "Create an account" at checkout or sign up any time.',
  },
  {
    id: 'file-limits',
    category: 'File Requirements',
    question: 'How big can my file be?',
    answer:
      `Up to ${MAX_MB} MB and ${MAX_PAGES} pages in one PDF. A set may be several PDFs (one per sheet is fine): up to ${MAX_SET_FILES} files and ` +
      `${MAX_SET_SHEETS.toLocaleString('en-US')} sheets in one order. If your set is larger, split it into several orders or email us.`,
  },
  {
    id: 'file-privacy',
    category: 'File Requirements',
    question: 'What happens to my files?',
    answer:
      'Files are processed securely and deleted after printing: your PDF is kept only while we print, and removed 7 days after your order is completed ' +
      'so we can reprint if something went wrong. Uploads that never become an order are deleted within a day.',
  },
  {
    id: 'contact',
    category: 'Support',
    question: 'How do I reach you?',
    answer: (c) =>
      `Email ${c.supportEmail} or call ${c.supportPhone} during pickup hours (${OPENING_HOURS_LONG_TEXT}). ` +
      'Include your order number so we can find it straight away.',
  },
  {
    id: 'problem',
    category: 'Support',
    question: 'Something is wrong with my order. What now?',
    answer: (c) =>
      `If your order shows "failed" or the prints are not right, contact us at ${c.supportEmail} or ${c.supportPhone}. ` +
      'Tell us what you expected and we will make it right.',
  },
];

/** The answer as text, with the support contact filled in. */
export function faqAnswer(entry: FaqEntry, contact: SupportContact): string {
  return typeof entry.answer === 'function' ? entry.answer(contact) : entry.answer;
}
