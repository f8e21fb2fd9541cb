/**
 * The price table, the rush fee and sales tax: the single source of every amount the shop charges.
 * All amounts are integer cents; tax is rounded half up once, on subtotal + rush + shipping.
 */
import { centsToDollars, mulDivRoundHalfUp } from './money';
import { finishingLines, NO_FINISHING, REDUCED_PAPER, REDUCED_PRICE_PER_PAGE_CENTS, type Finishing } from './finishing';

export const PRINT_SIZES = ['24x36', '30x42'] as const;
export type PrintSize = (typeof PRINT_SIZES)[number];
/**
 * What a customer orders: `asDrawn` prints each sheet at 100% on the smaller paper it fits (shared/sheets.ts,
 * paperFor); a paper size puts every sheet on that paper, enlarged or reduced to fit.
 */
export const ORDER_PRINT_SIZES = ['asDrawn', ...PRINT_SIZES] as const;
export type OrderPrintSize = (typeof ORDER_PRINT_SIZES)[number];
/** The two inks a sheet is printed in: the columns of the price table. */
export const PRINT_TYPES = ['bw', 'color'] as const;
export type PrintType = (typeof PRINT_TYPES)[number];
/**
 * What a customer orders: every sheet B&W, every sheet color, or `auto`: color only on the sheets
 * that need it (the detected color sheets, or the sheet numbers the customer chose).
 */
export const ORDER_PRINT_TYPES = ['bw', 'color', 'auto'] as const;
export type OrderPrintType = (typeof ORDER_PRINT_TYPES)[number];

/** Complete copies of the set in one order, full size and half size; together at least MIN_TOTAL_SETS. */
export const MIN_SETS = 0;
export const MAX_SETS = 100;
export const MIN_TOTAL_SETS = 1;

/** Per-page prices in cents, from spec point 9. */
export const PRICE_PER_PAGE_CENTS: Record<PrintSize, Record<PrintType, number>> = {
  '24x36': { bw: 599, color: 1499 },
  '30x42': { bw: 699, color: 1799 },
};

/** Half-size sets: every sheet at exactly 50% on half its paper. */
export const HALF_PAPERS: Record<PrintSize, { shortIn: number; longIn: number; label: string }> = {
  '24x36': { shortIn: 12, longIn: 18, label: '12" x 18"' },
  '30x42': { shortIn: 15, longIn: 21, label: '15" x 21"' },
};

/** Per-page prices of half-size sheets in cents, by the full paper they are half of. */
export const HALF_PRICE_PER_PAGE_CENTS: Record<PrintSize, Record<PrintType, number>> = {
  '24x36': { bw: 149, color: 399 },
  '30x42': { bw: 199, color: 499 },
};

/** Rush is a flat fee per order. */
export const RUSH_FEE_CENTS = 2000;

/** Orders whose subtotal is at least this ship free with the cheapest service. */
export const FREE_SHIPPING_THRESHOLD_CENTS = 10_000;

/** Labels a person reads. */
export const PRINT_SIZE_LABELS: Record<PrintSize, string> = { '24x36': '24" x 36"', '30x42': '30" x 42"' };
export const ORDER_PRINT_SIZE_LABELS: Record<OrderPrintSize, string> = { asDrawn: 'As drawn (100%)', ...PRINT_SIZE_LABELS };
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

/**
 * One line of a price: `quantity` prints (or finishing steps) at `unitPriceCents`, `amountCents` =
 * quantity × unit price. `ink` is null on a finishing line (folding, binding, holes).
 */
export type PriceLine = { description: string; ink: PrintType | null; quantity: number; unitPriceCents: number; amountCents: number };

