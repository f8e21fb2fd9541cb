/**
 * POST /api/create-payment-intent: creates (or, with orderId + updateOnly, re-prices) one unpaid
 * order and its one payment intent. Every amount comes from the server: the analysed upload's sheet
 * count, the price table, the stored shipping quote and the destination's tax. Client amounts and
 * page counts are ignored.
 */
import { randomBytes } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { setCustomerPhone } from '#core/accounts/commands/users';
import type { Queryable } from '#core/lib/db';
import { badRequest, forbidden, notFound, serviceUnavailable, HttpError } from '#core/lib/errors';
import { ensureSession } from '../http/sessions';
import { ownsOrder } from '../http/orderAccess';
import { validate } from '../middleware/validate';
import { centsToDollars } from '#shared/money';
import {
  colorSheetsField,
  controlCharacterMessage,
  emailField,
  halfSetsField,
  NO_SETS_MESSAGE,
  hasNoControlCharacters,
  holdsWebAddress,
  jobNameField,
  MAX_NAME,
  NO_UPLOAD_MESSAGE,
  ONE_UPLOAD_FIELD_MESSAGE,
  orderNotesField,
  orderPrintTypeField,
  poNumberField,
  printPositionsField,
  printSizeField,
  setsField,
  uploadIdsField,
  uuidField,
  webAddressMessage,
  withoutInvisibleControls,
} from '#shared/fields';
import { formatTaxRate, linesToJson, priceOrder, tubeOf, type PriceBreakdown, type PrintSize } from '#shared/pricing';
import { setWarningsOf, type UploadSet } from '#core/uploads/sets';
import { printedSheetsOf } from '#core/uploads/printed';
import { requestedSet, type Reprint } from '../http/revisionAccess';
import type { SheetWarning } from '#shared/sheetNumbers';
import { firmOrderFields } from '#core/firms/membership';
import { attachPaymentIntent, orderFilesOf, placeOrder, repriceOrder, type OrderFileInput } from '#core/orders/commands/placeOrder';
import { placeInvoicedOrder, type PlacedInvoice } from '#core/orders/commands/invoices';
import { PAYMENT_METHODS } from '#shared/invoice';
import { exemptionFields, exemptionFor, exemptionJson, exemptPrice } from '#core/firms/certificates';
import { rememberShippedAddress } from '#core/addresses/commands/addresses';
import type { OrderRow } from '../presenters/order';
import { PaymentProviderError, type PaymentProvider } from '#core/services/payments/index';
import { AddressSchema, type Address } from '#shared/address';
import { shopFacts } from '#shared/shop';
import { turnaround } from '#shared/readyBy';
import { longDayText } from '#shared/clock';

/**
 * Customer fields are accepted as placeholders here (the page asks for an intent at load, before
 * the customer has typed anything); they must be real before the payment is confirmed.
 */
const looseText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .refine(hasNoControlCharacters, controlCharacterMessage(label))
    .overwrite(withoutInvisibleControls)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((v) => v ?? '');
/** A name, loose as above, that holds no web address: it is the greeting of every email about the order. */
const looseName = (label: string) => looseText(label, MAX_NAME).refine((v) => !holdsWebAddress(v), webAddressMessage(label));

export const CreateIntentSchema = z
  .object({
    orderId: uuidField.optional(),
    updateOnly: z.boolean().optional(),
    /** A drawing set of one file; or `uploadIds`, the set's files in print order (exactly one of them). */
    uploadId: uuidField.optional(),
    uploadIds: uploadIdsField.optional(),
    /** A revision's reprint: its new issue's files (uploadId/uploadIds, if sent, must be the same) and the positions to print. */
    revisionId: uuidField.optional(),
    /** With revisionId: the positions of the new issue to print; its changed and new sheets when absent. */
    printPositions: printPositionsField.optional(),
    printSize: printSizeField,
    printType: orderPrintTypeField,
    sets: setsField.default(1),
    halfSets: halfSetsField.default(0),
    /** Only with `auto`: exactly these positions (1..N through the set) print in color. Checked against the set below. */
    colorSheets: colorSheetsField.optional(),
    jobName: jobNameField,
    poNumber: poNumberField,
    notes: orderNotesField,
    rushOrder: z.boolean().default(false),
    shippingMethod: z.enum(['pickup', 'shipping'], { error: 'Delivery method must be pickup or shipping' }).default('pickup'),
    rateId: z.string().trim().max(100).nullish(),
    shippingAddress: z.unknown().optional(),
    customerEmail: looseText('Email', 254).transform((v) => v.toLowerCase()),
    customerFirstName: looseName('First name'),
    customerLastName: looseName('Last name'),
    customerPhone: looseText('Phone', 40),
    createAccount: z.boolean().optional(),
    /** A project of the signed-in customer's firm (400 otherwise). */
    projectId: uuidField.nullish(),
    /** `invoice`: on the firm's account (Net 30), placed at once with no payment intent. */
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'Payment method must be card or invoice' }).default('card'),
  })
  .refine((v) => v.sets + v.halfSets >= 1, { message: NO_SETS_MESSAGE, path: ['sets'] })
  .refine((v) => !(v.uploadId && v.uploadIds), { message: ONE_UPLOAD_FIELD_MESSAGE, path: ['uploadIds'] })
  .refine((v) => v.uploadId || v.uploadIds || v.revisionId, { message: NO_UPLOAD_MESSAGE, path: ['uploadId'] })
  .refine((v) => v.printPositions === undefined || v.revisionId, { message: 'printPositions needs a revisionId.', path: ['printPositions'] })
  .refine((v) => v.colorSheets === undefined || v.printType === 'auto', {
    message: 'Color sheets can only be chosen with print type auto.',
    path: ['colorSheets'],
  });

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

