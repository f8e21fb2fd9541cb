/** POST /api/shipping-rates: quotes for one tube to an address, stored so checkout can only use a real one. */
import { TTL_MS } from '../../../shared/shop';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { badRequest, serviceUnavailable } from '../core/lib/errors';
import { ensureSession } from '../lib/sessions';
import { MAX_PAGES } from '../../../shared/limits';
import { centsToDollars } from '../../../shared/money';
import { cityField, printSizeField, stateField, street1Field, street2Field, zipField } from '../../../shared/fields';
import { US_STATES } from '../../../shared/pricing';
import { ShippingAddressError } from '../core/services/shipping/index';

/** How long a quote can be used at checkout. */
export const QUOTE_TTL_MS = TTL_MS.shippingQuote;

/** A shipping address as the checkout sends it; the state must be a real one. */
export const AddressSchema = z.object({
  street1: street1Field,
  street2: street2Field,
  city: cityField,
  state: stateField.refine((s) => US_STATES.includes(s), 'Please enter a valid US state'),
  zipCode: zipField,
});

const RatesSchema = z.object({
  toAddress: AddressSchema,
  printSize: printSizeField,
  pageCount: z.coerce.number().int().min(1).max(MAX_PAGES),
});

type QuoteRow = { id: string; service: string; service_name: string; cost_cents: number; delivery_date: string | null; delivery_time: string | null; delivery_days: number | null; carrier: string };

/** A stored quote as the contract's JSON. */
export function presentRate(row: QuoteRow) {
  return {
    rateId: row.id,
    service: row.service,
    serviceName: row.service_name,
    carrier: row.carrier,
    cost: centsToDollars(row.cost_cents),
    deliveryDate: row.delivery_date,
    deliveryTime: row.delivery_time,
    deliveryDays: row.delivery_days,
  };
}

export function shippingRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/api/shipping-rates', async (req, res) => {
    const input = RatesSchema.parse(req.body);
    if (!ctx.shipping) throw serviceUnavailable('Shipping is not available right now.');
    const sid = await ensureSession(req, ctx.sql);
    let quotes;
    try {
      quotes = await ctx.shipping.quote(input);
    } catch (error) {
      if (error instanceof ShippingAddressError) throw badRequest(error.message);
      ctx.log.warn('shipping quote failed', { error });
      throw serviceUnavailable('Unable to calculate shipping rates. Please try again.');
    }
    if (quotes.length === 0) throw badRequest('No carrier can ship to that address. Please check it.');
    const expires = new Date(Date.now() + QUOTE_TTL_MS);
    const rows = await ctx.sql<QuoteRow[]>`
      insert into shipping_quotes ${ctx.sql(
        quotes.map((q) => ({
          session_sid: sid,
          provider: ctx.shipping!.name,
          to_address: ctx.sql.json(input.toAddress),
          print_size: input.printSize,
          page_count: input.pageCount,
          service: q.service,
          service_name: q.serviceName,
          carrier: q.carrier,
          cost_cents: q.costCents,
          delivery_days: q.deliveryDays,
          delivery_date: q.deliveryDate,
          delivery_time: q.deliveryTime,
          weight_oz: q.weightOz,
          provider_shipment_id: q.providerShipmentId ?? null,
          provider_rate_id: q.providerRateId ?? null,
          expires_at: expires,
        })),
      )}
      returning id, service, service_name, carrier, cost_cents, delivery_date, delivery_time, delivery_days`;
    rows.sort((a, b) => a.cost_cents - b.cost_cents || a.service.localeCompare(b.service));
    res.json(rows.map(presentRate));
  });
  return router;
}
