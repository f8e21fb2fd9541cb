/**
 * The shop's facts, in one place: where it is, how to reach it, when it is open, what a tube weighs,
 * how long links and quotes live. Server, worker, emails, receipts, labels and the client (through
 * `GET /api/config`) all read them from here. No I/O and no zod, so the landing page can import it.
 * The address and contact can be overridden per deployment (SHOP_* and SUPPORT_* in shared/env.ts);
 * `shopFacts(env)` merges them.
 */
import { NO_OVERRIDES, parseShopHolidays, type HolidayOverrides } from './holidays';

/** Where the counter is and how to reach it. */
export type ShopFacts = {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  country: 'US';
  /** As people read it, e.g. "(201) 555-0142". */
  phone: string;
  email: string;
  /** IANA time zone of the counter; every promise (ready-by, hours) is in it. */
  timeZone: string;
  /**
   * The deployment's changes to the closed days (SHOP_HOLIDAYS): the federal holidays are closed
   * without them (holidays.ts); the shop clock (clock.ts) skips every closed day.
   */
  holidays: HolidayOverrides;
};

/** The defaults: the shop in Paramus, NJ. */
export const DEFAULT_SHOP: ShopFacts = {
  name: 'Blueprint Shop',
  street1: '100 Route 17 North',
  city: 'Paramus',
  state: 'NJ',
  zip: '07652',
  country: 'US',
  phone: '(201) 555-0142',
  email: 'support@blueprintshop.local',
  timeZone: 'America/New_York',
  holidays: NO_OVERRIDES,
};

/** The environment variables that override the defaults (all optional). */
export type ShopEnv = {
  SHOP_NAME?: string;
  SHOP_STREET?: string;
  SHOP_CITY?: string;
  SHOP_STATE?: string;
  SHOP_ZIP?: string;
  SUPPORT_PHONE?: string;
  SUPPORT_EMAIL?: string;
  /** Comma-separated YYYY-MM-DD closed days; -YYYY-MM-DD opens on a federal holiday. */
  SHOP_HOLIDAYS?: string;
};

/** The shop as configured: defaults with the deployment's overrides. */
export function shopFacts(env: ShopEnv): ShopFacts {
  return {
    ...DEFAULT_SHOP,
    name: env.SHOP_NAME || DEFAULT_SHOP.name,
    street1: env.SHOP_STREET || DEFAULT_SHOP.street1,
    city: env.SHOP_CITY || DEFAULT_SHOP.city,
    state: env.SHOP_STATE || DEFAULT_SHOP.state,
    zip: env.SHOP_ZIP || DEFAULT_SHOP.zip,
    phone: env.SUPPORT_PHONE || DEFAULT_SHOP.phone,
    email: env.SUPPORT_EMAIL || DEFAULT_SHOP.email,
    holidays: parseShopHolidays(env.SHOP_HOLIDAYS),
  };
}

/** "Large-format printing in Paramus, NJ": what the shop is and where, after its name (emails' sign-off, the tab's title). */
export function shopTagline(shop: Pick<ShopFacts, 'city' | 'state'>): string {
  return `Large-format printing in ${shop.city}, ${shop.state}`;
}

/** "100 Route 17 North, Paramus, NJ 07652". */
export function formatShopAddress(shop: ShopFacts): string {
  return `${shop.street1}, ${shop.city}, ${shop.state} ${shop.zip}`;
}

/** The address as label or letterhead lines: name, street, "City, ST ZIP". */
export function shopAddressLines(shop: ShopFacts): string[] {
  return [shop.name, shop.street1, `${shop.city}, ${shop.state} ${shop.zip}`];
}

/** A map search link for the address (opens any map app on a phone). */
export function shopMapUrl(shop: ShopFacts): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${shop.name}, ${formatShopAddress(shop)}`)}`;
}

/** The counter as a carrier's from-address: the same for rate quotes and for the label bought later. */
export function shipFromAddress(shop: ShopFacts) {
  return {
    company: shop.name,
    street1: shop.street1,
    city: shop.city,
    state: shop.state,
    zip: shop.zip,
    country: shop.country,
    phone: phoneDigits(shop.phone),
  };
}

