/**
 * Checkout as one command: the drawing set (resolved by the caller, who applies its access rule) is
 * priced from the server's facts (the printed sheets, the price table, the stored shipping quote,
 * the destination's tax and the firm's exemption), then placed by card, on the firm's account, or as
 * a re-price of the browser's unpaid order. Nothing is written before the order is: the customer's
 * phone and the address book are saved in the transaction that places (or re-prices) it, after its
 * refusals, so a refused checkout changes nothing.
 */
import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { AppContext } from '../../context';
import type { Queryable } from '../../lib/db';
import { badRequest, conflict, forbidden, notFound, serviceUnavailable, HttpError } from '../../lib/errors';
import { setCustomerPhone } from '../../accounts/commands/users';
import { rememberShippedAddress } from '../../addresses/commands/addresses';
import { exemptionFields, exemptionFor, exemptPrice, type TaxExemption } from '../../firms/certificates';
import { firmOrderFields } from '../../firms/membership';
import { approvalNeeded, checkoutRuleFields } from '../../firms/rules';
import { placeOrderForApproval, waitingFields } from '../../orders/commands/approvals';
import { queueApprovalRequests } from '../../emails/approvals';
import { placeInvoicedOrder, type PlacedInvoice } from '../../orders/commands/invoices';
import { createOrderIntent, orderFilesOf, placeOrder, repriceOrder, type OrderFileInput } from '../../orders/commands/placeOrder';
import type { OrderRow } from '../../orders/orderRow';
import { ownsOrder } from '../../orders/ownsOrder';
import type { Reprint } from '../../revisions/reprint';
import { PaymentProviderError, type PaymentProvider } from '../../services/payments/index';
import { printedSheetsOf } from '../../uploads/printed';
import { printedPart, setWarningsOf, type UploadSet } from '../../uploads/sets';
import type { RecipientFields } from '../../orders/commands/recipients';
import { ShippingAddressError, type RateQuote } from '../../services/shipping/index';
import { packagesOf, setFactsOf, type PackageContents, type PackageRequest } from '../packages';
import { storeQuoteGroups } from './shippingQuotes';
import { recipientLabel } from '#shared/recipients';
import { AddressSchema, type Address } from '#shared/address';
import { emailField } from '#shared/fields';
import { priceOrder, tubeOf, type OrderPrintSize, type OrderPrintType, type PriceBreakdown, type PrintSize } from '#shared/pricing';
import { shopFacts } from '#shared/shop';
import { quotedPromise, shipDayOf, type QuotedPromise } from '../../production/promises';
import { orderWorkOf, sumWork, type OrderWork } from '#shared/queuePromise';
import type { SheetWarning } from '#shared/sheetNumbers';
import { isSheetOrderOf, sheetOrderMessage } from '#shared/sheetOrder';
import { finishingProblem, type Finishing } from '#shared/finishing';

/** What the customer asked for, validated by the caller; every amount is the server's. */
export type CheckoutRequest = {
  orderId?: string;
  updateOnly?: boolean;
  printSize: OrderPrintSize;
  printType: OrderPrintType;
  sets: number;
  halfSets: number;
  /** 11" x 17" reduced sets, and the finishing of the full-size and half-size sets (shared/finishing.ts). */
  reducedSets: number;
  finishing: Finishing;
  halfFinishing: Finishing;
  colorSheets?: number[];
  /** The set's positions in the order they print; absent: file order. */
  sheetOrder?: number[];
  jobName: string | null;
  poNumber: string | null;
  notes: string | null;
  rushOrder: boolean;
  shippingMethod: 'pickup' | 'shipping';
  rateId?: string | null;
  shippingAddress?: unknown;
  customerEmail: string;
  customerFirstName: string;
  customerLastName: string;
  customerPhone: string;
  createAccount?: boolean;
  projectId?: string | null;
  /** One of the project's cost codes. */
  costCode?: string | null;
  paymentMethod: 'card' | 'invoice';
  /**
   * A distribution list (shared/recipients.ts, parsed by the caller): one package per recipient, each
   * with its own sets, finishing, part of the set, delivery, shipping and tax. Then `sets`, `halfSets`,
   * `reducedSets`, `finishing`, `halfFinishing`, `shippingMethod`, `rateId` and `shippingAddress` are
   * not used (the route refuses them beside recipients).
   */
  recipients?: PackageRequest[] | null;
};

/** Who checks out: the browser session and, when signed in, the account. */
export type Customer = { sid: string; userId: string | null };

/** The checkout's answer: the order and how it is paid, with the price and exemption it was placed at. */
export type CheckoutResult = {
  price: PriceBreakdown;
  exemption: TaxExemption | null;
  recipients: RecipientFields[] | null;
  /** The ready-by as priced now, from the order's work (every package's, with recipients). */
  ready: QuotedPromise;
  /** What the order prints and finishes, as that promise counted it. */
  work: OrderWork;
} & (
  | { placed: 'card'; orderId: string; clientSecret: string }
  | { placed: 'repriced'; orderId: string; clientSecret: string }
  | { placed: 'invoiced'; invoice: PlacedInvoice }
  | { placed: 'awaiting_approval'; orderId: string; waitsFor: string; payBy: 'account' | 'card' }
  /** A member's card order over the approval limit, only priced (no customer details yet): nothing to pay, nothing asked yet. */
  | { placed: 'needs_approval'; orderId: string; waitsFor: string }
);

export const NOT_ON_ACCOUNT = 'Paying on account is for signed-in members of a firm with Net 30 terms. Please pay by card.';