export type SheetsInput = {
  pageCount: number;
  /** A paper puts every sheet on it; `asDrawn` needs `papers`. */
  printSize: OrderPrintSize;
  printType: OrderPrintType;
  /** Full-size copies of the set; 1 when absent. */
  sets?: number;
  /** Half-size copies of the set; 0 when absent. */
  halfSets?: number;
  /** 11" x 17" reduced copies of the set (./finishing.ts); 0 when absent. They take no finishing. */
  reducedSets?: number;
  /** Finishing of the full-size and of the half-size sets (./finishing.ts); none when absent. */
  finishing?: Finishing;
  halfFinishing?: Finishing;
  /** Each sheet's own paper in page order (shared/sheets.ts, papersOf); required with `asDrawn`. */
  papers?: readonly PrintSize[];
  /** With `auto`: the sheet numbers printed in color. Needed when the sheets are on more than one paper. */
  colorSheets?: readonly number[];
  /** With `auto` and no `colorSheets`: how many sheets of the set print in color (0..pageCount). Ignored otherwise. */
  colorSheetCount?: number;
};

export type SheetsPrice = {
  sets: number;
  halfSets: number;
  reducedSets: number;
  bwSheetCount: number;
  colorSheetCount: number;
  /** The one per-sheet price when every sheet is one ink, one paper and one scale, else null. */
  pricePerPageCents: number | null;
  lines: PriceLine[];
  subtotalCents: number;
};

const setsRange = (name: string, n: number) => {
  if (!Number.isInteger(n) || n < MIN_SETS || n > MAX_SETS) throw new RangeError(`${name} must be an integer from ${MIN_SETS} to ${MAX_SETS}`);
};

/** The paper each sheet of the order prints on, in page order. */
export function orderPapers(pageCount: number, printSize: OrderPrintSize, papers?: readonly PrintSize[]): PrintSize[] {
  if (printSize !== 'asDrawn') return Array.from({ length: pageCount }, () => printSize);
  if (!papers || papers.length !== pageCount) throw new RangeError("asDrawn needs each sheet's paper");
  return [...papers];
}

/**
 * Prices the prints alone: for each set, every sheet on its paper in its ink (full size), and every
 * sheet on half its paper for each half-size set. One line per paper, scale and ink that is printed,
 * the lines adding up to the subtotal.
 */
export function priceSheets(input: SheetsInput): SheetsPrice {
  const { pageCount, printType } = input;
  if (!Number.isInteger(pageCount) || pageCount < 1) throw new RangeError('pageCount must be a positive integer');
  const sets = input.sets ?? 1;
  const halfSets = input.halfSets ?? 0;
  const reducedSets = input.reducedSets ?? 0;
  setsRange('sets', sets);
  setsRange('halfSets', halfSets);
  setsRange('reducedSets', reducedSets);
  if (sets + halfSets + reducedSets < MIN_TOTAL_SETS) throw new RangeError('at least one set, full size, half size or reduced');
  const papers = orderPapers(pageCount, input.printSize, input.papers);
  const isColor = sheetInks(pageCount, papers, printType, input.colorSheets, input.colorSheetCount);
  const colorSheetCount = isColor.filter(Boolean).length;
  const bwSheetCount = pageCount - colorSheetCount;
  const lines: PriceLine[] = [];
  for (const half of [false, true]) {
    const copies = half ? halfSets : sets;
    if (copies === 0) continue;
    for (const paper of PRINT_SIZES) {
      for (const ink of PRINT_TYPES) {
        const count = papers.filter((p, i) => p === paper && isColor[i] === (ink === 'color')).length;
        if (count === 0) continue;
        const unitPriceCents = (half ? HALF_PRICE_PER_PAGE_CENTS : PRICE_PER_PAGE_CENTS)[paper][ink];
        const quantity = copies * count;
        lines.push({
          description: half ? `${HALF_PAPERS[paper].label} half-size ${INK_LINE_LABELS[ink]}` : `${PRINT_SIZE_LABELS[paper]} ${INK_LINE_LABELS[ink]}`,
          ink,
          quantity,
          unitPriceCents,
          amountCents: quantity * unitPriceCents,
        });
      }
    }
  }
  // Reduced sets: every sheet on 11" x 17", one line per ink.
  for (const ink of PRINT_TYPES) {
    const count = ink === 'color' ? colorSheetCount : bwSheetCount;
    if (reducedSets === 0 || count === 0) continue;
    const unitPriceCents = REDUCED_PRICE_PER_PAGE_CENTS[ink];
    const quantity = reducedSets * count;
    lines.push({
      description: `${REDUCED_PAPER.label} reduced ${INK_LINE_LABELS[ink]}`,
      ink,
      quantity,
      unitPriceCents,
      amountCents: quantity * unitPriceCents,
    });
  }
  const pricePerPageCents = lines.length === 1 ? lines[0].unitPriceCents : null;
  // Finishing after the prints, full-size sets first; reduced sets take none.
  const finished = [
    ...finishingLines(input.finishing ?? NO_FINISHING, sets, pageCount, false),
    ...finishingLines(input.halfFinishing ?? NO_FINISHING, halfSets, pageCount, true),
  ].map((l): PriceLine => ({ ...l, ink: null }));
  lines.push(...finished);
  return {
    sets,
    halfSets,
    reducedSets,
    bwSheetCount,
    colorSheetCount,
    pricePerPageCents,
    lines,
    subtotalCents: lines.reduce((sum, l) => sum + l.amountCents, 0),
  };
}

