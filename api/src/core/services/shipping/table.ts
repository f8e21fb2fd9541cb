/**
 * The built-in rate table: zones by distance from Paramus, NJ 07652 (by the ZIP's first three digits),
 * prices by zone and tube weight, and delivery dates in business days from the day the tube leaves.
 */
import { zipMatchesState } from './zips';
import { addBusinessDays, isoDate, shipDate } from './businessDays';
import { tubeWeightOz } from '../../../../../shared/shop';
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

const GROUND_DAYS = [0, 1, 1, 2, 3, 3, 4, 4, 5];

export class TableShipping implements ShippingProvider {
  readonly name = 'table' as const;

  async quote(request: QuoteRequest, now = new Date()): Promise<RateQuote[]> {
    const { zipCode, state } = request.toAddress;
    const zip = zipCode.slice(0, 5);
    if (!zipMatchesState(zip, state)) throw new ShippingAddressError(`ZIP code ${zipCode} is not in ${state}. Please check the address.`);
    const zone = zoneFor(zip, state);
    const weightOz = tubeWeightOz(request.printSize, request.pageCount);
    const ground = groundCents(zone, weightOz);
    const leaves = request.shipDate ?? shipDate(now);
    const make = (service: string, serviceName: string, costCents: number, days: number, deliveryTime: string): RateQuote => ({
      carrier: 'UPS',
      service,
      serviceName,
      costCents,
      deliveryDays: days,
      deliveryDate: isoDate(addBusinessDays(leaves, days)),
      deliveryTime,
      weightOz,
    });
    const groundDays = GROUND_DAYS[zone];
    const rates = [
      make('ground', 'UPS Ground', ground, groundDays, 'by end of day'),
      make('2day', 'UPS 2nd Day Air', Math.round(ground * 2.2 + 500), 2, 'by end of day'),
      make('overnight', 'UPS Next Day Air', Math.round(ground * 3.6 + 1500), 1, 'by 10:30 AM'),
    ];
    return rates.sort((a, b) => a.costCents - b.costCents);
  }
}
