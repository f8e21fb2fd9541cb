/**
 * Shipping rates behind one interface: EasyPost when EASYPOST_API_KEY is set, otherwise a built-in
 * table by zone from Paramus, NJ 07652. Routes store every quote in `shipping_quotes`
 * (with `provider_shipment_id` / `provider_rate_id` for EasyPost), so buying a label later uses
 * exactly the quote the customer paid for.
 */
import type { Env } from '../../../../../shared/env';
import type { PrintSize } from '../../../../../shared/pricing';
import { TableShipping } from './table';

export type Address = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

/** What a quote request needs: the destination and what goes in the tube. */
export type QuoteRequest = { toAddress: Address; printSize: PrintSize; pageCount: number };

/** One rate, in cents, before it is stored. */
export type RateQuote = {
  carrier: string;
  service: string;
  serviceName: string;
  costCents: number;
  deliveryDays: number | null;
  /** ISO date (YYYY-MM-DD) of the expected delivery, when known. */
  deliveryDate: string | null;
  /** A short promise a person reads, e.g. "by end of day". */
  deliveryTime: string | null;
  weightOz: number;
  providerShipmentId?: string | null;
  providerRateId?: string | null;
};

export interface ShippingProvider {
  readonly name: 'easypost' | 'table';
  /** Rates for one tube to `toAddress`, cheapest first. Throws ShippingAddressError for a bad address. */
  quote(request: QuoteRequest, now?: Date): Promise<RateQuote[]>;
}

/** The address cannot be shipped to; the message is for the customer (→ 400). */
export class ShippingAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ShippingAddressError';
  }
}

/** Where parcels leave from. */
export const SHIP_FROM = {
  company: 'Blueprint Shop',
  street1: '100 Route 17 North',
  city: 'Paramus',
  state: 'NJ',
  zip: '07652',
  country: 'US',
  phone: '2015550142',
} as const;

/** Tubes: 3x3x24 for 24x36 prints, 3x3x30 for 30x42. */
export const TUBES: Record<PrintSize, { length: number; width: number; height: number; emptyOz: number }> = {
  '24x36': { length: 24, width: 3, height: 3, emptyOz: 9 },
  '30x42': { length: 30, width: 3, height: 3, emptyOz: 11 },
};

/**
 * Ounces per sheet of 20 lb bond (75 g/m²): 24x36 is 6 sq ft ≈ 41.8 g ≈ 1.47 oz; 30x42 is 8.75 sq ft
 * ≈ 61 g ≈ 2.15 oz.
 */
export const SHEET_OZ: Record<PrintSize, number> = { '24x36': 1.47, '30x42': 2.15 };

/** Weight of the packed tube in ounces, rounded up to a tenth. */
export function tubeWeightOz(printSize: PrintSize, pageCount: number): number {
  return Math.ceil((TUBES[printSize].emptyOz + SHEET_OZ[printSize] * pageCount) * 10) / 10;
}

/** Picks the shipping adapter from the environment; the EasyPost SDK is loaded only when it is chosen. */
export async function createShipping(env: Env): Promise<ShippingProvider> {
  if (env.EASYPOST_API_KEY) {
    const { EasyPostShipping } = await import('./easypost');
    return new EasyPostShipping(env.EASYPOST_API_KEY, env.EASYPOST_BASE_URL);
  }
  return new TableShipping();
}
