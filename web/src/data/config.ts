/** Shop facts from the server's configuration (address, hours, support contact, payment provider): one place. */
import useSWR from 'swr';
import { DEFAULT_SOURCE_URL } from '#shared/env';
import type { Testimonial } from '#shared/testimonials';
import { DEFAULT_SHOP, formatShopAddress, OPENING_HOURS_TEXT, shopMapUrl } from '#shared/shop';

export type ShopInfo = {
  name: string;
  street1: string;
  city: string;
  state: string;
  zip: string;
  /** "100 Route 17 North, Paramus, NJ 07652". */
  address: string;
  mapUrl: string;
  phone: string;
  email: string;
  timeZone: string;
  hoursText: string;
};

export type ShopConfig = {
  supportEmail: string;
  supportPhone: string;
  shop: ShopInfo;
  freeShippingThreshold: number;
  paymentProvider: 'stripe' | 'demo' | null;
  stripePublishableKey: string | null;
  shippingProvider: 'easypost' | 'table' | null;
  /** The source of the running version (SOURCE_URL), linked from the footer. */
  sourceUrl: string;
  /** What customers said (SHOP_TESTIMONIALS); none hides the landing page's section. */
  testimonials?: Testimonial[];
};

const FALLBACK: ShopConfig = {
  supportEmail: DEFAULT_SHOP.email,
  supportPhone: DEFAULT_SHOP.phone,
  shop: {
    name: DEFAULT_SHOP.name,
    street1: DEFAULT_SHOP.street1,
    city: DEFAULT_SHOP.city,
    state: DEFAULT_SHOP.state,
    zip: DEFAULT_SHOP.zip,
    address: formatShopAddress(DEFAULT_SHOP),
    mapUrl: shopMapUrl(DEFAULT_SHOP),
    phone: DEFAULT_SHOP.phone,
    email: DEFAULT_SHOP.email,
    timeZone: DEFAULT_SHOP.timeZone,
    hoursText: OPENING_HOURS_TEXT,
  },
  freeShippingThreshold: 100,
  paymentProvider: null,
  stripePublishableKey: null,
  shippingProvider: null,
  sourceUrl: DEFAULT_SOURCE_URL,
};

/** The configuration, with safe values while it loads. */
export function useShopConfig(): ShopConfig {
  const { data } = useSWR<ShopConfig>('/api/config');
  return data ?? FALLBACK;
}
