/** Shop facts from the server's configuration (support contact, payment provider): one place. */
import useSWR from 'swr';

export type ShopConfig = {
  supportEmail: string;
  supportPhone: string;
  paymentProvider: 'stripe' | 'demo' | null;
  stripePublishableKey: string | null;
  shippingProvider: 'easypost' | 'table' | null;
};

const FALLBACK: ShopConfig = {
  supportEmail: 'support@blueprintshop.local',
  supportPhone: '(201) 555-0142',
  paymentProvider: null,
  stripePublishableKey: null,
  shippingProvider: null,
};

/** The configuration, with safe values while it loads. */
export function useShopConfig(): ShopConfig {
  const { data } = useSWR<ShopConfig>('/api/config');
  return data ?? FALLBACK;
}