/** Which sheets (by index) print in color. A count alone cannot say which paper they are on, so it needs one paper. */
function sheetInks(pageCount: number, papers: PrintSize[], printType: OrderPrintType, colorSheets?: readonly number[], colorSheetCount?: number): boolean[] {
  if (printType !== 'auto') return papers.map(() => printType === 'color');
  if (colorSheets) {
    if (colorSheets.some((n) => !Number.isInteger(n) || n < 1 || n > pageCount)) throw new RangeError('colorSheets must be sheet numbers of the set');
    const chosen = new Set(colorSheets);
    return papers.map((_, i) => chosen.has(i + 1));
  }
  const count = colorSheetCount ?? 0;
  if (!Number.isInteger(count) || count < 0 || count > pageCount) throw new RangeError('colorSheetCount must be from 0 to pageCount');
  if (count > 0 && new Set(papers).size > 1) throw new RangeError('colorSheets are needed when the sheets are on two papers');
  return papers.map((_, i) => i < count);
}

/**
 * What goes in the shipping tube: the largest paper printed (every roll fits its tube) and the sheets
 * it weighs as, a half-size sheet being a quarter of a full one by area.
 */
export function tubeOf(input: Pick<SheetsInput, 'pageCount' | 'printSize' | 'papers' | 'sets' | 'halfSets'>): { printSize: PrintSize; sheetCount: number } {
  const papers = orderPapers(input.pageCount, input.printSize, input.papers);
  const printSize = papers.includes('30x42') ? '30x42' : '24x36';
  const sets = input.sets ?? 1;
  const halfSets = input.halfSets ?? 0;
  return { printSize, sheetCount: input.pageCount * sets + Math.ceil((input.pageCount * halfSets) / 4) };
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

/** `2 sets + 1 half-size set` / `3 half-size sets` / `1 set + 1 reduced set`: which sets an order prints, for every screen and paper. */
export function setsText(sets: number, halfSets: number, reducedSets = 0): string {
  const parts: string[] = [];
  if (sets > 0) parts.push(`${sets} ${sets === 1 ? 'set' : 'sets'}`);
  if (halfSets > 0) parts.push(`${halfSets} half-size ${halfSets === 1 ? 'set' : 'sets'}`);
  if (reducedSets > 0) parts.push(`${reducedSets} reduced 11" x 17" ${reducedSets === 1 ? 'set' : 'sets'}`);
  return parts.join(' + ');
}

/** How a half-size set reads a drawing scale: `1/4" = 1'-0"` → `1/8" = 1'-0"`; null when it cannot be halved. */
export function halveScale(note: string): string | null {
  const m = /^(\d+)(?:\/(\d+))?"\s*=\s*(1'-0"|1'0"|1')$/.exec(note.trim());
  if (!m) return null;
  const num = Number(m[1]);
  const den = Number(m[2] ?? 1) * 2;
  const g = gcd(num, den);
  const [n, d] = [num / g, den / g];
  return `${d === 1 ? n : `${n}/${d}`}" = ${m[3]}`;
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
