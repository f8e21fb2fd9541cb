/**
 * The packages an order is produced as: one per recipient of a distribution list, each a unit of
 * production with its own batches and banners; an order without recipients is one package for its
 * customer. Recipients are read through the orders' one reader (packagesOfOrder).
 */
import { NO_FINISHING, type Finishing } from '#shared/finishing';
import type { OrderRow } from '../orders/orderRow';
import { packagesOfOrder } from '../orders/recipients';

/**
 * One recipient's package: who it is for, how many full, half-size and reduced sets, their finishing,
 * and which sheets. Production reads sets, finishing and reduced sets only from here.
 */
export type ProductionPackage = {
  /** Stable within the order: the batches' key. */
  recipientKey: string;
  /** The recipient's row, or null for the order's customer. */
  recipientId: string | null;
  name: string;
  sets: number;
  halfSets: number;
  /** 11" x 17" reduced sets (every sheet fit to the paper, not to scale). */
  reducedSets: number;
  /** What is done after printing to the full-size sets and to the half-size sets (none: NO_FINISHING). */
  finishing: Finishing;
  halfFinishing: Finishing;
  /** The set positions (1..N) this package holds. */
  positions: readonly number[];
};

/** The order's packages (its recipients must be loaded, as withOrderFiles does). */
export function packagesOf(order: OrderRow): ProductionPackage[] {
  return packagesOfOrder(order).map((p) => ({
    recipientKey: p.id ?? 'customer',
    recipientId: p.id,
    name: (p.company ? `${p.name}, ${p.company}` : p.name).trim() || order.customer_email,
    sets: p.sets,
    halfSets: p.halfSets,
    reducedSets: p.reducedSets,
    finishing: p.finishing ?? NO_FINISHING,
    halfFinishing: p.halfFinishing ?? NO_FINISHING,
    positions: p.positions,
  }));
}