type QuoteRow = {
  id: string;
  to_address: { state: string; zipCode: string };
  print_size: string;
  page_count: number;
  service_name: string;
  cost_cents: number;
  delivery_date: string | null;
  delivery_time: string | null;
  cheapest: boolean;
};

/** What a checkout saves for its customer once the order is placed: the first phone, the address shipped to. */
type Remembered = { userId: string | null; phone: string | null; address: Address | null };

/**
 * Places (or re-prices) the order for `set`: refused with an HttpError before anything is written.
 * `payments` is the shop's provider (the caller answers 503 without one).
 */
export async function checkout(
  ctx: AppContext,
  payments: PaymentProvider,
  input: { request: CheckoutRequest; customer: Customer; set: UploadSet; reprint: Reprint | null },
): Promise<CheckoutResult> {
  const { request, customer, set, reprint } = input;
  if (request.sheetOrder && !isSheetOrderOf(request.sheetOrder, set.pageCount)) throw badRequest(sheetOrderMessage(set.pageCount));
  if (request.recipients) return checkoutRecipients(ctx, payments, { ...input, recipients: request.recipients });
  // Only the printed sheets count: a revision's reprint is priced, packed and shipped as those alone.
  const { colorSheets, part: printed } = await printedSheetsOf(ctx.sql, set, request.printType, request.colorSheets, reprint?.positions ?? null);
  const { pageCount, papers } = printed;
  const finishingRefusal = finishingProblem({ ...request, pageCount });
  if (finishingRefusal) throw badRequest(finishingRefusal);
  const warnings = await setWarningsOf(ctx.sql, set);
  const files = orderFilesOf(set);
  const { quote, address } = await chosenShipping(ctx.sql, request, pageCount, papers, customer.sid);
  const listPrice = priceOrder({
    pageCount,
    printSize: request.printSize,
    printType: request.printType,
    sets: request.sets,
    halfSets: request.halfSets,
    reducedSets: request.reducedSets,
    finishing: request.finishing,
    halfFinishing: request.halfFinishing,
    papers,
    colorSheets: printed.colorSheets,
    rushOrder: request.rushOrder,
    shippingMethod: request.shippingMethod,
    shippingCostCents: quote?.cost_cents ?? 0,
    // Free shipping is always applied here, whatever the rates request carried.
    cheapestShipping: quote?.cheapest ?? false,
    state: address?.state ?? null,
    shopState: shopFacts(ctx.env).state,
  });
  // A signed-in member's order belongs to their firm (and the project it names); the firm's
  // verified certificate for the state whose tax applies makes its tax $0.00.
  const firm = await firmOrderFields(ctx.sql, customer.userId, request.projectId ?? null);
  const exemption =
    firm.firm_id && listPrice.taxCents > 0 ? await exemptionFor(ctx.sql, { firmId: firm.firm_id, state: listPrice.taxState, today: shopToday(ctx) }) : null;
  const price = exemption ? exemptPrice(listPrice) : listPrice;
  const work = orderWorkOf({
    pageCount,
    colorPages: price.colorSheetCount,
    sets: price.sets,
    halfSets: price.halfSets,
    reducedSets: price.reducedSets,
    finishing: request.finishing,
    halfFinishing: request.halfFinishing,
  });
  const ready = await checkoutPromise(ctx, request.rushOrder, work);
  const cardWaitsFor = await cardApprovalNeeded(ctx.sql, request, firm.firm_id, customer, price.totalCents);
  // The firm's rules (PO number, cost code) bind when the order is placed: on account, the card
  // checkout's last re-price before paying, or a card order sent for approval; the load-time order
  // with placeholders is only priced.
  const enforce = request.paymentMethod === 'invoice' || request.updateOnly === true || (cardWaitsFor !== null && detailsComplete(request));
  const rules = await checkoutRuleFields(ctx.sql, firm, { poNumber: request.poNumber, costCode: request.costCode ?? null, enforce });
  const fields = {
    ...orderFields(ctx, { request, set, warnings, colorSheets, printed: pageCount, reprint, quote, address, price, ready }),
    ...firm,
    ...rules,
    ...exemptionFields(exemption),
  };
  // The phone only with a new card order, as before; the address with every placement.
  const remembered: Remembered = { userId: customer.userId, phone: null, address };

  // On the firm's account: a new order, placed at once (the card checkout's unpaid order, if any,
  // is left to the clean-up of abandoned checkouts).
  if (request.paymentMethod === 'invoice') {
    if (!fields.firm_id) throw forbidden(NOT_ON_ACCOUNT);
    // A member's order over the firm's approval limit waits for an approver: no invoice yet.
    const waitsFor = await approvalNeeded(ctx.sql, { firmId: fields.firm_id, userId: customer.userId, totalCents: price.totalCents });
    if (waitsFor) {
      const orderId = await placeOnAccount(ctx, customer, { ...fields, firm_id: fields.firm_id }, files, request, remembered, { waitsFor });
      return { placed: 'awaiting_approval', orderId, waitsFor, payBy: 'account', price, exemption, recipients: null, ready, work };
    }
    const invoice = await placeOnAccount(ctx, customer, { ...fields, firm_id: fields.firm_id }, files, request, remembered, { waitsFor: null });
    return { placed: 'invoiced', invoice, price, exemption, recipients: null, ready, work };
  }
  // A member's card order over the limit: no intent until an approver says yes.
  if (cardWaitsFor && fields.firm_id) {
    const held = await cardForApproval(ctx, payments, customer, {
      fields: { ...fields, firm_id: fields.firm_id },
      files,
      request,
      remembered,
      waitsFor: cardWaitsFor,
    });
    return { ...held, price, exemption, recipients: null, ready, work };
  }
  // Only an explicit updateOnly re-prices; an orderId alone is ignored (a new order is made).
  if (request.updateOnly === true) {
    if (!request.orderId) throw badRequest('orderId is required with updateOnly.');
    const clientSecret = await reprice(ctx.sql, payments, request.orderId, customer, fields, files, remembered);
    return { placed: 'repriced', orderId: request.orderId, clientSecret, price, exemption, recipients: null, ready, work };
  }
  const placed = await placeWithIntent(ctx, payments, customer, fields, files, { ...remembered, phone: request.customerPhone || null });
  return { placed: 'card', ...placed, price, exemption, recipients: null, ready, work };
}

