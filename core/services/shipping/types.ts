/** The shipping interface and its types; adapters implement it, index.ts picks one. */
import type { PrintSize } from '#shared/pricing';

export type Address = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

/** What a quote request needs: the destination and what goes in the tube. */
export type QuoteRequest = {
  toAddress: Address;
  printSize: PrintSize;
  pageCount: number;
  /** The day the tube leaves (YYYY-MM-DD in the shop's zone), from the shop clock; default: a regular order paid now. */
  shipDay?: string;
};

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
