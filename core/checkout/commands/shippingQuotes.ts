/**
 * The shipping quotes a session was given (the `shipping_quotes` table): checkout can only use a
 * stored one, so every quote the carrier gave is kept until it has expired and no order names it.
 */
import { randomUUID } from 'node:crypto';
import { TTL_MS } from '#shared/shop';
import type { Address } from '#shared/address';
import type { PrintSize } from '#shared/pricing';
import type { Queryable } from '../../lib/db';
import type { RateQuote } from '../../services/shipping/index';

/** How long a quote can be used at checkout. */
export const QUOTE_TTL_MS = TTL_MS.shippingQuote;

/** A stored quote as the rates answer shows it. */
export type QuoteRow = {
  id: string;
  service: string;
  service_name: string;
  cost_cents: number;
  delivery_date: string | null;
  delivery_time: string | null;
  delivery_days: number | null;
  carrier: string;
  cheapest: boolean;
};

/** Keeps every quote for the session (checkout can only use a stored one), the cheapest marked; returns them cheapest first. */
export async function storeShippingQuotes(
  db: Queryable,
  quotes: RateQuote[],
  o: { sid: string; provider: string; toAddress: Address; printSize: PrintSize; pageCount: number },
): Promise<QuoteRow[]> {
  const [rows] = await storeQuoteGroups(db, [{ quotes, toAddress: o.toAddress, printSize: o.printSize, pageCount: o.pageCount }], o);
  return rows;
}

/** One tube's quotes to one address. */
export type QuoteGroup = { quotes: RateQuote[]; toAddress: Address; printSize: PrintSize; pageCount: number };

/**
 * Keeps the quotes of several tubes (a distribution list's packages) in one statement, each group's
 * cheapest marked; returns each group's rows, cheapest first, in the groups' order.
 */
export async function storeQuoteGroups(db: Queryable, groups: readonly QuoteGroup[], o: { sid: string; provider: string }): Promise<QuoteRow[][]> {
  const expires = new Date(Date.now() + QUOTE_TTL_MS);
  const planned = groups.map((g) => {
    const cheapestCents = Math.min(...g.quotes.map((q) => q.costCents));
    const cheapestIndex = g.quotes.findIndex((q) => q.costCents === cheapestCents);
    return g.quotes.map((q, i) => ({
      id: randomUUID(),
      session_sid: o.sid,
      provider: o.provider,
      to_address: db.json(g.toAddress),
      print_size: g.printSize,
      page_count: g.pageCount,
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
      cheapest: i === cheapestIndex,
    }));
  });
  const all = planned.flat();
  if (all.length === 0) return groups.map(() => []);
  const rows = await db<QuoteRow[]>`
    insert into shipping_quotes ${db(all)}
    returning id, service, service_name, carrier, cost_cents, delivery_date, delivery_time, delivery_days, cheapest`;
  const byId = new Map(rows.map((r) => [r.id, r]));
  return planned.map((group) =>
    group
      .flatMap((q) => {
        const row = byId.get(q.id);
        return row ? [row] : [];
      })
      .sort((a, b) => Number(b.cheapest) - Number(a.cheapest) || a.cost_cents - b.cost_cents || a.service.localeCompare(b.service)),
  );
}

/** Deletes the quotes expired a day ago or more that no order (nor a recipient's package) uses. */
export async function deleteExpiredQuotes(db: Queryable): Promise<void> {
  await db`
    delete from shipping_quotes q
    where q.expires_at < now() - interval '1 day'
      and not exists (select 1 from orders o where o.shipping_quote_id = q.id)
      and not exists (select 1 from order_recipients r where r.shipping_quote_id = q.id)`;
}
