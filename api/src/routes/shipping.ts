/** POST /api/shipping-rates: quotes for one tube to an address, stored so checkout can only use a real one. */
import { validate } from '../middleware/validate';
import { shopFacts } from '#shared/shop';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { badRequest, serviceUnavailable } from '#core/lib/errors';
import { AddressSchema, type Address } from '#shared/address';
import { recipientLabel } from '#shared/recipients';
import { HOLDERS_NEED_REVISION, holderPackages, packagesOf, setFactsOf } from '#core/checkout/packages';
import { recipientsOf, withoutOrderFieldsBesideRecipients } from '../http/recipients';
import { ensureSession } from '../http/sessions';
import { MAX_SET_SHEETS } from '#shared/limits';
import { centsToDollars } from '#shared/money';
import {
  colorSheetsField,
  halfSetsField,
  NO_SETS_MESSAGE,
  orderPrintTypeField,
  printSizeField,
  ONE_UPLOAD_FIELD_MESSAGE,
  setsField,
  printPositionsField,
  uploadIdsField,
  uuidField,
} from '#shared/fields';
import { printedPart, setPapersOf } from '#core/uploads/sets';
import { printedSheetsOf } from '#core/uploads/printed';
import { requestedSet } from '../http/revisionAccess';
import { orderSubtotalCents, qualifiesForFreeShipping, tubeOf, type PrintSize } from '#shared/pricing';
import { orderWorkOf } from '#shared/queuePromise';
import { shipDayOf } from '#core/production/promises';
import { ShippingAddressError, type RateQuote } from '#core/services/shipping/index';
import type { Sql } from '#core/lib/db';
import { noFasterThan } from '#shared/shippingRates';
import { storeQuoteGroups, type QuoteGroup, type QuoteRow } from '#core/checkout/commands/shippingQuotes';

const RatesFieldsSchema = z
  .object({
    /** Required without `recipients`; with them each shipping recipient has its own address. */
    toAddress: AddressSchema.optional(),
    printSize: printSizeField,
    pageCount: z.coerce.number().int().min(1).max(MAX_SET_SHEETS).optional(),
    /** With uploadId (or a set's uploadIds) and printType, the server prices the order and marks the free rate. */
    uploadId: uuidField.optional(),
    uploadIds: uploadIdsField.optional(),
    /** A revision's reprint (as at checkout): only the positions printed go in the tube. */
    revisionId: uuidField.optional(),
    printPositions: printPositionsField.optional(),
    printType: orderPrintTypeField.optional(),
    /** With `auto`: the sheets the customer chose in color (else the analysis's). */
    colorSheets: colorSheetsField.optional(),
    /** Copies of the set: all go in one tube. */
    sets: setsField.default(1),
    /** Half-size copies: in the same tube. */
    halfSets: halfSetsField.default(0),
    /** Delivery dates count from the day the order is ready, which rush brings forward. */
    rushOrder: z.boolean().default(false),
    /** A distribution list (shared/recipients.ts): rates for each shipping recipient's own package. */
    recipients: z.unknown().optional(),
  })
  .refine((v) => v.sets + v.halfSets >= 1, { message: NO_SETS_MESSAGE, path: ['sets'] })
  .refine((v) => !(v.uploadId && v.uploadIds), { message: ONE_UPLOAD_FIELD_MESSAGE, path: ['uploadIds'] })
  .superRefine((v, ctx) => {
    if (v.recipients !== undefined || v.toAddress !== undefined) return;
    // Without recipients the address is required, refused in the schema's own words as before.
    for (const issue of AddressSchema.safeParse(undefined).error?.issues ?? []) ctx.addIssue({ ...issue, code: 'custom', path: ['toAddress', ...issue.path] });
  })
  .refine((v) => v.recipients === undefined || v.uploadId || v.uploadIds || v.revisionId, {
    message: 'Rates for recipients need the drawing set (uploadId, uploadIds or revisionId).',
    path: ['uploadId'],
  });

