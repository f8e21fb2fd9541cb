/**
 * EasyPost adapter: one shipment per quote request (a 3x3x24 or 3x3x30 tube, weight from the sheet
 * count), its rates become our quotes with the shipment and rate ids kept for buying the label.
 * `baseUrl` (EASYPOST_BASE_URL, ending in '/v2/') points the SDK at a local fake in tests.
 */
import EasyPostClientModule from '@easypost/api';
import { z } from 'zod';
import { carrierDeliveryDay } from '#shared/clock';
import { zipStateMismatch } from '#shared/zipStates';
import { shipDayForPayment } from '#shared/readyBy';
import { shipFromAddress, TUBES, tubeWeightOz, type ShopFacts } from '#shared/shop';
import { ShippingAddressError, type QuoteRequest, type RateQuote, type ShippingProvider } from './types';

/** The parts of an EasyPost rate we read; validated, since it is a provider response. */
const RateSchema = z.object({
  id: z.string(),
  carrier: z.string(),
  service: z.string(),
  rate: z.union([z.string(), z.number()]),
  delivery_days: z.number().nullish(),
  delivery_date: z.string().nullish(),
  est_delivery_days: z.number().nullish(),
});
const ShipmentSchema = z.object({ id: z.string(), rates: z.array(RateSchema), messages: z.array(z.object({ message: z.string() }).loose()).optional() });

type ShipmentApi = { Shipment: { create(params: Record<string, unknown>): Promise<unknown> } };
type EasyPostCtor = new (key: string, options?: { baseUrl?: string; timeout?: number }) => ShipmentApi;

/** "FedEx", "GroundAdvantage" → "FedEx Ground Advantage". */
function serviceName(carrier: string, service: string): string {
  return `${carrier} ${service.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/_/g, ' ')}`;
}

type EasyPostError = Error & { statusCode?: number; code?: string };

export class EasyPostShipping implements ShippingProvider {
  readonly name = 'easypost' as const;
  private readonly client: ShipmentApi;

  constructor(
    apiKey: string,
    baseUrl: string | undefined,
    private readonly shop: ShopFacts,
  ) {
    const Ctor = EasyPostClientModule as unknown as EasyPostCtor;
    this.client = new Ctor(apiKey, { ...(baseUrl ? { baseUrl } : {}), timeout: 20_000 });
  }

  async quote(request: QuoteRequest, now = new Date()): Promise<RateQuote[]> {
    const { toAddress, printSize, pageCount } = request;
    const mismatch = zipStateMismatch(toAddress.zipCode, toAddress.state);
    if (mismatch) throw new ShippingAddressError(mismatch);
    const tube = TUBES[printSize];
    const weightOz = tubeWeightOz(printSize, pageCount);
    let raw: unknown;
    try {
      raw = await this.client.Shipment.create({
        from_address: shipFromAddress(this.shop),
        to_address: {
          street1: toAddress.street1,
          street2: toAddress.street2 ?? undefined,
          city: toAddress.city,
          state: toAddress.state,
          zip: toAddress.zipCode,
          country: 'US',
        },
        parcel: { length: tube.length, width: tube.width, height: tube.height, weight: weightOz },
      });
    } catch (error) {
      const e = error as EasyPostError;
      // 4xx from EasyPost is about the address we sent; anything else is the provider's trouble.
      if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500 && e.statusCode !== 401 && e.statusCode !== 429) {
        throw new ShippingAddressError(`We could not ship to that address: ${e.message}`);
      }
      throw error;
    }
    const shipment = ShipmentSchema.parse(raw);
    const leaves = request.shipDay ?? shipDayForPayment(now, false);
    if (shipment.rates.length === 0) {
      throw new ShippingAddressError(shipment.messages?.[0]?.message ?? 'No carrier can ship to that address. Please check it.');
    }
    return shipment.rates
      .map((rate) => ({
        carrier: rate.carrier,
        service: rate.service,
        serviceName: serviceName(rate.carrier, rate.service),
        costCents: Math.round(Number(rate.rate) * 100),
        deliveryDays: rate.delivery_days ?? rate.est_delivery_days ?? null,
        // EasyPost counts from today; our tube leaves when it is printed, so count carrier days (no
        // weekends, no federal holidays) from that day.
        deliveryDate:
          (rate.delivery_days ?? rate.est_delivery_days) != null
            ? carrierDeliveryDay(leaves, (rate.delivery_days ?? rate.est_delivery_days) as number)
            : rate.delivery_date
              ? rate.delivery_date.slice(0, 10)
              : null,
        deliveryTime: null,
        weightOz,
        providerShipmentId: shipment.id,
        providerRateId: rate.id,
      }))
      .filter((r) => Number.isFinite(r.costCents) && r.costCents >= 0)
      .sort((a, b) => a.costCents - b.costCents);
  }
}
