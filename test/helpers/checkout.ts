/** Checkout fixtures: a browser with a ready upload, and the request bodies the checkout page sends. */
import type { PrintSize } from '#shared/pricing';
import type { TestClient } from './client';
import { buildUpload } from './factories';
import { giveAnonymousSession } from './sessions';
import type { TestShop } from './shop';

/** A new browser (cookie jar) with an anonymous session and a `ready` upload of `pages` sheets. */
export async function browserWithUpload(shop: TestShop, options: { pages?: number; size?: PrintSize } = {}) {
  const client = shop.client();
  const sid = await giveAnonymousSession(shop, client);
  const upload = await buildUpload(shop, { sessionSid: sid, pages: options.pages ?? 3, size: options.size });
  return { client, sid, upload };
}

export const CUSTOMER = {
  customerEmail: 'grace@example.com',
  customerFirstName: 'Grace',
  customerLastName: 'Hopper',
  customerPhone: '201-555-0100',
};

/** What the page sends at load: placeholders and pickup. */
export function pickupBody(uploadId: string, extra: Record<string, unknown> = {}) {
  return {
    uploadId,
    printSize: '24x36',
    printType: 'bw',
    rushOrder: false,
    shippingMethod: 'pickup',
    rateId: null,
    shippingAddress: null,
    customerEmail: '',
    customerFirstName: '',
    customerLastName: '',
    customerPhone: '',
    ...extra,
  };
}

export const ADDRESSES = {
  NY: { street1: '1 Main St', street2: '', city: 'Albany', state: 'NY', zipCode: '12207' },
  OR: { street1: '200 SW Market St', street2: 'Suite 5', city: 'Portland', state: 'OR', zipCode: '97201' },
  NJ: { street1: '10 Park Ave', street2: '', city: 'Hackensack', state: 'NJ', zipCode: '07601' },
  CA: { street1: '1 Market St', street2: '', city: 'San Francisco', state: 'CA', zipCode: '94105' },
} as const;

/** Fetches rates and asks for an intent with the cheapest; returns both answers. */
export async function shippingOrder(
  client: TestClient,
  uploadId: string,
  address: (typeof ADDRESSES)[keyof typeof ADDRESSES],
  extra: Record<string, unknown> = {},
) {
  const rates = await client.post('/api/shipping-rates', { toAddress: address, printSize: extra.printSize ?? '24x36', pageCount: extra.pageCount ?? 3 });
  if (rates.status !== 200) throw new Error(`rates ${rates.status}: ${rates.text}`);
  const rate = rates.body[0];
  const intent = await client.post(
    '/api/create-payment-intent',
    pickupBody(uploadId, { shippingMethod: 'shipping', rateId: rate.rateId, shippingAddress: address, ...CUSTOMER, ...extra }),
  );
  return { rates: rates.body, rate, intent };
}

/**
 * A new browser with a `ready` upload whose sheets carry these numbers (24" x 36", read by the
 * per-sheet report), for checkouts that choose sheets by number.
 */
export async function browserWithNumberedSet(shop: TestShop, sheetNumbers: readonly string[]) {
  const { client, sid, upload } = await browserWithUpload(shop, { pages: sheetNumbers.length });
  await shop.sql`
    insert into upload_sheets ${shop.sql(sheetNumbers.map((sheetNumber, i) => ({ upload_id: upload.id, number: i + 1, width_in: 36, height_in: 24, sheet_number: sheetNumber })))}`;
  await shop.sql`update uploads set sheets_complete = true where id = ${upload.id}`;
  return { client, sid, upload };
}
