/**
 * The packages an order is produced as: one per recipient, each a unit of production with its own
 * batches and banners. Until orders carry recipients of their own, the whole order is one package
 * for its customer; this is the one place that will read them.
 */
import type { OrderRow } from '../orders/orderRow';

/** One recipient's package: who it is for and how many full and half-size sets it holds. */
export type ProductionPackage = {
  /** Stable within the order: the batches' key. */
  recipientKey: string;
  /** The recipient's row, or null for the order's customer. */
  recipientId: string | null;
  name: string;
  sets: number;
  halfSets: number;
};

/** The order's packages: today its customer's, with every set. */
export function packagesOf(order: Pick<OrderRow, 'customer_first_name' | 'customer_last_name' | 'customer_email' | 'sets' | 'half_sets'>): ProductionPackage[] {
  const name = `${order.customer_first_name} ${order.customer_last_name}`.trim() || order.customer_email;
  return [{ recipientKey: 'customer', recipientId: null, name, sets: order.sets, halfSets: order.half_sets ?? 0 }];
}
