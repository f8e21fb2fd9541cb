/**
 * Shipping rates behind one interface: EasyPost when EASYPOST_API_KEY is set, otherwise a built-in
 * table by zone from Paramus, NJ 07652. The checkout issue implements both.
 */
import type { Env } from '../../../../shared/env';

export type Address = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

export interface ShippingProvider {
  readonly name: 'easypost' | 'table';
}

/** Picks the shipping adapter from the environment. Replaced by the checkout issue. */
export function createShipping(_env: Env): ShippingProvider | null {
  return null;
}