const RatesSchema = withoutOrderFieldsBesideRecipients(RatesFieldsSchema, ['toAddress', 'pageCount', 'sets', 'halfSets']);

/** A stored quote as the contract's JSON; `free` when the order's subtotal makes this (cheapest) rate free. */
const ratesBody = validate({ body: RatesSchema });

export function presentRate(row: QuoteRow, free = false, noFasterThan: string | null = null) {
  return {
    rateId: row.id,
    service: row.service,
    serviceName: row.service_name,
    carrier: row.carrier,
    cost: free ? 0 : centsToDollars(row.cost_cents),
    free,
    regularCost: centsToDollars(row.cost_cents),
    deliveryDate: row.delivery_date,
    deliveryTime: row.delivery_time,
    deliveryDays: row.delivery_days,
    /** The cheaper service that arrives the same day or sooner, or null: paying for this one buys no time. */
    noFasterThan,
  };
}

type RatesInput = z.output<typeof RatesSchema>;

/**
 * How many sheets go in the tube and, when the request says what is printed, the prints' subtotal
 * (for free shipping). With an upload the analysed sheet count wins over whatever the client sent.
 */
async function whatShips(
  sql: Sql,
  req: Request,
  input: RatesInput,
  who: { sid: string; userId: string | null },
): Promise<{ tubeSize: PrintSize; pageCount: number; subtotalCents: number | null }> {
  if (!input.uploadIds && !input.uploadId && !input.revisionId) {
    if (!input.pageCount) throw badRequest('pageCount is required (or an uploadId).');
    // Without the drawing its sheets' papers are unknown: `asDrawn` is packed as the larger tube.
    const printSize = input.printSize === 'asDrawn' ? '30x42' : input.printSize;
    const tube = tubeOf({ pageCount: input.pageCount, printSize, sets: input.sets, halfSets: input.halfSets });
    return { tubeSize: tube.printSize, pageCount: tube.sheetCount, subtotalCents: null };
  }
  const { set, reprint } = await requestedSet(sql, req, input, who);
  const positions = reprint?.positions ?? null;
  // Every set goes in the tube, each printed sheet on its paper.
  const papers = printedPart(await setPapersOf(sql, set), [], positions).papers;
  const tube = tubeOf({ pageCount: papers.length, printSize: input.printSize, papers, sets: input.sets, halfSets: input.halfSets });
  if (!input.printType) return { tubeSize: tube.printSize, pageCount: tube.sheetCount, subtotalCents: null };
  const { part } = await printedSheetsOf(sql, set, input.printType, input.colorSheets, positions);
  const subtotalCents = orderSubtotalCents({
    pageCount: part.pageCount,
    printSize: input.printSize,
    printType: input.printType,
    sets: input.sets,
    halfSets: input.halfSets,
    papers: part.papers,
    colorSheets: part.colorSheets,
  });
  return { tubeSize: tube.printSize, pageCount: tube.sheetCount, subtotalCents };
}

