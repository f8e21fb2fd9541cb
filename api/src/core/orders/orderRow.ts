/** The `orders` row as the server reads it: one type for routes, presenters, emails and tasks. */
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
  /** When the order is promised ready (shared/readyBy.ts), fixed at payment. */
  ready_by: Date | null;
  created_at: Date;
  updated_at: Date;
};

export type ShippingAddress = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };
