/**
 * The built-in rate table: zones by distance from Paramus, NJ 07652 (by the ZIP's first three digits),
 * prices by zone and tube weight, and delivery dates in carrier days (the shop clock's: no weekends, no
 * federal holidays) from the day the tube leaves.
 */
import { carrierDeliveryDay } from '#shared/clock';
import { zipStateMismatch } from '#shared/zipStates';
import { shipDayForPayment } from '#shared/readyBy';
import { tubeWeightOz } from '#shared/shop';
import { ShippingAddressError, type QuoteRequest, type RateQuote, type ShippingProvider } from './types';

/** Zone 1-8 from Paramus: a coarse ground-distance band by ZIP prefix. */
export function zoneFor(zip: string, state: string): number {
  if (state === 'AK' || state === 'HI') return 8;
  const prefix = Number(zip.slice(0, 3));
  if (prefix >= 70 && prefix <= 89) return 1; // New Jersey
  if (prefix < 150) return 2; // New York and New England
  if (prefix < 200) return 3; // Pennsylvania, Delaware
  return [0, 0, 3, 4, 5, 6, 6, 7, 8, 8][Number(zip[0])] ?? 8;
}

/** Ground cost in cents for a zone and weight: a base per zone plus a charge per started pound. */
function groundCents(zone: number, weightOz: number): number {
  const pounds = Math.max(1, Math.ceil(weightOz / 16));
  const base = [0, 895, 945, 1025, 1110, 1195, 1290, 1385, 1590][zone];
  const perPound = [0, 45, 55, 70, 90, 110, 135, 160, 210][zone];
  return base + perPound * (pounds - 1);
}

/** Ground transit in carrier days by zone. */
const GROUND_DAYS = [0, 1, 1, 2, 3, 3, 4, 4, 5];

/**
 * The services, cheapest first: price from the zone's ground price, transit in carrier days. An air
 * service is never slower than ground to the same zone (it moves on the same trucks when the air leg
 * would not help), so its days are capped at ground's: paying more never arrives later. None of these
 * delivers on Saturday; a service that did would say `saturday: true`.
 */
const SERVICES: {
  service: string;
  serviceName: string;
  cents: (ground: number) => number;
  days: (groundDays: number) => number;
  deliveryTime: string;
  saturday: boolean;
}[] = [
  { service: 'ground', serviceName: 'UPS Ground', cents: (g) => g, days: (d) => d, deliveryTime: 'by end of day', saturday: false },
  {
    service: '2day',
    serviceName: 'UPS 2nd Day Air',
    cents: (g) => Math.round(g * 2.2 + 500),
    days: (d) => Math.min(2, d),
    deliveryTime: 'by end of day',
    saturday: false,
  },
  {
    service: 'overnight',
    serviceName: 'UPS Next Day Air',
    cents: (g) => Math.round(g * 3.6 + 1500),
    days: () => 1,
    deliveryTime: 'by 10:30 AM',
    saturday: false,
  },
];

export class TableShipping implements ShippingProvider {
  readonly name = 'table' as const;

  async quote(request: QuoteRequest, now = new Date()): Promise<RateQuote[]> {
    const { zipCode, state } = request.toAddress;
    const zip = zipCode.slice(0, 5);
    const mismatch = zipStateMismatch(zipCode, state);
    if (mismatch) throw new ShippingAddressError(mismatch);
    const zone = zoneFor(zip, state);
    const weightOz = tubeWeightOz(request.printSize, request.pageCount);
    const ground = groundCents(zone, weightOz);
    const leaves = request.shipDay ?? shipDayForPayment(now, false);
    const rates = SERVICES.map((s): RateQuote => {
      const days = s.days(GROUND_DAYS[zone]);
      return {
        carrier: 'UPS',
        service: s.service,
        serviceName: s.serviceName,
        costCents: s.cents(ground),
        deliveryDays: days,
        deliveryDate: carrierDeliveryDay(leaves, days, { saturday: s.saturday }),
        deliveryTime: s.deliveryTime,
        weightOz,
      };
    });
    return rates.sort((a, b) => a.costCents - b.costCents);
  }
}
