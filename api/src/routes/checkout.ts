/**
 * POST /api/create-payment-intent: creates (or, with orderId + updateOnly, re-prices) one unpaid
 * order and its one payment intent. Every amount comes from the server: the analysed upload's sheet
 * count, the price table, the stored shipping quote and the destination's tax. Client amounts and
 * page counts are ignored. The route validates and presents; the checkout command
 * (core/checkout/commands/checkout.ts) prices and places.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { serviceUnavailable } from '#core/lib/errors';
import { checkout, type CheckoutRequest } from '#core/checkout/commands/checkout';
import { exemptionJson } from '#core/firms/certificates';
import { ensureSession } from '../http/sessions';
import { requestedSet } from '../http/revisionAccess';
import { validate } from '../middleware/validate';
import { centsToDollars } from '#shared/money';
import {
  colorSheetsField,
  controlCharacterMessage,
  halfSetsField,
  NO_SETS_MESSAGE,
  hasNoControlCharacters,
  holdsWebAddress,
  jobNameField,
  MAX_NAME,
  NO_UPLOAD_MESSAGE,
  ONE_UPLOAD_FIELD_MESSAGE,
  orderNotesField,
  optionalPlainTextField,
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
import { formatTaxRate, linesToJson, type PriceBreakdown } from '#shared/pricing';
import { PAYMENT_METHODS } from '#shared/invoice';
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
    /** One of that project's cost codes (400 otherwise). */
    costCode: optionalPlainTextField('Cost code', 30),
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
    if (result.placed === 'awaiting_approval') {
      return void res.status(201).json({
        orderId: result.orderId,
        clientSecret: null,
        provider: null,
        paymentStatus: 'awaiting_approval',
        invoice: null,
        message: `Order placed: it is over your firm's approval limit, so it waits for ${result.waitsFor} to approve it. Nothing is charged or invoiced until then.`,
        amounts,
      });
    }
    res.status(result.placed === 'card' ? 201 : 200).json({ orderId: result.orderId, clientSecret: result.clientSecret, provider: payments.name, amounts });
  });

  return router;
}
