/**
 * An order's recipients (`order_recipients`, docs/decisions/050-recipients.md): one row per package,
 * written with the order that places or re-prices them, and each package's label once bought. An
 * order without recipients has no rows: it is one package to its customer, kept on the order itself.
 */
import type { Queryable } from '../../lib/db';
import type { Address } from '#shared/address';
import type { Finishing } from '#shared/finishing';
import type { PriceLine } from '#shared/pricing';

/** One recipient's package as checkout priced it (amounts in cents). */
export type RecipientFields = {
  position: number;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  delivery: 'pickup' | 'shipping';
  address: Address | null;
  sets: number;
  halfSets: number;
  /** Their 11" x 17" reduced sets and the finishing of their full-size and half-size sets. */
  reducedSets: number;
  finishing: Finishing;
  halfFinishing: Finishing;
  positions: number[];
  sheetNumbers: string[];
  /** The selection as sent (`["S"]`), null for the whole set. */
  selection: (string | number)[] | null;
  /** What they hold of the set after this order, when not just `positions` (a holder reached by a reprint). */
  holdsPositions: number[] | null;
  holdsSheetNumbers: string[] | null;
  heldBeforeSheetNumbers: string[] | null;
  lines: PriceLine[];
  subtotalCents: number;
  rushFeeCents: number;
  shippingCostCents: number;
  shippingQuoteId: string | null;
  shippingService: string | null;
  freeShipping: boolean;
  taxState: string | null;
  taxRateMillipercent: number;
  taxCents: number;
  totalCents: number;
};

/** Inserts the order's recipients; run it in the transaction that places the order. */
export async function insertRecipients(tx: Queryable, orderId: string, recipients: readonly RecipientFields[]): Promise<void> {
  if (recipients.length === 0) return;
  await tx`
    insert into order_recipients ${tx(
      recipients.map((r) => ({
        order_id: orderId,
        position: r.position,
        name: r.name,
        company: r.company,
        email: r.email,
        phone: r.phone,
        delivery: r.delivery,
        address: r.address ? tx.json(r.address) : null,
        sets: r.sets,
        half_sets: r.halfSets,
        reduced_sets: r.reducedSets,
        finishing: tx.json(r.finishing),
        half_finishing: tx.json(r.halfFinishing),
        positions: r.positions,
        sheet_numbers: r.sheetNumbers,
        selection: r.selection ? tx.json(r.selection) : null,
        holds_positions: r.holdsPositions,
        holds_sheet_numbers: r.holdsSheetNumbers,
        held_before_sheet_numbers: r.heldBeforeSheetNumbers,
        price_lines: tx.json(r.lines),
        subtotal_cents: r.subtotalCents,
        rush_fee_cents: r.rushFeeCents,
        shipping_cost_cents: r.shippingCostCents,
        shipping_quote_id: r.shippingQuoteId,
        shipping_service: r.shippingService,
        free_shipping: r.freeShipping,
        tax_state: r.taxState,
        tax_rate_millipercent: r.taxRateMillipercent,
        tax_cents: r.taxCents,
        total_cents: r.totalCents,
      })),
    )}`;
}

/** A re-priced unpaid order's recipients: the new list replaces the old (the caller holds the order's lock). */
export async function replaceRecipients(tx: Queryable, orderId: string, recipients: readonly RecipientFields[]): Promise<void> {
  await tx`delete from order_recipients where order_id = ${orderId}`;
  await insertRecipients(tx, orderId, recipients);
}

/** A shipping package's label, once bought: its own tracking number. */
export async function attachRecipientLabel(
  tx: Queryable,
  input: { recipientId: string; labelKey: string; carrier: string; trackingNumber: string },
): Promise<void> {
  await tx`
    update order_recipients set label_key = ${input.labelKey}, label_carrier = ${input.carrier}, tracking_number = ${input.trackingNumber}
    where id = ${input.recipientId}`;
}

/** Remembers a package's carrier shipment before the purchase that may follow (outside the label's transaction). */
export async function recordRecipientShipment(db: Queryable, input: { recipientId: string; shipmentId: string }): Promise<void> {
  await db`update order_recipients set easypost_shipment_id = ${input.shipmentId} where id = ${input.recipientId}`;
}