/** The shop's digits only, as carriers want it. */
export function phoneDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Opening hours by weekday (0 = Sunday), in the shop's time zone, minutes after midnight; null = closed. */
export const OPENING_HOURS: readonly ({ open: number; close: number } | null)[] = [
  null,
  { open: 9 * 60, close: 19 * 60 },
  { open: 9 * 60, close: 19 * 60 },
  { open: 9 * 60, close: 19 * 60 },
  { open: 9 * 60, close: 19 * 60 },
  { open: 9 * 60, close: 19 * 60 },
  { open: 10 * 60, close: 18 * 60 },
];

/** Orders paid before this time (minutes after midnight) on an open day are printed that day. */
export const SAME_DAY_CUTOFF_MINUTES = 12 * 60;

const SHORT_DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const LONG_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "9AM", "7PM", "9:30AM" for minutes after midnight. */
function clockText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}${m ? `:${String(m).padStart(2, '0')}` : ''}${h < 12 ? 'AM' : 'PM'}`;
}

/** Runs of days with the same hours, Monday first and Sunday last, as the counter's sign lists them. */
export function openingHoursRuns(hours: typeof OPENING_HOURS = OPENING_HOURS): { first: number; last: number; hours: string | null }[] {
  const order = [1, 2, 3, 4, 5, 6, 0];
  const runs: { first: number; last: number; hours: string | null }[] = [];
  for (const day of order) {
    const h = hours[day];
    const text = h ? `${clockText(h.open)}-${clockText(h.close)}` : null;
    const previous = runs[runs.length - 1];
    if (previous && previous.hours === text) previous.last = day;
    else runs.push({ first: day, last: day, hours: text });
  }
  return runs;
}

const dayRange = (names: string[], first: number, last: number, joiner: string) => (first === last ? names[first] : `${names[first]}${joiner}${names[last]}`);

/** The hours as one line for footers, emails and receipts: "Mon-Fri 9AM-7PM, Sat 10AM-6PM, Sun closed". */
export const OPENING_HOURS_TEXT = openingHoursRuns()
  .map((r) => `${dayRange(SHORT_DAYS, r.first, r.last, '-')} ${r.hours ?? 'closed'}`)
  .join(', ');

/** The hours in words for the FAQ: "Monday to Friday 9AM-7PM, Saturday 10AM-6PM, closed Sunday". */
export const OPENING_HOURS_LONG_TEXT = openingHoursRuns()
  .map((r) => (r.hours ? `${dayRange(LONG_DAYS, r.first, r.last, ' to ')} ${r.hours}` : `closed ${dayRange(LONG_DAYS, r.first, r.last, ' to ')}`))
  .join(', ');

/** The hours as table rows: [{days: "Monday – Friday", hours: "9AM – 7PM"}, …, {days: "Sunday", hours: "Closed"}]. */
export const OPENING_HOURS_ROWS = openingHoursRuns().map((r) => ({
  days: dayRange(LONG_DAYS, r.first, r.last, ' – '),
  hours: r.hours ? r.hours.replace('-', ' – ') : 'Closed',
}));

/** Tubes: 3x3x24 for 24x36 prints, 3x3x30 for 30x42, with their empty weight. */
export const TUBES = {
  '24x36': { length: 24, width: 3, height: 3, emptyOz: 9 },
  '30x42': { length: 30, width: 3, height: 3, emptyOz: 11 },
} as const;

/**
 * Ounces per sheet of 20 lb bond (75 g/m²): 24x36 is 6 sq ft ≈ 41.8 g ≈ 1.47 oz; 30x42 is 8.75 sq ft
 * ≈ 61 g ≈ 2.15 oz.
 */
export const SHEET_OZ = { '24x36': 1.47, '30x42': 2.15 } as const;

/** Weight of the packed tube in ounces, rounded up to a tenth: the one formula for rates and labels. */
export function tubeWeightOz(printSize: keyof typeof TUBES, sheetCount: number): number {
  return Math.ceil((TUBES[printSize].emptyOz + SHEET_OZ[printSize] * sheetCount) * 10) / 10;
}

const HOUR_MS = 3600_000;
const DAY_MS = 24 * HOUR_MS;

/** How long links and quotes live. */
export const TTL_MS = {
  verifyEmail: 7 * DAY_MS,
  resetPassword: HOUR_MS,
  setPassword: 7 * DAY_MS,
  orderLookup: DAY_MS,
  firmInvite: 14 * DAY_MS,
  shippingQuote: DAY_MS,
} as const;