/** Saves what the checkout remembers for a signed-in customer, in the placing transaction. */
async function remember(tx: Queryable, r: Remembered): Promise<void> {
  if (!r.userId) return;
  // The account keeps the first phone its owner checks out with, for the next prefilled checkout.
  if (r.phone) await setCustomerPhone(tx, { userId: r.userId, phone: r.phone });
  // Their address book (or their firm's, when it keeps the address) offers the address last shipped to first.
  if (r.address) await rememberShippedAddress(tx, r.userId, r.address);
}

function providerFailure(error: unknown): HttpError {
  if (error instanceof PaymentProviderError && !error.retryable) return badRequest(error.message);
  return serviceUnavailable('The payment provider is not answering. Please try again in a moment.');
}

/** Today's date at the counter (YYYY-MM-DD): a certificate is good through its expiry day there. */
function shopToday(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: shopFacts(ctx.env).timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

/** Shipping: a stored quote of this session, for this destination and this tube (every set in it). */
async function chosenShipping(
  sql: Queryable,
  request: CheckoutRequest,
  pageCount: number,
  papers: PrintSize[],
  sid: string,
): Promise<{ quote: QuoteRow | null; address: Address | null }> {
  if (request.shippingMethod !== 'shipping') return { quote: null, address: null };
  const address = AddressSchema.parse(request.shippingAddress ?? {});
  if (!request.rateId) throw badRequest('Please choose a shipping rate.');
  if (!z.uuid().safeParse(request.rateId).success) throw badRequest('That shipping rate is not valid. Please choose a rate again.');
  const [row] = await sql<QuoteRow[]>`
    select id, to_address, print_size, page_count, service_name, cost_cents, delivery_date, delivery_time, cheapest from shipping_quotes
    where id = ${request.rateId} and session_sid = ${sid} and expires_at > now()`;
  const tube = tubeOf({ pageCount, printSize: request.printSize, papers, sets: request.sets, halfSets: request.halfSets });
  const matches =
    row &&
    row.print_size === tube.printSize &&
    row.page_count === tube.sheetCount &&
    row.to_address.state === address.state &&
    row.to_address.zipCode === address.zipCode;
  if (!matches) throw badRequest('That shipping rate no longer matches your order. Please choose a shipping rate again.');
  return { quote: row, address };
}

/** The order's columns, every amount from the server's price. */
function orderFields(
  ctx: AppContext,
  o: {
    request: CheckoutRequest;
    set: UploadSet;
    warnings: SheetWarning[];
    colorSheets: number[];
    printed: number;
    reprint: Reprint | null;
    quote: QuoteRow | null;
    address: Address | null;
    price: PriceBreakdown;
    ready: QuotedPromise;
  },
) {
  const { request, set, quote, address, price } = o;
  // The order's own file columns name the set's first file (what older screens and jobs read); the
  // whole set is in order_files.
  const [first] = set.files;
  const estimatedDelivery = quote
    ? [quote.delivery_date, quote.delivery_time].filter(Boolean).join(' ') || null
    : `Ready for pickup ${o.ready.text.replace(/^Today/, 'today')}`;
  return {
    upload_id: first.uploadId,
    file_name: first.fileName,
    file_key: first.storageKey,
    file_size: first.fileSize,
    page_count: o.printed,
    revision_id: o.reprint?.revisionId ?? null,
    revision_of_order_id: o.reprint?.previousOrderId ?? null,
    print_positions: o.reprint?.positions ?? null,
    sheet_order: request.sheetOrder ?? null,
    sheet_warnings: ctx.sql.json(o.warnings),
    print_size: request.printSize,
    print_type: request.printType,
    sets: price.sets,
    half_sets: price.halfSets,
    reduced_sets: price.reducedSets,
    finishing: ctx.sql.json(request.finishing),
    half_finishing: ctx.sql.json(request.halfFinishing),
    color_sheets: o.colorSheets,
    color_sheet_count: price.colorSheetCount,
    bw_sheet_count: price.bwSheetCount,
    price_lines: ctx.sql.json(price.lines),
    job_name: request.jobName,
    po_number: request.poNumber,
    notes: request.notes,
    price_per_page_cents: price.pricePerPageCents,
    subtotal_cents: price.subtotalCents,
    rush_order: request.rushOrder,
    rush_fee_cents: price.rushFeeCents,
    shipping_method: request.shippingMethod,
    shipping_cost_cents: price.shippingCostCents,
    shipping_quote_id: quote?.id ?? null,
    shipping_service: quote?.service_name ?? null,
    shipping_address: address ? ctx.sql.json(address) : null,
    tax_state: price.taxState || null,
    tax_rate_millipercent: price.taxRateMillipercent,
    tax_cents: price.taxCents,
    total_cents: price.totalCents,
    customer_email: request.customerEmail,
    customer_first_name: request.customerFirstName,
    customer_last_name: request.customerLastName,
    customer_phone: request.customerPhone || null,
    create_account: request.createAccount ?? false,
    estimated_delivery: estimatedDelivery,
  };
}

type OrderFields = ReturnType<typeof orderFields>;

/** The order's ready-by as it is priced now, for its `work`: today's rule, or later when the production queue is full. */
async function checkoutPromise(ctx: AppContext, rush: boolean, work: OrderWork): Promise<QuotedPromise> {
  const shop = shopFacts(ctx.env);
  const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
  return quotedPromise(ctx.sql, { at: new Date(), rush, clock, work });
}

/** One recipient's package as the queue counts it: their sheets, sets, reduced sets and finishing. */
function packageWorkOf(pkg: PackageContents): OrderWork {
  const { recipient, part } = pkg;
  return orderWorkOf({
    pageCount: part.pageCount,
    colorPages: part.colorSheets.length,
    sets: recipient.sets,
    halfSets: recipient.halfSets,
    reducedSets: recipient.reducedSets,
    finishing: recipient.finishing,
    halfFinishing: recipient.halfFinishing,
  });
}

/** Inserts the unpaid order (saving what the customer gave) and creates its one payment intent. */
async function placeWithIntent(
  ctx: AppContext,
  payments: PaymentProvider,
  customer: Customer,
  fields: OrderFields,
  files: OrderFileInput[],
  remembered: Remembered,
  recipients: PackagesToPlace | null = null,
): Promise<{ orderId: string; clientSecret: string }> {
  const accessToken = randomBytes(24).toString('base64url');
  const placement = { userId: customer.userId, sid: customer.sid, accessToken, paymentProvider: payments.name };
  const orderId = await ctx.sql.begin(async (tx) => {
    const id = await placeOrder(tx, { fields, placement, files, recipients: recipients ? await recipientRows(tx, recipients) : undefined });
    await remember(tx, remembered);
    return id;
  });
  try {
    const intent = await ctx.sql.begin((tx) =>
      createOrderIntent(tx, payments, { orderId, amountCents: fields.total_cents, email: fields.customer_email || null }),
    );
    return { orderId, clientSecret: intent.clientSecret };
  } catch (error) {
    ctx.log.warn('creating a payment intent failed', { error, orderId });
    // The unpaid order without an intent is removed by the clean-up job.
    throw providerFailure(error);
  }
}

/**
 * Places the order on the firm's account: terms, overdue invoices and the credit limit are checked by
 * the command. With `waitsFor` (approvers' names) it waits for their yes, and they are emailed.
 */
async function placeOnAccount(
  ctx: AppContext,
  customer: Customer,
  fields: OrderFields & { firm_id: string },
  files: OrderFileInput[],
  request: CheckoutRequest,
  remembered: Remembered,
  place: { waitsFor: null; recipients?: PackagesToPlace },
): Promise<PlacedInvoice>;
async function placeOnAccount(
  ctx: AppContext,
  customer: Customer,
  fields: OrderFields & { firm_id: string },
  files: OrderFileInput[],
  request: CheckoutRequest,
  remembered: Remembered,
  place: { waitsFor: string; recipients?: PackagesToPlace },
): Promise<string>;
async function placeOnAccount(
  ctx: AppContext,
  customer: Customer,
  fields: OrderFields & { firm_id: string },
  files: OrderFileInput[],
  request: CheckoutRequest,
  remembered: Remembered,
  place: { waitsFor: string | null; recipients?: PackagesToPlace },
): Promise<PlacedInvoice | string> {
  // No card step follows to catch the load-time placeholders: the details must be real now.
  if (!detailsComplete(request)) {
    throw badRequest('Please fill in your first name, last name and a valid email address before placing the order.');
  }
  const placement = { userId: customer.userId, sid: customer.sid, accessToken: randomBytes(24).toString('base64url'), paymentProvider: null };
  const shop = shopFacts(ctx.env);
  const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
  return ctx.sql.begin(async (tx) => {
    const recipients = place.recipients ? await recipientRows(tx, place.recipients) : undefined;
    if (place.waitsFor !== null) {
      const { waitsFor } = place;
      const orderId = await placeOrderForApproval(tx, { fields, placement, files, recipients, firmId: fields.firm_id, clock, waitsFor });
      await remember(tx, remembered);
      await askApprovers(ctx, tx, { orderId, firmId: fields.firm_id });
      return orderId;
    }
    const placed = await placeInvoicedOrder(tx, { fields, placement, files, recipients, firmId: fields.firm_id, clock });
    await remember(tx, remembered);
    return placed;
  });
}

/** Emails the firm's approvers a link to the order just placed to wait for them (in the placing transaction). */
async function askApprovers(ctx: AppContext, tx: Queryable, input: { orderId: string; firmId: string }): Promise<void> {
  const [firm] = await tx<{ name: string }[]>`select name from firms where id = ${input.firmId}`;
  const [order] = await tx<OrderRow[]>`select * from orders where id = ${input.orderId}`;
  await queueApprovalRequests(tx, { order, firmId: input.firmId, firmName: firm.name, appUrl: ctx.env.APP_URL, shop: shopFacts(ctx.env) });
}

/** The customer's details are real (not the load-time placeholders): a card order over the limit may be sent for approval. */
function detailsComplete(request: CheckoutRequest): boolean {
  return request.customerFirstName !== '' && request.customerLastName !== '' && emailField.safeParse(request.customerEmail).success;
}

/** Whose yes a member's card checkout over the firm's approval limit waits for; null when it needs none or is on account. */
async function cardApprovalNeeded(sql: Queryable, request: CheckoutRequest, firmId: string | null, customer: Customer, totalCents: number) {
  if (request.paymentMethod !== 'card' || !firmId) return null;
  return approvalNeeded(sql, { firmId, userId: customer.userId, totalCents });
}

/**
 * A member's card order over the firm's approval limit (decision 080): no card intent exists before an
 * approver's yes. With the customer's details (the page's Pay, or an API client's one call) it is
 * placed to wait and the approvers are emailed: the re-priced order itself when it never had an
 * intent, else a new order (the old one and its intent, priced under the limit, are left to the
 * clean-up of abandoned checkouts, as on account). Without them (the page's load and its re-prices
 * while the customer types) it is only priced: a new order is stored with no intent, a re-priced one
 * is left as it was, so its intent still holds a price a card may pay.
 */
async function cardForApproval(
  ctx: AppContext,
  payments: PaymentProvider,
  customer: Customer,
  o: {
    fields: OrderFields & { firm_id: string };
    files: OrderFileInput[];
    request: CheckoutRequest;
    remembered: Remembered;
    waitsFor: string;
    recipients?: PackagesToPlace | null;
  },
): Promise<
  { placed: 'awaiting_approval'; orderId: string; waitsFor: string; payBy: 'card' } | { placed: 'needs_approval'; orderId: string; waitsFor: string }
> {
  const { fields, files, request, remembered, waitsFor } = o;
  const placement = { userId: customer.userId, sid: customer.sid, accessToken: randomBytes(24).toString('base64url'), paymentProvider: payments.name };
  const shop = shopFacts(ctx.env);
  const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
  if (request.updateOnly === true && !request.orderId) throw badRequest('orderId is required with updateOnly.');
  return ctx.sql.begin(async (tx) => {
    const rows = async () => (o.recipients ? await recipientRows(tx, o.recipients) : undefined);
    let reusable = false;
    if (request.updateOnly === true && request.orderId) {
      const [order] = await tx<Pick<OrderRow, 'id' | 'session_sid' | 'user_id' | 'payment_intent_id' | 'approval_state' | 'payment_status' | 'status'>[]>`
        select id, session_sid, user_id, payment_intent_id, approval_state, payment_status, status from orders where id = ${request.orderId} for update`;
      if (!order || !ownsOrder(customer, order)) throw notFound('Order not found.');
      if (order.approval_state !== null || order.payment_status !== 'unpaid' || order.status === 'failed') {
        // The same refusals, with the same sentences, as any re-price: sent for approval already, paid or cancelled.
        await repriceOrder(tx, { orderId: order.id, fields, files, recipients: await rows() });
        throw conflict('This order can no longer be changed.');
      }
      if (!detailsComplete(request)) return { placed: 'needs_approval' as const, orderId: order.id, waitsFor };
      reusable = order.payment_intent_id === null;
    } else if (!detailsComplete(request)) {
      const orderId = await placeOrder(tx, { fields, placement, files, recipients: await rows() });
      await remember(tx, { ...remembered, address: null });
      return { placed: 'needs_approval' as const, orderId, waitsFor };
    }
    let orderId: string;
    if (reusable && request.orderId) {
      orderId = request.orderId;
      await repriceOrder(tx, { orderId, fields: { ...fields, ...waitingFields(waitsFor) }, files, recipients: await rows() });
    } else {
      orderId = await placeOrderForApproval(tx, { fields, placement, files, recipients: await rows(), firmId: fields.firm_id, clock, waitsFor });
    }
    await remember(tx, { ...remembered, phone: request.customerPhone || null });
    await askApprovers(ctx, tx, { orderId, firmId: fields.firm_id });
    return { placed: 'awaiting_approval' as const, orderId, waitsFor, payBy: 'card' as const };
  });
}

/** Re-prices an unpaid order of this browser and its intent; resolves with the intent's client secret. */
async function reprice(
  sql: AppContext['sql'],
  payments: PaymentProvider,
  orderId: string,
  customer: Customer,
  fields: OrderFields,
  files: OrderFileInput[],
  remembered: Remembered,
  recipients: PackagesToPlace | null = null,
): Promise<string> {
  return sql.begin(async (tx) => {
    const [order] = await tx<Pick<OrderRow, 'id' | 'session_sid' | 'user_id' | 'payment_intent_id'>[]>`
      select id, session_sid, user_id, payment_intent_id from orders where id = ${orderId} for update`;
    if (!order || !ownsOrder(customer, order)) throw notFound('Order not found.');
    const paymentIntentId = order.payment_intent_id;
    // The order first (it refuses a paid order or another drawing), then the intent: a provider
    // failure rolls the new price (and the address saved with it) back.
    await repriceOrder(tx, { orderId, fields, files, recipients: recipients ? await recipientRows(tx, recipients) : undefined });
    await remember(tx, remembered);
    try {
      // An order priced over the approval limit at load has no intent yet: back under it, it gets one.
      if (!paymentIntentId)
        return (await createOrderIntent(tx, payments, { orderId, amountCents: fields.total_cents, email: fields.customer_email || null })).clientSecret;
      return (await payments.updateIntent(tx as Queryable, paymentIntentId, fields.total_cents)).clientSecret;
    } catch (error) {
      throw providerFailure(error);
    }
  });
}

/** A package's shipping: a stored quote the customer chose, or the cheapest rate quoted now (stored with the order). */
type PackageShipping = { stored: QuoteRow } | { fresh: RateQuote; tube: { printSize: PrintSize; sheetCount: number }; toAddress: Address } | null;

/** The recipients' packages as priced, with the quotes to store in the placing transaction. */
type PackagesToPlace = {
  rows: RecipientFields[];
  fresh: { index: number; shipping: Extract<PackageShipping, { fresh: RateQuote }> }[];
  sid: string;
  provider: string;
};

/** The rows to insert: the quotes taken now are stored first (labels are bought from a stored quote). */
async function recipientRows(tx: Queryable, p: PackagesToPlace): Promise<RecipientFields[]> {
  const rows = p.rows.map((r) => ({ ...r }));
  const stored = await storeQuoteGroups(
    tx,
    p.fresh.map(({ shipping }) => ({
      quotes: [shipping.fresh],
      toAddress: shipping.toAddress,
      printSize: shipping.tube.printSize,
      pageCount: shipping.tube.sheetCount,
    })),
    { sid: p.sid, provider: p.provider },
  );
  p.fresh.forEach(({ index }, i) => (rows[index].shippingQuoteId = stored[i][0]?.id ?? null));
  return rows;
}

/** The stored quotes of this session that the recipients named, by id (one read for the whole list). */
async function storedQuotesOf(sql: Queryable, recipients: readonly PackageRequest[], sid: string): Promise<Map<string, QuoteRow>> {
  const ids = recipients.flatMap((r) => (r.delivery === 'shipping' && r.rateId && z.uuid().safeParse(r.rateId).success ? [r.rateId] : []));
  if (ids.length === 0) return new Map();
  const rows = await sql<QuoteRow[]>`
    select id, to_address, print_size, page_count, service_name, cost_cents, delivery_date, delivery_time, cheapest from shipping_quotes
    where id = any(${ids}::uuid[]) and session_sid = ${sid} and expires_at > now()`;
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * One recipient's shipping: the stored quote named by its `rateId` (this session's, for this
 * destination and this package's tube), else the cheapest rate for its tube quoted now.
 */
async function packageShipping(ctx: AppContext, request: CheckoutRequest, pkg: PackageContents, stored: Map<string, QuoteRow>): Promise<PackageShipping> {
  const { recipient, index, tube } = pkg;
  const address = recipient.address;
  if (recipient.delivery !== 'shipping' || !address) return null;
  const who = recipientLabel(index, recipient.name);
  const refused = (field: string, message: string) => badRequest(`${who}: ${message}`, { errors: { [`recipients[${index}].${field}`]: `${who}: ${message}` } });
  if (recipient.rateId) {
    if (!z.uuid().safeParse(recipient.rateId).success) throw refused('rateId', 'that shipping rate is not valid. Please choose a rate again.');
    const row = stored.get(recipient.rateId.toLowerCase());
    const matches =
      row &&
      row.print_size === tube.printSize &&
      row.page_count === tube.sheetCount &&
      row.to_address.state === address.state &&
      row.to_address.zipCode === address.zipCode;
    if (!matches) throw refused('rateId', 'that shipping rate no longer matches their package. Please choose a shipping rate again.');
    return { stored: row };
  }
  const shipping = ctx.shipping;
  if (!shipping) throw serviceUnavailable('Shipping is not available right now.');
  const shop = shopFacts(ctx.env);
  let quotes: RateQuote[];
  try {
    quotes = await shipping.quote({
      toAddress: address,
      printSize: tube.printSize,
      pageCount: tube.sheetCount,
      shipDay: await shipDayOf(ctx.sql, {
        at: new Date(),
        rush: request.rushOrder,
        work: orderWorkOf({ pageCount: tube.sheetCount, colorPages: 0, sets: 1, halfSets: 0 }),
        clock: { timeZone: shop.timeZone, holidays: shop.holidays },
      }),
    });
  } catch (error) {
    if (error instanceof ShippingAddressError) throw refused('address', error.message);
    ctx.log.warn('shipping quote failed', { error });
    throw serviceUnavailable('Unable to calculate shipping rates. Please try again.');
  }
  if (quotes.length === 0) throw refused('address', 'no carrier can ship to that address. Please check it.');
  const cheapest = quotes.reduce((a, b) => (b.costCents < a.costCents ? b : a));
  return { fresh: cheapest, tube, toAddress: address };
}

/** The quote's facts as pricing and the order read them, stored or fresh. */
function quoteFacts(s: PackageShipping): { costCents: number; cheapest: boolean; service: string | null; delivery: string | null } {
  if (!s) return { costCents: 0, cheapest: false, service: null, delivery: null };
  if ('stored' in s) {
    const q = s.stored;
    return {
      costCents: q.cost_cents,
      cheapest: q.cheapest,
      service: q.service_name,
      delivery: [q.delivery_date, q.delivery_time].filter(Boolean).join(' ') || null,
    };
  }
  const q = s.fresh;
  return { costCents: q.costCents, cheapest: true, service: q.serviceName, delivery: [q.deliveryDate, q.deliveryTime].filter(Boolean).join(' ') || null };
}

/** The recipients' packages summed into the order's price: every line named by its recipient. */
function orderPriceOf(packages: { name: string; price: PriceBreakdown }[], whole: { pageCount: number; colorSheetCount: number }): PriceBreakdown {
  const sum = (pick: (p: PriceBreakdown) => number) => packages.reduce((total, p) => total + pick(p.price), 0);
  const lines = packages.flatMap((p) => p.price.lines.map((l) => ({ ...l, description: `${p.name}: ${l.description}` })));
  // One price per sheet counts the prints alone, as for one delivery: finishing lines have no ink.
  const prints = lines.filter((l) => l.ink !== null);
  const units = new Set(prints.map((l) => l.unitPriceCents));
  const states = new Set(packages.map((p) => p.price.taxState));
  const [first] = packages;
  return {
    sets: sum((p) => p.sets),
    halfSets: sum((p) => p.halfSets),
    reducedSets: sum((p) => p.reducedSets),
    bwSheetCount: whole.pageCount - whole.colorSheetCount,
    colorSheetCount: whole.colorSheetCount,
    pricePerPageCents: units.size === 1 ? prints[0].unitPriceCents : null,
    lines,
    subtotalCents: sum((p) => p.subtotalCents),
    rushFeeCents: sum((p) => p.rushFeeCents),
    shippingCostCents: sum((p) => p.shippingCostCents),
    freeShipping: packages.some((p) => p.price.freeShipping),
    // One state for the order when every package pays the same; else each package says its own.
    taxState: states.size === 1 ? first.price.taxState : '',
    taxRateMillipercent: states.size === 1 ? first.price.taxRateMillipercent : 0,
    taxCents: sum((p) => p.taxCents),
    totalCents: sum((p) => p.totalCents),
  };
}

/**
 * Checkout of a distribution list: each recipient's package priced on its own (its prints, its
 * shipping with free shipping decided on its prints, its destination's tax or the shop's for a
 * pickup, the firm's exemption for that state), the order the sum, paid once. The rush fee is the
 * order's, charged once with the first package (decision 050).
 */
async function checkoutRecipients(
  ctx: AppContext,
  payments: PaymentProvider,
  input: { request: CheckoutRequest; customer: Customer; set: UploadSet; reprint: Reprint | null; recipients: PackageRequest[] },
): Promise<CheckoutResult> {
  const { request, customer, set, reprint, recipients } = input;
  if (reprint && request.colorSheets?.some((p) => !reprint.positions.includes(p))) throw badRequest('Color sheets must be among the sheets to print.');
  const facts = await setFactsOf(ctx.sql, set, request.printType, request.colorSheets);
  const packages = packagesOf(facts, recipients, { printSize: request.printSize, reprint });
  const shop = shopFacts(ctx.env);
  const firm = await firmOrderFields(ctx.sql, customer.userId, request.projectId ?? null);
  const exemptions = new Map<string, TaxExemption | null>();
  const priced: { name: string; price: PriceBreakdown; exemption: TaxExemption | null; shipping: PackageShipping }[] = [];
  const storedQuotes = await storedQuotesOf(ctx.sql, recipients, customer.sid);
  for (const pkg of packages) {
    const shipping = await packageShipping(ctx, request, pkg, storedQuotes);
    const quote = quoteFacts(shipping);
    const list = priceOrder({
      pageCount: pkg.part.pageCount,
      printSize: request.printSize,
      printType: request.printType,
      sets: pkg.recipient.sets,
      halfSets: pkg.recipient.halfSets,
      // Their own finishing and reduced sets, priced on their own package's sheets and sets.
      reducedSets: pkg.recipient.reducedSets,
      finishing: pkg.recipient.finishing,
      halfFinishing: pkg.recipient.halfFinishing,
      papers: pkg.part.papers,
      colorSheets: pkg.part.colorSheets,
      rushOrder: request.rushOrder && pkg.index === 0,
      shippingMethod: pkg.recipient.delivery,
      shippingCostCents: quote.costCents,
      cheapestShipping: quote.cheapest,
      state: pkg.recipient.address?.state ?? null,
      shopState: shop.state,
    });
    if (firm.firm_id && list.taxCents > 0 && !exemptions.has(list.taxState)) {
      exemptions.set(list.taxState, await exemptionFor(ctx.sql, { firmId: firm.firm_id, state: list.taxState, today: shopToday(ctx) }));
    }
    const exemption = exemptions.get(list.taxState) ?? null;
    priced.push({
      name: pkg.recipient.name,
      price: exemption && list.taxCents > 0 ? exemptPrice(list) : list,
      exemption: list.taxCents > 0 ? exemption : null,
      shipping,
    });
  }
  // The order prints the union of the packages' sheets; its own columns describe the whole.
  const union = [...new Set(packages.flatMap((p) => p.positions))].sort((a, b) => a - b);
  const whole = printedPart(facts.papers, facts.colorSheets, union);
  const price = orderPriceOf(priced, { pageCount: whole.pageCount, colorSheetCount: whole.colorSheets.length });
  // The firm's rules and its approval limit bind a distribution as they bind one delivery (see checkout above).
  const cardWaitsFor = await cardApprovalNeeded(ctx.sql, request, firm.firm_id, customer, price.totalCents);
  const enforce = request.paymentMethod === 'invoice' || request.updateOnly === true || (cardWaitsFor !== null && detailsComplete(request));
  const rules = await checkoutRuleFields(ctx.sql, firm, { poNumber: request.poNumber, costCode: request.costCode ?? null, enforce });
  const exemption = priced.find((p) => p.exemption)?.exemption ?? null;
  const firstShipped = packages.findIndex((p) => p.recipient.delivery === 'shipping');
  const shippedQuote = firstShipped >= 0 ? quoteFacts(priced[firstShipped].shipping) : null;
  const anyPickup = packages.some((p) => p.recipient.delivery === 'pickup');
  const orderRequest: CheckoutRequest = {
    ...request,
    shippingMethod: firstShipped >= 0 ? 'shipping' : 'pickup',
    sets: price.sets,
    halfSets: price.halfSets,
  };
  const warnings = await setWarningsOf(ctx.sql, set);
  const printedCount = reprint ? reprint.positions.length : set.pageCount;
  // Each package is printed and finished as its recipient asked: the order's work is their sum.
  const work = sumWork(packages.map(packageWorkOf));
  const ready = await checkoutPromise(ctx, request.rushOrder, work);
  const base = orderFields(ctx, {
    request: orderRequest,
    set,
    warnings,
    colorSheets: reprint ? facts.colorSheets.filter((p) => reprint.positions.includes(p)) : facts.colorSheets,
    printed: printedCount,
    reprint,
    quote: null,
    address: firstShipped >= 0 ? packages[firstShipped].recipient.address : null,
    price,
    ready,
  });
  const fields = {
    ...base,
    // Each package keeps its own quote; the order's estimate is the pickup promise when anyone picks up.
    shipping_service: shippedQuote?.service ?? null,
    estimated_delivery: anyPickup || !shippedQuote ? base.estimated_delivery : shippedQuote.delivery,
    ...firm,
    ...rules,
    ...exemptionFields(exemption),
  };
  const rows: RecipientFields[] = packages.map((pkg, i) => {
    const p = priced[i].price;
    const s = priced[i].shipping;
    return {
      position: i + 1,
      name: pkg.recipient.name,
      company: pkg.recipient.company,
      email: pkg.recipient.email,
      phone: pkg.recipient.phone,
      delivery: pkg.recipient.delivery,
      address: pkg.recipient.address,
      sets: pkg.recipient.sets,
      halfSets: pkg.recipient.halfSets,
      reducedSets: pkg.recipient.reducedSets,
      finishing: pkg.recipient.finishing,
      halfFinishing: pkg.recipient.halfFinishing,
      positions: pkg.positions,
      sheetNumbers: pkg.sheetNumbers,
      selection: pkg.recipient.sheets,
      holdsPositions: pkg.recipient.fixed?.holdsPositions ?? null,
      holdsSheetNumbers: pkg.recipient.fixed?.holdsSheetNumbers ?? null,
      heldBeforeSheetNumbers: pkg.recipient.fixed?.heldBeforeSheetNumbers ?? null,
      lines: p.lines,
      subtotalCents: p.subtotalCents,
      rushFeeCents: p.rushFeeCents,
      shippingCostCents: p.shippingCostCents,
      shippingQuoteId: s && 'stored' in s ? s.stored.id : null,
      shippingService: quoteFacts(s).service,
      freeShipping: p.freeShipping,
      taxState: p.taxState || null,
      taxRateMillipercent: p.taxRateMillipercent,
      taxCents: p.taxCents,
      totalCents: p.totalCents,
    };
  });
  const fresh = priced.flatMap((p, index) => (p.shipping && 'fresh' in p.shipping ? [{ index, shipping: p.shipping }] : []));
  const toPlace: PackagesToPlace = { rows, fresh, sid: customer.sid, provider: ctx.shipping?.name ?? 'table' };
  // The customer's own address book is not filled with their recipients' addresses.
  const remembered: Remembered = { userId: customer.userId, phone: null, address: null };
  if (request.paymentMethod === 'invoice') {
    if (!fields.firm_id) throw forbidden(NOT_ON_ACCOUNT);
    const waitsFor = await approvalNeeded(ctx.sql, { firmId: fields.firm_id, userId: customer.userId, totalCents: price.totalCents });
    const onAccount = { ...fields, firm_id: fields.firm_id };
    if (waitsFor) {
      const orderId = await placeOnAccount(ctx, customer, onAccount, orderFilesOf(set), request, remembered, { waitsFor, recipients: toPlace });
      return { placed: 'awaiting_approval', orderId, waitsFor, payBy: 'account', price, exemption, recipients: rows, ready, work };
    }
    const invoice = await placeOnAccount(ctx, customer, onAccount, orderFilesOf(set), request, remembered, { waitsFor: null, recipients: toPlace });
    return { placed: 'invoiced', invoice, price, exemption, recipients: rows, ready, work };
  }
  if (cardWaitsFor && fields.firm_id) {
    const held = await cardForApproval(ctx, payments, customer, {
      fields: { ...fields, firm_id: fields.firm_id },
      files: orderFilesOf(set),
      request,
      remembered,
      waitsFor: cardWaitsFor,
      recipients: toPlace,
    });
    return { ...held, price, exemption, recipients: rows, ready, work };
  }
  if (request.updateOnly === true) {
    if (!request.orderId) throw badRequest('orderId is required with updateOnly.');
    const clientSecret = await reprice(ctx.sql, payments, request.orderId, customer, fields, orderFilesOf(set), remembered, toPlace);
    return { placed: 'repriced', orderId: request.orderId, clientSecret, price, exemption, recipients: rows, ready, work };
  }
  const placed = await placeWithIntent(ctx, payments, customer, fields, orderFilesOf(set), { ...remembered, phone: request.customerPhone || null }, toPlace);
  return { placed: 'card', ...placed, price, exemption, recipients: rows, ready, work };
}
