/** Rows for tests, written the way the shop writes them. */
import { randomBytes, randomUUID } from 'node:crypto';
import { priceOrder, type PrintSize, type PrintType } from '#shared/pricing';
import type { OrderRow } from '../../api/src/presenters/order';
import type { TestShop } from './shop';
import { shopFacts } from '#shared/shop';
import { ARCH_D, ARCH_E1, makeDrawingPdf } from './pdf';

/** A `ready` upload with its PDF in storage, owned by `sessionSid` (or nobody). */
export async function buildUpload(
  shop: TestShop,
  options: { sessionSid?: string | null; pages?: number; size?: PrintSize; fileName?: string; userId?: string | null } = {},
) {
  const size = options.size ?? '24x36';
  const pages = options.pages ?? 3;
  const pdf = await makeDrawingPdf({ pages, size: size === '24x36' ? ARCH_D : ARCH_E1 });
  const id = randomUUID();
  const key = `uploads/${id}/original.pdf`;
  await shop.ctx.storage.put(key, pdf, { contentType: 'application/pdf' });
  const [row] = await shop.sql<{ id: string; storage_key: string; file_name: string; file_size: number }[]>`
    insert into uploads (id, session_sid, user_id, file_name, file_size, storage_key, status, page_count, detected_size, actual_size, analyzed_at)
    values (${id}, ${options.sessionSid ?? null}, ${options.userId ?? null}, ${options.fileName ?? 'A-100 Floor Plans.pdf'}, ${pdf.length}, ${key},
            'ready', ${pages}, ${size}, ${size === '24x36' ? '24" x 36"' : '30" x 42"'}, now())
    returning id, storage_key, file_name, file_size`;
  return { ...row, pdf };
}

/** A user with a known password hash placeholder (accounts tests create real ones through the API). */
export async function buildUser(shop: TestShop, options: { email?: string; firstName?: string; lastName?: string; passwordHash?: string } = {}) {
  const [row] = await shop.sql<{ id: string; email: string }[]>`
    insert into users (email, password_hash, first_name, last_name)
    values (${options.email ?? `user-${randomBytes(4).toString('hex')}@example.com`}, ${options.passwordHash ?? 'not-a-real-hash'},
            ${options.firstName ?? 'Ada'}, ${options.lastName ?? 'Lovelace'})
    returning id, email`;
  return row;
}

/**
 * An order priced by the shop's own pricing, with its PDF in storage. Paid unless `paymentStatus`
 * says otherwise.
 */
export async function buildOrder(
  shop: TestShop,
  options: {
    userId?: string | null;
    sessionSid?: string | null;
    email?: string;
    pages?: number;
    printSize?: PrintSize;
    printType?: PrintType;
    rushOrder?: boolean;
    shippingMethod?: 'pickup' | 'shipping';
    shippingCostCents?: number;
    state?: string;
    status?: OrderRow['status'];
    paymentStatus?: OrderRow['payment_status'];
    createdAt?: Date;
    /** The promised ready-by (set at payment in real orders). */
    readyBy?: Date | null;
    /** The order's upload (its file and sheets), instead of a made-up one. */
    upload?: { id: string; storage_key: string; file_name: string; file_size: number };
  } = {},
): Promise<OrderRow> {
  const upload = options.upload ?? (await buildUpload(shop, { sessionSid: options.sessionSid, pages: options.pages, size: options.printSize }));
  const shippingMethod = options.shippingMethod ?? 'pickup';
  const address =
    shippingMethod === 'shipping' ? { street1: '1 Main St', street2: null, city: 'Albany', state: options.state ?? 'NY', zipCode: '12207' } : null;
  const price = priceOrder({
    pageCount: options.pages ?? 3,
    printSize: options.printSize ?? '24x36',
    printType: options.printType ?? 'bw',
    rushOrder: options.rushOrder ?? false,
    shippingMethod,
    shippingCostCents: options.shippingCostCents ?? (shippingMethod === 'shipping' ? 1295 : 0),
    state: address?.state,
    shopState: shopFacts(shop.ctx.env).state,
  });
  const paid = (options.paymentStatus ?? 'paid') !== 'unpaid';
  const [row] = await shop.sql<OrderRow[]>`
    insert into orders (
      user_id, session_sid, upload_id, access_token, file_name, file_key, file_size, page_count, print_size, print_type,
      price_per_page_cents, subtotal_cents, rush_order, rush_fee_cents, shipping_method, shipping_cost_cents,
      shipping_service, shipping_address, tax_state, tax_rate_millipercent, tax_cents, total_cents, status, payment_status,
      payment_provider, payment_intent_id, card_brand, card_last4, paid_at, customer_email, customer_first_name,
      customer_last_name, customer_phone, created_at, updated_at, ready_by)
    values (
      ${options.userId ?? null}, ${options.sessionSid ?? null}, ${upload.id}, ${randomBytes(24).toString('base64url')},
      ${upload.file_name}, ${upload.storage_key}, ${upload.file_size}, ${options.pages ?? 3}, ${options.printSize ?? '24x36'},
      ${options.printType ?? 'bw'}, ${price.pricePerPageCents}, ${price.subtotalCents}, ${options.rushOrder ?? false},
      ${price.rushFeeCents}, ${shippingMethod}, ${price.shippingCostCents}, ${shippingMethod === 'shipping' ? 'Ground' : null},
      ${address ? shop.sql.json(address) : null}, ${price.taxState}, ${price.taxRateMillipercent}, ${price.taxCents},
      ${price.totalCents}, ${options.status ?? 'pending'}, ${options.paymentStatus ?? 'paid'}, 'demo',
      ${`demo_pi_${randomBytes(8).toString('hex')}`}, ${paid ? 'visa' : null}, ${paid ? '4242' : null}, ${paid ? new Date() : null},
      ${options.email ?? 'guest@example.com'}, 'Grace', 'Hopper', '201-555-0100',
      ${options.createdAt ?? new Date()}, ${options.createdAt ?? new Date()}, ${options.readyBy ?? null})
    returning *`;
  return row;
}
