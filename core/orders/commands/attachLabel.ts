/**
 * An order's shipping label: the provider's shipment id is recorded before buying (so a crash never
 * buys twice), then the label, carrier and tracking number. The customer hears "on its way" only
 * when it is true: the order is completed and has a tracking number.
 */
import type { Env } from '#shared/env';
import type { Queryable } from '../../lib/db';
import { queueTrackingEmail } from '../../emails/status-change';
import type { OrderRow } from '../orderRow';

/** Remembers the provider's shipment before the purchase that may follow. */
export async function recordShipment(db: Queryable, input: { orderId: string; shipmentId: string }): Promise<void> {
  await db`update orders set easypost_shipment_id = ${input.shipmentId}, updated_at = now() where id = ${input.orderId}`;
}

/** Stores the bought label on the order; queues the tracking email when the order is completed. */
export async function attachLabel(
  tx: Queryable,
  env: Env,
  input: { orderId: string; labelKey: string; carrier: string; trackingNumber: string; shipmentId: string | null },
): Promise<OrderRow> {
  const [order] = await tx<OrderRow[]>`
    update orders set label_key = ${input.labelKey}, label_carrier = ${input.carrier}, tracking_number = ${input.trackingNumber},
      easypost_shipment_id = coalesce(${input.shipmentId}, easypost_shipment_id), updated_at = now()
    where id = ${input.orderId} returning *`;
  // Once per tracking number (the email's idempotency key), and only for a completed order.
  await queueTrackingEmail(tx, env, order);
  return order;
}
