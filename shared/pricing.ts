/**
 * The price table, the rush fee and sales tax: the single source of every amount the shop charges.
 * All amounts are integer cents; tax is rounded half up once, on subtotal + rush + shipping.
 */
import { centsToDollars, mulDivRoundHalfUp } from './money';

export const PRINT_SIZES = ['24x36', '30x42'] as const;
export type PrintSize = (typeof PRINT_SIZES)[number];
/** The two inks a sheet is printed in: the columns of the price table. */
export const PRINT_TYPES = ['bw', 'color'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];
/**
 * What a customer orders: every sheet B&W, every sheet color, or `auto`: color only on the sheets
 * that need it (the detected color sheets, or the sheet numbers the customer chose).
 */
export const ORDER_PRINT_TYPES = ['bw', 'color', 'auto'] as const;
export type OrderPrintType = (typeof ORDER_PRINT_TYPES)[number];

/** Complete copies of the set in one order. */
export const MIN_SETS = 1;
export const MAX_SETS = 100;

/** Per-page prices in cents, from spec point 9. */
export const PRICE_PER_PAGE_CENTS: Record<PrintSize, Record<PrintType, number>> = {
  '24x36': { bw: 599, color: 1499 },
  '30x42': { bw: 699, color: 1799 },
};

/** Rush is a flat fee per order. */
export const RUSH_FEE_CENTS = 2000;

/** Orders whose subtotal is at least this ship free with the cheapest service. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;

/** Labels a person reads. */
export const PRINT_SIZE_LABELS: Record<PrintSize, string> = { '24x36': '24" x 36"', '30x42': '30" x 42"' };
export const PRINT_TYPE_LABELS: Record<OrderPrintType, string> = { bw: 'Black & White', color: 'Color', auto: 'Color only where needed' };
/** How a line of the price names an ink, after the size: `24" x 36" black and white`. */
export const INK_LINE_LABELS: Record<PrintType, string> = { bw: 'black and white', color: 'color' };

/**
 * State sales tax in thousandths of a percent (6.63% → 6630), so rates such as MN's 6.875% stay exact.
 * Base state rates; NJ is 6.63% and NY 8% as the shop has always charged them.
 */
export const STATE_TAX_MILLIPERCENT: Record<string, number> = {
  AL: 4000,
  AK: 0,
  AZ: 5600,
  AR: 6500,
  CA: 7250,
  CO: 2900,
  CT: 6350,
  DE: 0,
  DC: 6000,
  FL: 6000,
  GA: 4000,
  HI: 4000,
  ID: 6000,
  IL: 6250,
  IN: 7000,
  IA: 6000,
  KS: 6500,
  KY: 6000,
  LA: 5000,
  ME: 5500,
  MD: 6000,
  MA: 6250,
  MI: 6000,
  MN: 6875,
  MS: 7000,
  MO: 4225,
  MT: 0,
  NE: 5500,
  NV: 6850,
  NH: 0,
  NJ: 6630,
  NM: 4875,
  NY: 8000,
  NC: 4750,
  ND: 5000,
  OH: 5750,
  OK: 4500,
  OR: 0,
  PA: 6000,
  RI: 7000,
  SC: 6000,
  SD: 4200,
  TN: 7000,
  TX: 6250,
  UT: 6100,
  VT: 6000,
  VA: 5300,
  WA: 6500,
  WV: 6000,
  WI: 5000,
  WY: 4000,
};

/** Every state code the shop ships to (50 states and DC). */
export const US_STATES = Object.keys(STATE_TAX_MILLIPERCENT).sort();

/**
 * The state whose sales tax an order pays: the shop's (shopFacts(env).state, SHOP_STATE) for pickup,
 * the destination's for shipping.
 */
export function taxStateOf(shippingMethod: 'pickup' | 'shipping', destinationState: string | null | undefined, shopState: string): string {
  return (shippingMethod === 'pickup' ? shopState : (destinationState ?? '')).trim().toUpperCase();
}

/** A state's sales tax rate; an unknown state is 0. */
export function taxRateMillipercent(taxState: string): number {
  return STATE_TAX_MILLIPERCENT[taxState.trim().toUpperCase()] ?? 0;
}

/** "6.63%" / "8%" / "6.875%". */
export function formatTaxRate(millipercent: number): string {
  return `${Number((millipercent / 1000).toFixed(3))}%`;
}

/** One line of a price: `quantity` prints at `unitPriceCents`, `amountCents` = quantity × unit price. */
export type PriceLine = { description: string; ink: PrintType; quantity: number; unitPriceCents: number; amountCents: number };

export type SheetsInput = {
  pageCount: number;
  printSize: PrintSize;
  printType: OrderPrintType;
  /** Complete copies of the set; 1 when absent. */
  sets?: number;
  /** With `auto`: how many sheets of the set print in color (0..pageCount). Ignored otherwise. */
  colorSheetCount?: number;
};