/** The amounts as the page shows them. */
export function presentAmounts(price: PriceBreakdown) {
  return {
    subtotal: centsToDollars(price.subtotalCents),
    rushFee: centsToDollars(price.rushFeeCents),
    shippingCost: centsToDollars(price.shippingCostCents),
    tax: centsToDollars(price.taxCents),
    total: centsToDollars(price.totalCents),
    freeShipping: price.freeShipping,
    pricePerPage: price.pricePerPageCents === null ? null : centsToDollars(price.pricePerPageCents),
    sets: price.sets,
    halfSets: price.halfSets,
    bwSheetCount: price.bwSheetCount,
    colorSheetCount: price.colorSheetCount,
    lines: linesToJson(price.lines),
    taxState: price.taxState || null,
    taxRate: formatTaxRate(price.taxRateMillipercent),
  };
}

function providerFailure(error: unknown): HttpError {
  if (error instanceof PaymentProviderError && !error.retryable) return badRequest(error.message);
  return serviceUnavailable('The payment provider is not answering. Please try again in a moment.');
}

type IntentInput = z.output<typeof CreateIntentSchema>;

/** Today's date at the counter (YYYY-MM-DD): a certificate is good through its expiry day there. */
function shopToday(ctx: AppContext): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: shopFacts(ctx.env).timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}
type Who = { sid: string; userId: string | null };

const intentBody = validate({ body: CreateIntentSchema });

/** Shipping: a stored quote of this session, for this destination and this tube (every set in it). */
async function chosenShipping(
  sql: Queryable,
  input: IntentInput,
  pageCount: number,
  papers: PrintSize[],
  sid: string,
): Promise<{ quote: QuoteRow | null; address: Address | null }> {
  if (input.shippingMethod !== 'shipping') return { quote: null, address: null };
  const address = AddressSchema.parse(input.shippingAddress ?? {});
  if (!input.rateId) throw badRequest('Please choose a shipping rate.');
  if (!z.uuid().safeParse(input.rateId).success) throw badRequest('That shipping rate is not valid. Please choose a rate again.');
  const [row] = await sql<QuoteRow[]>`
    select id, to_address, print_size, page_count, service_name, cost_cents, delivery_date, delivery_time, cheapest from shipping_quotes
    where id = ${input.rateId} and session_sid = ${sid} and expires_at > now()`;
  const tube = tubeOf({ pageCount, printSize: input.printSize, papers, sets: input.sets, halfSets: input.halfSets });
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
    input: IntentInput;
    set: UploadSet;
    warnings: SheetWarning[];
    colorSheets: number[];
    printed: number;
    reprint: Reprint | null;
    quote: QuoteRow | null;
    address: Address | null;
    price: PriceBreakdown;
  },
) {
  const { input, set, quote, address, price } = o;
  // The order's own file columns name the set's first file (what older screens and jobs read); the
  // whole set is in order_files.
  const [first] = set.files;
  const shop = shopFacts(ctx.env);
  const promise = turnaround(new Date(), { timeZone: shop.timeZone, holidays: shop.holidays })[input.rushOrder ? 'rush' : 'regular'];
  const estimatedDelivery = quote
    ? [quote.delivery_date, quote.delivery_time].filter(Boolean).join(' ') || null
    : `Ready for pickup ${promise.text.replace(/^Today/, 'today')}`;
  return {
    upload_id: first.uploadId,
    file_name: first.fileName,
    file_key: first.storageKey,
    file_size: first.fileSize,
    page_count: o.printed,
    revision_id: o.reprint?.revisionId ?? null,
    revision_of_order_id: o.reprint?.previousOrderId ?? null,
    print_positions: o.reprint?.positions ?? null,
    sheet_warnings: ctx.sql.json(o.warnings),
    print_size: input.printSize,
    print_type: input.printType,
    sets: price.sets,
    half_sets: price.halfSets,
    color_sheets: o.colorSheets,
    color_sheet_count: price.colorSheetCount,
    bw_sheet_count: price.bwSheetCount,
    price_lines: ctx.sql.json(price.lines),
    job_name: input.jobName,
    po_number: input.poNumber,
    notes: input.notes,
    price_per_page_cents: price.pricePerPageCents,
    subtotal_cents: price.subtotalCents,
    rush_order: input.rushOrder,
    rush_fee_cents: price.rushFeeCents,
    shipping_method: input.shippingMethod,
    shipping_cost_cents: price.shippingCostCents,
    shipping_quote_id: quote?.id ?? null,
    shipping_service: quote?.service_name ?? null,
    shipping_address: address ? ctx.sql.json(address) : null,
    tax_state: price.taxState || null,
    tax_rate_millipercent: price.taxRateMillipercent,
    tax_cents: price.taxCents,
    total_cents: price.totalCents,
    customer_email: input.customerEmail,
    customer_first_name: input.customerFirstName,
    customer_last_name: input.customerLastName,
    customer_phone: input.customerPhone || null,
    create_account: input.createAccount ?? false,
    estimated_delivery: estimatedDelivery,
  };
}

