/**
 * POST /api/create-payment-intent: creates (or, with orderId + updateOnly, re-prices) one unpaid
 * order and its one payment intent. Every amount comes from the server: the analysed upload's sheet
 * count, the price table, the stored shipping quote and the destination's tax. Client amounts and
 * page counts are ignored. The route validates and presents; the checkout command
 * (core/checkout/commands/checkout.ts) prices and places.
 */
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { serviceUnavailable } from '#core/lib/errors';
import { checkout, type CheckoutRequest } from '#core/checkout/commands/checkout';
import { exemptionJson } from '#core/firms/certificates';
import { ensureSession } from '../http/sessions';
import { requestedSet } from '../http/revisionAccess';
import { validate } from '../middleware/validate';
import { centsToDollars } from '#shared/money';
import { CreateIntentSchema } from '#shared/checkout';
import { formatTaxRate, linesToJson, type PriceBreakdown } from '#shared/pricing';
import { longDayText } from '#shared/clock';

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

const intentBody = validate({ body: CreateIntentSchema });

export function checkoutRoutes(ctx: AppContext): Router {
  const router = Router();

  router.post('/api/create-payment-intent', intentBody, async (req, res) => {
    const input = intentBody.input(req).body;
    const payments = ctx.payments;
    if (!payments) throw serviceUnavailable('Payments are not available right now.');
    const customer = { sid: await ensureSession(req, ctx.sql), userId: req.shop.userId };
    // The set is read through the revision's access rule, which is the request's.
    const { set, reprint } = await requestedSet(ctx.sql, req, input, customer);
    const request: CheckoutRequest = input;
    const result = await checkout(ctx, payments, { request, customer, set, reprint });
    const amounts = { ...presentAmounts(result.price), taxExemption: exemptionJson(result.exemption) };
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
      });
    }
    res.status(result.placed === 'card' ? 201 : 200).json({ orderId: result.orderId, clientSecret: result.clientSecret, provider: payments.name, amounts });
  });

  return router;
}
