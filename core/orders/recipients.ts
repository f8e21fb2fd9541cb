/**
 * An order's recipients as they are read (docs/decisions/050-recipients.md): the stored packages
 * (`order_recipients`, written by ./commands/recipients.ts), or, for an order without recipients,
 * the one package it always was: the customer's, from the order's own columns.
 */
import type { Finishing } from '#shared/finishing';
import type { Queryable } from '../lib/db';
import { priceLinesOf, type OrderRow, type RecipientPackage } from './orderRow';

export type { RecipientPackage };

/** What is done to a package's sets after printing, and its 11" x 17" reduced sets (null finishing: none). */
export type PackageFinishing = { finishing: Finishing | null; halfFinishing: Finishing | null; reducedSets: number };

/** A package as packagesOfOrder reads it (a recipient's package carries its own finishing and reduced sets). */
export type OrderPackage = RecipientPackage;

/** The order's own finishing and reduced sets (its columns). */
function orderFinishing(row: OrderRow): PackageFinishing {
  return { finishing: row.finishing ?? null, halfFinishing: row.half_finishing ?? null, reducedSets: row.reduced_sets ?? 0 };
}

/**
 * The order's recipients as one column (`recipients`, by position; `[]` without recipients) of a
 * query over `orders o`.
 */
export const ORDER_RECIPIENTS_COLUMN = `(select coalesce(json_agg(json_build_object('id', r.id, 'position', r.position, 'name', r.name,
    'company', r.company, 'email', r.email, 'phone', r.phone, 'delivery', r.delivery, 'address', r.address, 'sets', r.sets,
    'halfSets', r.half_sets, 'finishing', r.finishing, 'halfFinishing', r.half_finishing, 'reducedSets', r.reduced_sets, 'positions', r.positions, 'sheetNumbers', r.sheet_numbers, 'selection', r.selection, 'holdsPositions', r.holds_positions, 'holdsSheetNumbers', r.holds_sheet_numbers, 'heldBeforeSheetNumbers', r.held_before_sheet_numbers, 'lines', r.price_lines,
    'subtotalCents', r.subtotal_cents, 'rushFeeCents', r.rush_fee_cents, 'shippingCostCents', r.shipping_cost_cents,
    'shippingQuoteId', r.shipping_quote_id, 'shippingService', r.shipping_service, 'taxState', r.tax_state, 'taxCents', r.tax_cents,
    'totalCents', r.total_cents, 'trackingNumber', r.tracking_number, 'labelKey', r.label_key, 'labelCarrier', r.label_carrier, 'easypostShipmentId', r.easypost_shipment_id)
    order by r.position), '[]'::json)
  from order_recipients r where r.order_id = o.id) as recipients`;

/** Reads the recipients of these orders into their `recipients`; resolves with the same rows. */
export async function withRecipients<R extends Pick<OrderRow, 'id' | 'recipients'>>(sql: Queryable, rows: R[]): Promise<R[]> {
  if (rows.length === 0) return rows;
  const found = await sql<{ id: string; recipients: RecipientPackage[] }[]>`
    select o.id, ${sql.unsafe(ORDER_RECIPIENTS_COLUMN)} from orders o where o.id = any(${rows.map((r) => r.id)}::uuid[])`;
  const byOrder = new Map(found.map((f) => [f.id, f.recipients]));
  for (const row of rows) row.recipients = byOrder.get(row.id) ?? [];
  return rows;
}

/** Whether the order was placed with a distribution list (its packages are rows of their own). */
export function hasRecipients(row: Pick<OrderRow, 'recipients'>): boolean {
  return (row.recipients?.length ?? 0) > 0;
}

/**
 * The order's packages: its recipients, or the one package to its customer (the whole printed set,
 * the order's own amounts, label and tracking). Read the recipients first (withRecipients, or
 * ORDER_RECIPIENTS_COLUMN).
 */
export function packagesOfOrder(row: OrderRow): OrderPackage[] {
  // Rows stored before recipients carried their own finishing read as none.
  if (row.recipients && row.recipients.length > 0)
    return row.recipients.map((r) => ({ ...r, finishing: r.finishing ?? null, halfFinishing: r.halfFinishing ?? null, reducedSets: r.reducedSets ?? 0 }));
  return [
    {
      id: null,
      position: 1,
      name: [row.customer_first_name, row.customer_last_name].filter(Boolean).join(' '),
      company: null,
      email: row.customer_email || null,
      phone: row.customer_phone,
      delivery: row.shipping_method,
      address: row.shipping_address,
      sets: row.sets,
      halfSets: row.half_sets ?? 0,
      positions: row.print_positions ?? Array.from({ length: row.page_count }, (_, i) => i + 1),
      sheetNumbers: [],
      selection: null,
      holdsPositions: null,
      holdsSheetNumbers: null,
      heldBeforeSheetNumbers: null,
      lines: priceLinesOf(row),
      subtotalCents: row.subtotal_cents,
      rushFeeCents: row.rush_fee_cents,
      shippingCostCents: row.shipping_cost_cents,
      shippingQuoteId: row.shipping_quote_id,
      shippingService: row.shipping_service,
      taxState: row.tax_state,
      taxCents: row.tax_cents,
      totalCents: row.total_cents,
      trackingNumber: row.tracking_number,
      labelKey: row.label_key,
      labelCarrier: row.label_carrier,
      easypostShipmentId: row.easypost_shipment_id,
      ...orderFinishing(row),
    },
  ];
}

/** One package's label of an order (its storage key), for the counter's download; null when there is no such package. */
export async function recipientLabelOf(db: Queryable, orderId: string, recipientId: string): Promise<{ labelKey: string | null; name: string } | null> {
  const [row] = await db<{ label_key: string | null; name: string }[]>`
    select label_key, name from order_recipients where order_id = ${orderId} and id = ${recipientId}`;
  return row ? { labelKey: row.label_key, name: row.name } : null;
}
