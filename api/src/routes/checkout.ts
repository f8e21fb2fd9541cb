/**
 * POST /api/create-payment-intent: creates (or, with orderId + updateOnly, re-prices) one unpaid
 * order and its one payment intent. Every amount comes from the server: the analysed upload's sheet
 * count, the price table, the stored shipping quote and the destination's tax. Client amounts and
 * page counts are ignored. The route validates and presents; the checkout command
 * (core/checkout/commands/checkout.ts) prices and places.
 */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { badRequest, serviceUnavailable } from '#core/lib/errors';
import { HOLDERS_NEED_REVISION, holderPackages } from '#core/checkout/packages';
import { checkout, type CheckoutRequest } from '#core/checkout/commands/checkout';
import { turnaroundFor } from '#core/production/promises';
import { shopFacts } from '#shared/shop';
import type { RecipientFields } from '#core/orders/commands/recipients';
import { exemptionJson } from '#core/firms/certificates';
import { ensureSession } from '../http/sessions';
import { requestedSet } from '../http/revisionAccess';
import { validate } from '../middleware/validate';
import { recipientsOf, withoutOrderFieldsBesideRecipients } from '../http/recipients';
import { PER_RECIPIENT_FIELDS } from '#shared/recipients';
import { centsToDollars } from '#shared/money';
import { CreateIntentSchema } from '#shared/checkout';
import { formatTaxRate, linesToJson, type PriceBreakdown } from '#shared/pricing';
import { longDayText } from '#shared/clock';

/**
 * The body of POST /api/create-payment-intent: the form's shared schema, refusing the order-wide
 * delivery and set fields when a distribution list gives them per recipient.
 */
const IntentBodySchema = withoutOrderFieldsBesideRecipients(CreateIntentSchema, PER_RECIPIENT_FIELDS);

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
    reducedSets: price.reducedSets,
    bwSheetCount: price.bwSheetCount,
    colorSheetCount: price.colorSheetCount,
    lines: linesToJson(price.lines),
    taxState: price.taxState || null,
    taxRate: formatTaxRate(price.taxRateMillipercent),
  };
}

/** One recipient's package as the page shows it beside their row. */
export function presentPackageAmounts(r: RecipientFields) {
  return {
    name: r.name,
    company: r.company,
    delivery: r.delivery,
    sets: r.sets,
    halfSets: r.halfSets,
    reducedSets: r.reducedSets,
    finishing: r.finishing,
    halfFinishing: r.halfFinishing,
    positions: r.positions,
    sheetNumbers: r.sheetNumbers,
    sheetCount: r.positions.length,
    lines: linesToJson(r.lines),
    subtotal: centsToDollars(r.subtotalCents),
    rushFee: centsToDollars(r.rushFeeCents),
    shippingCost: centsToDollars(r.shippingCostCents),
    shippingService: r.shippingService,
    freeShipping: r.freeShipping,
    taxState: r.taxState,
    taxRate: formatTaxRate(r.taxRateMillipercent),
    tax: centsToDollars(r.taxCents),
    total: centsToDollars(r.totalCents),
  };
}

const intentBody = validate({ body: IntentBodySchema });

export function checkoutRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/create-payment-intent', intentBody, async (req, res) => {
    const input = intentBody.input(req).body;
    const payments = ctx.payments;
    if (!payments) throw serviceUnavailable('Payments are not available right now.');
    // "holders" needs the revision before anything is read; a list is checked before the set is.
    if (input.recipients === 'holders' && !input.revisionId) throw badRequest(HOLDERS_NEED_REVISION);
    const listed = input.recipients === undefined || input.recipients === 'holders' ? null : recipientsOf(input.recipients);
    const customer = { sid: await ensureSession(req, ctx.sql), userId: req.shop.userId };
    // The set is read through the revision's access rule, which is the request's.
    const { set, reprint } = await requestedSet(ctx.sql, req, input, customer);
    const recipients = input.recipients === 'holders' ? await holderPackages(ctx.sql, reprint) : listed;
    const request: CheckoutRequest = { ...input, recipients };
    const result = await checkout(ctx, payments, { request, customer, set, reprint });
    // The order's true ready-by as priced now (the production queue may push it past today's rule),
    // and both promises for its work, as GET /api/turnaround answers them: the page shows these for
    // a distribution list, whose packages only the server knows.
    const { ready } = result;
    const shop = shopFacts(ctx.env);
    const turnaround = await turnaroundFor(ctx.sql, { at: new Date(), work: result.work, clock: { timeZone: shop.timeZone, holidays: shop.holidays } });
    const amounts = {
      ...presentAmounts(result.price),
      taxExemption: exemptionJson(result.exemption),
      ...(result.recipients ? { recipients: result.recipients.map(presentPackageAmounts) } : {}),
    };
    if (result.placed === 'invoiced') {
      const { invoice } = result;
      return void res.status(201).json({
        orderId: invoice.orderId,
        clientSecret: null,
        provider: null,
        paymentStatus: 'invoiced',
        invoice: { id: invoice.invoiceId, number: invoice.number, dueOn: invoice.dueOn },
        message: `Order placed on your firm's account: invoice ${invoice.number}, due ${longDayText(invoice.dueOn)}. No card payment is needed.`,
        amounts,
        ready,
        turnaround,
      });
    }
    if (result.placed === 'awaiting_approval') {
      const card = result.payBy === 'card';
      return void res.status(201).json({
        orderId: result.orderId,
        clientSecret: null,
        provider: card ? payments.name : null,
        paymentStatus: 'awaiting_approval',
        invoice: null,
        message: card
          ? `Order placed: it is over your firm's approval limit, so it waits for ${result.waitsFor} to approve it. Once approved, you pay by card on its order page. Nothing is charged until then.`
          : `Order placed: it is over your firm's approval limit, so it waits for ${result.waitsFor} to approve it. Nothing is charged or invoiced until then.`,
        amounts,
      });
    }
    // Over the limit by card, only priced: no intent to confirm; the page offers to send it for approval.
    if (result.placed === 'needs_approval') {
      return void res.status(input.updateOnly ? 200 : 201).json({
        orderId: result.orderId,
        clientSecret: null,
        provider: payments.name,
        paymentStatus: 'unpaid',
        approvalRequired: { waitsFor: result.waitsFor },
        message: `This order is over your firm's approval limit: it is sent to ${result.waitsFor} for approval, and you pay by card on its order page once they approve it.`,
        amounts,
        ready,
        turnaround,
      });
    }
    res
      .status(result.placed === 'card' ? 201 : 200)
      .json({ orderId: result.orderId, clientSecret: result.clientSecret, provider: payments.name, amounts, ready, turnaround });
  });

  return router;
}
