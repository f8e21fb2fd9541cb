/** What the checkout page and its parts share: the server's answer to create-payment-intent. */
import type { PriceLineJson } from '#shared/pricing';
import type { Turnaround } from '../../data/turnaround';
import type { TaxExemptionJson } from '#shared/firm';
import { shortDayText } from '#shared/clock';
import { isCalendarDay } from '#shared/holidays';

export type Amounts = {
  subtotal: number;
  rushFee: number;
  shippingCost: number;
  tax: number;
  total: number;
  /** The one per-sheet price, or null when the sheets are in both inks. */
  pricePerPage: number | null;
  /** The prints as charged; absent only from an older server. */
  lines?: PriceLineJson[];
  sets?: number;
  taxState: string | null;
  taxRate: string;
  /** The cheapest shipping service was made free by the subtotal. */
  freeShipping?: boolean;
  /** With a distribution list: each recipient's package. */
  recipients?: PackageAmounts[];
  /** The firm's certificate that made the tax $0.00 ("Tax exempt — NJ ST-5 #…"), or null. */
  taxExemption?: TaxExemptionJson | null;
};

/** One recipient's package as the server priced it (a distribution list). */
export type PackageAmounts = {
  name: string;
  company?: string | null;
  delivery: 'pickup' | 'shipping';
  sets?: number;
  halfSets?: number;
  reducedSets?: number;
  /** The prints and their finishing, before shipping and tax. */
  subtotal?: number;
  sheetNumbers: string[];
  sheetCount: number;
  shippingCost: number;
  shippingService: string | null;
  freeShipping: boolean;
  taxState: string | null;
  tax: number;
  total: number;
};

/**
 * The server's answer to create-payment-intent. A member's card order over the firm's approval
 * limit has no intent (`clientSecret` null) and says whose yes it needs (`approvalRequired`); once
 * sent for approval its `paymentStatus` is `awaiting_approval`.
 */
export type IntentAnswer = {
  orderId: string;
  clientSecret: string | null;
  provider: 'stripe' | 'demo';
  amounts: Amounts;
  approvalRequired?: { waitsFor: string } | null;
  paymentStatus?: string;
  /** Both promises for the order as the server priced it (every recipient's package counted), as GET /api/turnaround answers. */
  turnaround?: Turnaround;
};

export type ShippingRate = {
  rateId: string;
  service: string;
  serviceName: string;
  cost: number;
  /** Free because the subtotal reaches $100 (the cheapest service only); `regularCost` is the carrier's price. */
  free?: boolean;
  regularCost?: number;
  deliveryDate: string | null;
  deliveryTime: string | null;
  /** The cheaper service that arrives the same day or sooner (shared/shippingRates.ts), or null. */
  noFasterThan?: string | null;
};

export type Address = { street1: string; street2: string; city: string; state: string; zipCode: string };

/** What a card form does when the customer pays: resolves with the provider's outcome. */
/** `changed`: the server's total is not the one on the Pay button, so nothing was charged. */
export type ConfirmOutcome = { status: 'succeeded' } | { status: 'failed'; message: string } | { status: 'other' } | { status: 'changed'; total: number };
export type ConfirmPayment = () => Promise<ConfirmOutcome>;

/** "2026-11-25" → "Wed, Nov 25", worded by the shop clock; anything else is shown as it came. */
export function formatDeliveryDate(date: string | null): string | null {
  if (!date) return null;
  return isCalendarDay(date) ? shortDayText(date) : date;
}