type OrderFields = ReturnType<typeof orderFields>;

/** Inserts the unpaid order and creates its one payment intent. */
async function placeWithIntent(
  ctx: AppContext,
  payments: PaymentProvider,
  who: Who,
  fields: OrderFields,
  files: OrderFileInput[],
  phone: string,
): Promise<{ orderId: string; clientSecret: string }> {
  // The account keeps the first phone its owner checks out with, for the next prefilled checkout.
  if (who.userId && phone) await setCustomerPhone(ctx.sql, { userId: who.userId, phone });
  const accessToken = randomBytes(24).toString('base64url');
  const placement = { userId: who.userId, sid: who.sid, accessToken, paymentProvider: payments.name };
  const order = { id: await ctx.sql.begin((tx) => placeOrder(tx, { fields, placement, files })) };
  try {
    const intent = await ctx.sql.begin(async (tx) => {
      const created = await payments.createIntent(tx, { orderId: order.id, amountCents: fields.total_cents, email: fields.customer_email || null });
      await attachPaymentIntent(tx, { orderId: order.id, paymentIntentId: created.id });
      return created;
    });
    return { orderId: order.id, clientSecret: intent.clientSecret };
  } catch (error) {
    ctx.log.warn('creating a payment intent failed', { error, orderId: order.id });
    // The unpaid order without an intent is removed by the clean-up job.
    throw providerFailure(error);
  }
}

export const NOT_ON_ACCOUNT = 'Paying on account is for signed-in members of a firm with Net 30 terms. Please pay by card.';

/** Places the order on the firm's account: terms, overdue invoices and the credit limit are checked by the command. */
async function placeOnAccount(
  ctx: AppContext,
  who: Who,
  fields: OrderFields & { firm_id: string },
  files: OrderFileInput[],
  input: IntentInput,
): Promise<PlacedInvoice> {
  // No card step follows to catch the load-time placeholders: the details must be real now.
  if (!input.customerFirstName || !input.customerLastName || !emailField.safeParse(input.customerEmail).success) {
    throw badRequest('Please fill in your first name, last name and a valid email address before placing the order.');
  }
  const placement = { userId: who.userId, sid: who.sid, accessToken: randomBytes(24).toString('base64url'), paymentProvider: null };
  const shop = shopFacts(ctx.env);
  const clock = { timeZone: shop.timeZone, holidays: shop.holidays };
  return ctx.sql.begin((tx) => placeInvoicedOrder(tx, { fields, placement, files, firmId: fields.firm_id, clock }));
}

