/** Turns order rows into the contract's JSON: dollars with two decimals, camelCase, no internals. */
import { centsToDollars } from '../../../shared/money';
import { orderNumberOf } from '../../../shared/fields';
import type { OrderJson } from '../../../shared/orderJson';

/** The order columns the presenters read; select `orders.*` to get them. */
export type OrderRow = {
  id: string;
  user_id: string | null;
  session_sid: string | null;
  upload_id: string | null;
  access_token: string;
  file_name: string;
  file_key: string | null;
  file_size: number | null;
  file_deleted_at: Date | null;
  page_count: number;
  print_size: string;
  print_type: string;
  price_per_page_cents: number;
  subtotal_cents: number;
  rush_order: boolean;
  rush_fee_cents: number;
  shipping_method: 'pickup' | 'shipping';
  shipping_cost_cents: number;
  shipping_quote_id: string | null;
  shipping_service: string | null;
  shipping_address: ShippingAddress | null;
  tax_state: string | null;
  tax_rate_millipercent: number;
  tax_cents: number;
  total_cents: number;
  status: 'pending' | 'processing' | 'completed' | 'failed';
  payment_status: 'unpaid' | 'paid' | 'refunded';
  payment_provider: 'stripe' | 'demo' | null;
  payment_intent_id: string | null;
  card_brand: string | null;
  card_last4: string | null;
  paid_at: Date | null;
  refunded_at: Date | null;
  customer_email: string;
  customer_first_name: string;
  customer_last_name: string;
  customer_phone: string | null;
  create_account: boolean;
  estimated_delivery: string | null;
  tracking_number: string | null;
  label_key: string | null;
  label_carrier: string | null;
  easypost_shipment_id: string | null;
  receipt_key: string | null;
  completed_at: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type ShippingAddress = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

/** The contract's order JSON. */
export function presentOrder(row: OrderRow): OrderJson {
  return {
    id: row.id,
    orderNumber: orderNumberOf(row.id),
    status: row.status,
    paymentStatus: row.payment_status,
    fileName: row.file_name,
    pageCount: row.page_count,
    printSize: row.print_size as OrderJson['printSize'],
    printType: row.print_type as OrderJson['printType'],
    pricePerPage: centsToDollars(row.price_per_page_cents),
    subtotal: centsToDollars(row.subtotal_cents),
    rushOrder: row.rush_order,
    rushFee: centsToDollars(row.rush_fee_cents),
    shippingMethod: row.shipping_method,
    shippingCost: centsToDollars(row.shipping_cost_cents),
    shippingService: row.shipping_service,
    taxState: row.tax_state,
    taxAmount: centsToDollars(row.tax_cents),
    totalAmount: centsToDollars(row.total_cents),
    customerEmail: row.customer_email,
    customerFirstName: row.customer_first_name,
    customerLastName: row.customer_last_name,
    customerPhone: row.customer_phone,
    shippingAddress: row.shipping_address,
    estimatedDelivery: row.estimated_delivery,
    trackingNumber: row.tracking_number,
    cardLast4: row.card_last4,
    hasReceipt: row.receipt_key !== null,
    hasLabel: row.label_key !== null,
    fileDeletedAt: row.file_deleted_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type { OrderJson };
