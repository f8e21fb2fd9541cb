/** The labels interface and its types; adapters implement it, index.ts picks one. */
import type { OrderRow } from '../../orders/orderRow';

/** The shipping_quotes columns a label needs. */
export type QuoteRow = {
  id: string;
  provider: 'easypost' | 'table';
  service: string;
  service_name: string;
  carrier: string;
  weight_oz: string | number | null;
  provider_shipment_id: string | null;
  provider_rate_id: string | null;
};

export type LabelResult = { trackingNumber: string; carrier: string; pdf: Buffer };

export interface LabelProvider {
  readonly name: 'easypost' | 'builtin';
  /**
   * Buys (or, for a label already bought, fetches again) the label for `order`. Must never buy
   * twice: `saveShipmentId` is called before any purchase so a retry finds the shipment.
   */
  label(order: OrderRow, quote: QuoteRow | null, saveShipmentId: (id: string) => Promise<void>): Promise<LabelResult>;
}
