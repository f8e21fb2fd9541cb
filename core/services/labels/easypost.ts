/**
 * EasyPost labels: buy the rate the customer was quoted. The shipment id is saved on the order
 * before buying, and a shipment that already has a postage label is never bought again, so a
 * retried job or a second click re-fetches the label instead of paying twice.
 */
import EasyPostClient from '@easypost/api';
import { z } from 'zod';
import type { OrderRow } from '../../orders/orderRow';
import { parcelWeightOz } from './parcel';
import { shipFromAddress, TUBES, type ShopFacts } from '#shared/shop';
import type { LabelProvider, LabelResult, QuoteRow } from './types';

const Rate = z.object({ id: z.string(), service: z.string().nullish(), carrier: z.string().nullish(), rate: z.union([z.string(), z.number()]).nullish() });
const Shipment = z.object({
  id: z.string(),
  tracking_code: z.string().nullish(),
  rates: z.array(Rate).nullish(),
  selected_rate: Rate.nullish(),
  postage_label: z.object({ label_url: z.string().nullish(), label_pdf_url: z.string().nullish() }).nullish(),
});
type ShipmentJson = z.infer<typeof Shipment>;

type Client = {
  Shipment: {
    create(params: Record<string, unknown>): Promise<unknown>;
    retrieve(id: string): Promise<unknown>;
    buy(id: string, rateId: string): Promise<unknown>;
    convertLabelFormat(id: string, format: string): Promise<unknown>;
  };
};

/** The tube's dimensions as quoted for rates, so the label's parcel is the one the customer paid for. */
function tubeOf(printSize: string) {
  const tube = TUBES[printSize === '30x42' ? '30x42' : '24x36'];
  return { length: tube.length, width: tube.width, height: tube.height };
}

export class EasyPostLabels implements LabelProvider {
  readonly name = 'easypost' as const;
  private readonly client: Client;
  constructor(
    apiKey: string,
    baseUrl: string | undefined,
    private readonly shop: ShopFacts,
  ) {
    const Ctor = EasyPostClient as unknown as new (key: string, options: { baseUrl?: string; timeout?: number }) => Client;
    this.client = new Ctor(apiKey, { ...(baseUrl ? { baseUrl: baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/` } : {}), timeout: 20_000 });
  }

  async label(order: OrderRow, quote: QuoteRow | null, saveShipmentId: (id: string) => Promise<void>): Promise<LabelResult> {
    let shipment: ShipmentJson;
    const knownId = order.easypost_shipment_id ?? (quote?.provider === 'easypost' ? quote.provider_shipment_id : null);
    if (knownId) {
      if (!order.easypost_shipment_id) await saveShipmentId(knownId);
      shipment = Shipment.parse(await this.client.Shipment.retrieve(knownId));
    } else {
      shipment = Shipment.parse(await this.client.Shipment.create(this.shipmentParams(order, quote)));
      await saveShipmentId(shipment.id);
    }
    if (!shipment.postage_label) {
      const rateId = this.pickRate(shipment, quote);
      shipment = Shipment.parse(await this.client.Shipment.buy(shipment.id, rateId));
    }
    let pdfUrl = shipment.postage_label?.label_pdf_url;
    if (!pdfUrl) {
      shipment = Shipment.parse(await this.client.Shipment.convertLabelFormat(shipment.id, 'PDF'));
      pdfUrl = shipment.postage_label?.label_pdf_url;
    }
    if (!pdfUrl || !shipment.tracking_code) throw new Error('EasyPost returned no PDF label or tracking code');
    const res = await fetch(pdfUrl, { signal: AbortSignal.timeout(20_000) });
    if (!res.ok) throw new Error(`Could not download the label (${res.status})`);
    return {
      trackingNumber: shipment.tracking_code,
      carrier: shipment.selected_rate?.carrier ?? quote?.carrier ?? 'EasyPost',
      pdf: Buffer.from(await res.arrayBuffer()),
    };
  }

  /** The stored quote's rate when it belongs to this shipment, else the same service, else the cheapest. */
  private pickRate(shipment: ShipmentJson, quote: QuoteRow | null): string {
    const rates = shipment.rates ?? [];
    if (quote?.provider_rate_id && (rates.length === 0 || rates.some((r) => r.id === quote.provider_rate_id))) return quote.provider_rate_id;
    const same = rates.find((r) => quote && r.service === quote.service);
    if (same) return same.id;
    const cheapest = [...rates].sort((a, b) => Number(a.rate ?? Infinity) - Number(b.rate ?? Infinity))[0];
    if (!cheapest) throw new Error('EasyPost offered no rate for this shipment');
    return cheapest.id;
  }

  private shipmentParams(order: OrderRow, quote: QuoteRow | null) {
    const a = order.shipping_address;
    return {
      from_address: shipFromAddress(this.shop),
      to_address: {
        name: `${order.customer_first_name} ${order.customer_last_name}`,
        street1: a?.street1,
        street2: a?.street2 ?? undefined,
        city: a?.city,
        state: a?.state,
        zip: a?.zipCode,
        country: 'US',
        phone: order.customer_phone ?? undefined,
        email: order.customer_email,
      },
      parcel: { ...tubeOf(order.print_size), weight: parcelWeightOz(order, quote) },
      options: { label_format: 'PDF' },
      reference: order.id,
    };
  }
}