export function checkoutRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/create-payment-intent', intentBody, async (req, res) => {
    const input = intentBody.input(req).body;
    const payments = ctx.payments;
    if (!payments) throw serviceUnavailable('Payments are not available right now.');
    const who = { sid: await ensureSession(req, ctx.sql), userId: req.shop.userId };
    const { set, reprint } = await requestedSet(ctx.sql, req, input, who);
    // Only the printed sheets count: a revision's reprint is priced, packed and shipped as those alone.
    const { colorSheets, part: printed } = await printedSheetsOf(ctx.sql, set, input.printType, input.colorSheets, reprint?.positions ?? null);
    const { pageCount, papers } = printed;
    const warnings = await setWarningsOf(ctx.sql, set);
    const files = orderFilesOf(set);
    const { quote, address } = await chosenShipping(ctx.sql, input, pageCount, papers, who.sid);
    const listPrice = priceOrder({
      pageCount,
      printSize: input.printSize,
      printType: input.printType,
      sets: input.sets,
      halfSets: input.halfSets,
      papers,
      colorSheets: printed.colorSheets,
      rushOrder: input.rushOrder,
      shippingMethod: input.shippingMethod,
      shippingCostCents: quote?.cost_cents ?? 0,
      // Free shipping is always applied here, whatever the rates request carried.
      cheapestShipping: quote?.cheapest ?? false,
      state: address?.state ?? null,
      shopState: shopFacts(ctx.env).state,
    });
    // A signed-in member's order belongs to their firm (and the project it names); the firm's
    // verified certificate for the state whose tax applies makes its tax $0.00.
    const firm = await firmOrderFields(ctx.sql, who.userId, input.projectId ?? null);
    const exemption =
      firm.firm_id && listPrice.taxCents > 0 ? await exemptionFor(ctx.sql, { firmId: firm.firm_id, state: listPrice.taxState, today: shopToday(ctx) }) : null;
    const price = exemption ? exemptPrice(listPrice) : listPrice;
    const fields = {
      ...orderFields(ctx, { input, set, warnings, colorSheets, printed: pageCount, reprint, quote, address, price }),
      ...firm,
      ...exemptionFields(exemption),
    };
    // A signed-in customer's address book (or their firm's, when it keeps the address) offers the address last shipped to first.
    if (who.userId && address) await rememberShippedAddress(ctx.sql, who.userId, address);

    // On the firm's account: a new order, placed at once (the card checkout's unpaid order, if any,
    // is left to the clean-up of abandoned checkouts).
    if (input.paymentMethod === 'invoice') {
      if (!fields.firm_id) throw forbidden(NOT_ON_ACCOUNT);
      const placed = await placeOnAccount(ctx, who, { ...fields, firm_id: fields.firm_id }, files, input);
      return void res.status(201).json({
        orderId: placed.orderId,
        clientSecret: null,
        provider: null,
        paymentStatus: 'invoiced',
        invoice: { id: placed.invoiceId, number: placed.number, dueOn: placed.dueOn },
        message: `Order placed on your firm's account: invoice ${placed.number}, due ${longDayText(placed.dueOn)}. No card payment is needed.`,
        amounts: { ...presentAmounts(price), taxExemption: exemptionJson(exemption) },
      });
    }

    // Only an explicit updateOnly re-prices; an orderId alone is ignored (a new order is made).
    if (input.updateOnly === true) {
      if (!input.orderId) throw badRequest('orderId is required with updateOnly.');
      const clientSecret = await reprice(ctx.sql, payments, input.orderId, who, fields, files);
      return void res.json({
        orderId: input.orderId,
        clientSecret,
        provider: payments.name,
        amounts: { ...presentAmounts(price), taxExemption: exemptionJson(exemption) },
      });
    }
    const placed = await placeWithIntent(ctx, payments, who, fields, files, input.customerPhone);
    res.status(201).json({
      orderId: placed.orderId,
      clientSecret: placed.clientSecret,
      provider: payments.name,
      amounts: { ...presentAmounts(price), taxExemption: exemptionJson(exemption) },
    });
  });

  return router;
}

/** Re-prices an unpaid order of this browser and its intent; resolves with the intent's client secret. */
async function reprice(
  sql: AppContext['sql'],
  payments: PaymentProvider,
  orderId: string,
  who: Who,
  fields: OrderFields,
  files: OrderFileInput[],
): Promise<string> {
  return sql.begin(async (tx) => {
    const [order] = await tx<Pick<OrderRow, 'id' | 'session_sid' | 'user_id' | 'payment_intent_id'>[]>`
      select id, session_sid, user_id, payment_intent_id from orders where id = ${orderId} for update`;
    if (!order || !ownsOrder(who, order)) throw notFound('Order not found.');
    const paymentIntentId = order.payment_intent_id;
    // The order first (it refuses a paid order or another drawing), then the intent: a provider
    // failure rolls the new price back.
    await repriceOrder(tx, { orderId, fields, files });
    if (!paymentIntentId) throw badRequest('This order has no payment yet. Please reload the checkout.');
    try {
      return (await payments.updateIntent(tx as Queryable, paymentIntentId, fields.total_cents)).clientSecret;
    } catch (error) {
      throw providerFailure(error);
    }
  });
}