export function shippingRoutes(ctx: AppContext): Router {
  const router = Router();
  const shop = shopFacts(ctx.env);
  router.post('/api/shipping-rates', ratesBody, async (req, res) => {
    const input = ratesBody.input(req).body;
    const shipping = ctx.shipping;
    if (!shipping) throw serviceUnavailable('Shipping is not available right now.');
    const sid = await ensureSession(req, ctx.sql);
    const who = { sid, userId: req.shop.userId };
    // Delivery dates count from the day the prints are ready, after what the counter's queue holds.
    const work = orderWorkOf({ pageCount: input.pageCount ?? 0, colorPages: 0, sets: input.sets, halfSets: input.halfSets });
    const shipDay = await shipDayOf(ctx.sql, { at: new Date(), rush: input.rushOrder, work, clock: { timeZone: shop.timeZone, holidays: shop.holidays } });
    /** Quotes one tube; a refused address is the customer's `refused` sentence. */
    const quoteTube = async (toAddress: Address, tube: { printSize: PrintSize; sheetCount: number }, refused: (message: string) => Error) => {
      let quotes: RateQuote[];
      try {
        quotes = await shipping.quote({ toAddress, printSize: tube.printSize, pageCount: tube.sheetCount, shipDay });
      } catch (error) {
        if (error instanceof ShippingAddressError) throw refused(error.message);
        ctx.log.warn('shipping quote failed', { error });
        throw serviceUnavailable('Unable to calculate shipping rates. Please try again.');
      }
      if (quotes.length === 0) throw refused('No carrier can ship to that address. Please check it.');
      return { quotes, toAddress, printSize: tube.printSize, pageCount: tube.sheetCount };
    };
    const keep = { sid, provider: shipping.name };
    if (input.recipients !== undefined) {
      if (input.recipients === 'holders' && !input.revisionId) throw badRequest(HOLDERS_NEED_REVISION);
      const listed = input.recipients === 'holders' ? null : recipientsOf(input.recipients);
      const { set, reprint } = await requestedSet(ctx.sql, req, input, who);
      const recipients = listed ?? (await holderPackages(ctx.sql, reprint));
      const printType = input.printType ?? 'bw';
      const facts = await setFactsOf(ctx.sql, set, printType, input.colorSheets);
      const packages = packagesOf(facts, recipients, { printSize: input.printSize, reprint });
      // Every shipping package quoted first, then all their rates kept in one statement.
      const groups: QuoteGroup[] = [];
      const groupOf = new Map<number, number>();
      for (const pkg of packages) {
        if (!pkg.recipient.address) continue;
        const label = recipientLabel(pkg.index, pkg.recipient.name);
        const refused = (message: string) => badRequest(`${label}: ${message}`, { errors: { [`recipients[${pkg.index}].address`]: `${label}: ${message}` } });
        groupOf.set(pkg.index, groups.length);
        groups.push(await quoteTube(pkg.recipient.address, pkg.tube, refused));
      }
      const stored = await storeQuoteGroups(ctx.sql, groups, keep);
      const answers = packages.map((pkg) => {
        const subtotalCents = input.printType
          ? orderSubtotalCents({
              pageCount: pkg.part.pageCount,
              printSize: input.printSize,
              printType: input.printType,
              sets: pkg.recipient.sets,
              halfSets: pkg.recipient.halfSets,
              // The package's subtotal as checkout prices it, its finishing and reduced sets included.
              reducedSets: pkg.recipient.reducedSets,
              finishing: pkg.recipient.finishing,
              halfFinishing: pkg.recipient.halfFinishing,
              papers: pkg.part.papers,
              colorSheets: pkg.part.colorSheets,
            })
          : null;
        const free = subtotalCents !== null && qualifiesForFreeShipping(subtotalCents);
        const group = groupOf.get(pkg.index);
        const rows = group === undefined ? [] : stored[group];
        return {
          name: pkg.recipient.name,
          delivery: pkg.recipient.delivery,
          sheetNumbers: pkg.sheetNumbers,
          sheetCount: pkg.positions.length,
          subtotal: subtotalCents === null ? null : centsToDollars(subtotalCents),
          rates: rows.map((row) => presentRate(row, free && row.cheapest)),
        };
      });
      return void res.json({ recipients: answers });
    }
    const toAddress = input.toAddress;
    if (!toAddress) throw badRequest('Please enter the address to ship to.');
    const { tubeSize, pageCount, subtotalCents } = await whatShips(ctx.sql, req, input, who);
    const [rows] = await storeQuoteGroups(ctx.sql, [await quoteTube(toAddress, { printSize: tubeSize, sheetCount: pageCount }, badRequest)], keep);
    const free = subtotalCents !== null && qualifiesForFreeShipping(subtotalCents);
    const slower = noFasterThan(rows.map((r) => ({ serviceName: r.service_name, costCents: r.cost_cents, deliveryDate: r.delivery_date })));
    res.json(rows.map((row, i) => presentRate(row, free && row.cheapest, slower[i])));
  });
  return router;
}
