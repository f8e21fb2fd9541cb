/**
 * Shipping labels behind one interface: EasyPost (buy the rate the customer chose) when
 * EASYPOST_API_KEY is set, otherwise a 4x6 PDF label drawn locally. `generateLabel` is the one
 * idempotent entry point used by the admin route and the `orders__buy_label` task.
 */
import type { Env } from '#shared/env';
import { shopFacts } from '#shared/shop';
import type { AppContext } from '../../context';
import type { OrderRow } from '../../orders/orderRow';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { orderNumberOf } from '#shared/fields';
import { attachLabel, recordShipment } from '../../orders/commands/attachLabel';
import { isPrintable } from '../../orders/commands/transitions';
import { labelKeyOf, recipientLabelKeyOf } from '../storage/keys';
import type { Queryable } from '../../lib/db';
import { hasRecipients, withRecipients } from '../../orders/recipients';
import { attachRecipientLabel, recordRecipientShipment } from '../../orders/commands/recipients';
import { BuiltinLabels, builtinTrackingNumber } from './builtin';
import { queueRecipientEmails } from '../../emails/recipients';
import type { LabelProvider, QuoteRow } from './types';

export * from './types';

/** Picks the label adapter from the environment; the EasyPost SDK is loaded only when it is chosen. */
export async function createLabels(env: Env): Promise<LabelProvider> {
  if (env.EASYPOST_API_KEY) {
    const { EasyPostLabels } = await import('./easypost');
    return new EasyPostLabels(env.EASYPOST_API_KEY, env.EASYPOST_BASE_URL, shopFacts(env));
  }
  return new BuiltinLabels(shopFacts(env));
}

let cached: { env: Env; provider: Promise<LabelProvider> } | null = null;
/** One provider per environment (built once, on first use, and reused by every request and job). */
export function labelsFor(env: Env): Promise<LabelProvider> {
  if (cached?.env !== env) cached = { env, provider: createLabels(env) };
  return cached.provider;
}

/**
 * Makes sure the order has a label in storage and a tracking number, and returns the order row.
 * Orders are locked one at a time (advisory lock per order) so two clicks or a click and a job
 * cannot race to buy.
 */
export async function generateLabel(ctx: AppContext, orderId: string, chosen?: LabelProvider): Promise<OrderRow> {
  const provider = chosen ?? (await labelsFor(ctx.env));
  return ctx.sql.begin(async (tx) => {
    await tx`select pg_advisory_xact_lock(hashtext(${'label:' + orderId}))`;
    const [order] = await tx<OrderRow[]>`select * from orders where id = ${orderId}`;
    if (!order) throw notFound('Order not found.');
    if (order.shipping_method !== 'shipping') throw badRequest('Pickup orders do not need a shipping label.');
    if (!isPrintable(order)) {
      throw conflict(
        order.payment_status === 'unpaid'
          ? `Order ${orderNumberOf(order.id)} is not paid yet: no label can be bought for it.`
          : `Order ${orderNumberOf(order.id)} was refunded: no label can be bought for it.`,
      );
    }
    await withRecipients(tx, [order]);
    if (hasRecipients(order)) return packageLabels(ctx, tx, provider, order);
    if (!order.shipping_address) throw badRequest('This order has no shipping address.');
    const [quote] = order.shipping_quote_id
      ? await tx<
          QuoteRow[]
        >`select id, provider, service, service_name, carrier, weight_oz, provider_shipment_id, provider_rate_id from shipping_quotes where id = ${order.shipping_quote_id}`
      : [];
    const saveShipmentId = async (id: string) => {
      // Outside the transaction: it must survive a crash during the purchase that follows.
      await recordShipment(ctx.sql, { orderId, shipmentId: id });
      order.easypost_shipment_id = id;
    };
    const result = await provider.label(order, quote ?? null, saveShipmentId);
    const key = labelKeyOf(orderId);
    await ctx.storage.put(key, result.pdf, { contentType: 'application/pdf' });
    return attachLabel(tx, ctx.env, {
      orderId,
      labelKey: key,
      carrier: result.carrier,
      trackingNumber: result.trackingNumber,
      shipmentId: order.easypost_shipment_id,
    });
  });
}

/** A stored quote as a label reads it. */
async function quoteOf(tx: Queryable, id: string | null): Promise<QuoteRow | null> {
  if (!id) return null;
  const [quote] = await tx<QuoteRow[]>`
    select id, provider, service, service_name, carrier, weight_oz, provider_shipment_id, provider_rate_id from shipping_quotes where id = ${id}`;
  return quote ?? null;
}

/**
 * An order with recipients: one label per shipping package, each from its own quote, to its own
 * address, with its own tracking number; a package already labelled keeps its label. The order's
 * own label and tracking number are the first package's (what the order's screens and the
 * customer's "on its way" read). Returns the order row with its recipients.
 */
async function packageLabels(ctx: AppContext, tx: Queryable, provider: LabelProvider, order: OrderRow): Promise<OrderRow> {
  const shipped = (order.recipients ?? []).filter((p) => p.delivery === 'shipping');
  for (const p of shipped) {
    if (p.labelKey || !p.id || !p.address) continue;
    const recipientId = p.id;
    // The package as the label and the carrier read an order: its recipient, address and tube.
    const parcel: OrderRow = {
      ...order,
      customer_first_name: p.company ? `${p.name}, ${p.company}` : p.name,
      customer_last_name: '',
      customer_phone: p.phone ?? order.customer_phone,
      customer_email: p.email ?? order.customer_email,
      shipping_address: p.address,
      page_count: p.positions.length,
      sets: Math.max(1, p.sets),
      shipping_service: p.shippingService,
      shipping_quote_id: p.shippingQuoteId,
      // The built-in label numbers each package of its own; a carrier's comes back with the purchase.
      tracking_number: p.trackingNumber ?? (provider.name === 'builtin' ? builtinTrackingNumber(recipientId) : null),
      easypost_shipment_id: p.easypostShipmentId,
    };
    const result = await provider.label(parcel, await quoteOf(tx, p.shippingQuoteId), async (id) => {
      // Outside the transaction: it must survive a crash during the purchase that follows.
      await recordRecipientShipment(ctx.sql, { recipientId, shipmentId: id });
    });
    const key = recipientLabelKeyOf(order.id, recipientId);
    await ctx.storage.put(key, result.pdf, { contentType: 'application/pdf' });
    await attachRecipientLabel(tx, { recipientId, labelKey: key, carrier: result.carrier, trackingNumber: result.trackingNumber });
    Object.assign(p, { labelKey: key, labelCarrier: result.carrier, trackingNumber: result.trackingNumber });
  }
  // The order ships (checked by the caller), so at least one package does.
  const [first] = shipped;
  if (!first?.labelKey || !first.trackingNumber) throw new Error('the first package has no label after buying');
  const updated = await attachLabel(tx, ctx.env, {
    orderId: order.id,
    labelKey: first.labelKey,
    carrier: first.labelCarrier ?? 'carrier',
    trackingNumber: first.trackingNumber,
    shipmentId: null,
  });
  const labelled = Object.assign(updated, { recipients: order.recipients });
  // A package whose label is bought after the order was completed: its recipient hears now.
  await queueRecipientEmails(tx, ctx.env, labelled);
  return labelled;
}