export type SheetsPrice = {
  sets: number;
  bwSheetCount: number;
  colorSheetCount: number;
  /** The one per-sheet price when every sheet is one ink, else null. */
  pricePerPageCents: number | null;
  lines: PriceLine[];
  subtotalCents: number;
};

/**
 * Prices the prints alone: sets × (B&W sheets × B&W price + color sheets × color price), one line per
 * ink that is printed, the lines adding up to the subtotal.
 */
export function priceSheets(input: SheetsInput): SheetsPrice {
  const { pageCount, printSize, printType } = input;
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new RangeError('pageCount must be a positive integer');
  const sets = input.sets ?? 1;
  if (!Number.isInteger(sets) || sets < MIN_SETS || sets > MAX_SETS) throw new RangeError(`sets must be an integer from ${MIN_SETS} to ${MAX_SETS}`);
  const colorSheetCount = printType === 'bw' ? 0 : printType === 'color' ? pageCount : (input.colorSheetCount ?? 0);
  if (!Number.isInteger(colorSheetCount) || colorSheetCount < 0 || colorSheetCount > pageCount)
    throw new RangeError('colorSheetCount must be from 0 to pageCount');
  const bwSheetCount = pageCount - colorSheetCount;
  const lines: PriceLine[] = [];
  for (const [ink, count] of [
    ['bw', bwSheetCount],
    ['color', colorSheetCount],
  ] as const) {
    if (count === 0) continue;
    const unitPriceCents = PRICE_PER_PAGE_CENTS[printSize][ink];
    const quantity = sets * count;
    lines.push({
      description: `${PRINT_SIZE_LABELS[printSize]} ${INK_LINE_LABELS[ink]}`,
      ink,
      quantity,
      unitPriceCents,
      amountCents: quantity * unitPriceCents,
    });
  }
  const pricePerPageCents = lines.length === 1 ? lines[0].unitPriceCents : null;
  return { sets, bwSheetCount, colorSheetCount, pricePerPageCents, lines, subtotalCents: lines.reduce((sum, l) => sum + l.amountCents, 0) };
}

/** A price line as JSON: dollars with two decimals. */
export type PriceLineJson = { description: string; quantity: number; unitPrice: number; amount: number };

/** The lines as the API and the screens show them. */
export function linesToJson(lines: readonly PriceLine[]): PriceLineJson[] {
  return lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: centsToDollars(l.unitPriceCents),
    amount: centsToDollars(l.amountCents),
  }));
}

export type PriceInput = SheetsInput & {
  rushOrder: boolean;
  shippingMethod: 'pickup' | 'shipping';
  /** Quoted shipping cost in cents; ignored for pickup. */
  shippingCostCents?: number;
  /**
   * The quoted service is the cheapest of its quote: it ships free when the subtotal reaches
   * FREE_SHIPPING_THRESHOLD_CENTS. Other services are charged in full.
   */
  cheapestShipping?: boolean;
  /** Destination state, for shipping. */
  state?: string | null;
  /** The shop's state (shopFacts(env).state): pickup orders are taxed there. */
  shopState: string;
};

export type PriceBreakdown = SheetsPrice & {
  rushFeeCents: number;
  shippingCostCents: number;
  /** The cheapest service was made free by the subtotal. */
  freeShipping: boolean;
  taxRateMillipercent: number;
  taxState: string;
  taxCents: number;
  totalCents: number;
};

/** Prices an order: total = subtotal + rush + shipping + tax, tax on (subtotal + rush + shipping). */
export function priceOrder(input: PriceInput): PriceBreakdown {
  const sheets = priceSheets(input);
  const { subtotalCents } = sheets;
  const rushFeeCents = input.rushOrder ? RUSH_FEE_CENTS : 0;
  const freeShipping = input.shippingMethod === 'shipping' && input.cheapestShipping === true && qualifiesForFreeShipping(subtotalCents);
  const shippingCostCents = input.shippingMethod === 'pickup' || freeShipping ? 0 : Math.max(0, input.shippingCostCents ?? 0);
  const taxState = taxStateOf(input.shippingMethod, input.state, input.shopState);
  const rate = taxRateMillipercent(taxState);
  const taxable = subtotalCents + rushFeeCents + shippingCostCents;
  const taxCents = mulDivRoundHalfUp(taxable, rate, 100_000);
  return {
    ...sheets,
    rushFeeCents,
    shippingCostCents,
    freeShipping,
    taxRateMillipercent: rate,
    taxState,
    taxCents,
    totalCents: taxable + taxCents,
  };
}

/** Whether a subtotal (cents, before rush, shipping and tax) earns free shipping. */
export function qualifiesForFreeShipping(subtotalCents: number): boolean {
  return subtotalCents >= FREE_SHIPPING_THRESHOLD_CENTS;
}

/**
 * The subtotal of `sets` copies of a drawing (prints only, before rush, shipping and tax), so shipping
 * rates and checkout decide free shipping on the same number.
 */
export function orderSubtotalCents(input: SheetsInput): number {
  return priceSheets(input).subtotalCents;
}
