/**
 * Shipping rates behind one interface: EasyPost when EASYPOST_API_KEY is set, otherwise a built-in
 * table by zone from Paramus, NJ 07652. Routes store every quote in `shipping_quotes`
 * (with `provider_shipment_id` / `provider_rate_id` for EasyPost), so buying a label later uses
 * exactly the quote the customer paid for.
 */
import type { Env } from '#shared/env';
import { shopFacts } from '#shared/shop';
import { TableShipping } from './table';
import type { ShippingProvider } from './types';

export * from './types';

/** Picks the shipping adapter from the environment; the EasyPost SDK is loaded only when it is chosen. */
export async function createShipping(env: Env): Promise<ShippingProvider> {
  if (env.EASYPOST_API_KEY) {
    const { EasyPostShipping } = await import('./easypost');
    return new EasyPostShipping(env.EASYPOST_API_KEY, env.EASYPOST_BASE_URL, shopFacts(env));
  }
  return new TableShipping();
}
