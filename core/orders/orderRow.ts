import type { Finishing } from '#shared/finishing';
import type { PriceLine } from '#shared/pricing';
import type { SheetWarning } from '#shared/sheetNumbers';
import type { OrderFileJson } from '#shared/orderJson';

/** A stored file of the order's set (order_files; the storage key is for the admin's downloads and exports, never shown). */
export type OrderFileRow = OrderFileJson & { fileKey: string; sheetNumbers?: (string | null)[] | null };
import type { PaymentStatus } from '#shared/fields';
import type { ApprovalState } from '#shared/approval';
import type { TaxExemptionJson } from '#shared/firm';

/* The packages of an order with recipients: core/orders/recipients.ts reads them. */
/** One recipient's package as every reader sees it (amounts in cents). `id` is null for an order's own one package. */
export type RecipientPackage = {
  id: string | null;
  position: number;
  name: string;
  company: string | null;
  email: string | null;
  phone: string | null;
  delivery: 'pickup' | 'shipping';
  address: ShippingAddress | null;
  sets: number;
  halfSets: number;
  /** What the counter does to this package's full-size and half-size sets (null: none), and its 11" x 17" reduced sets. */
  finishing: Finishing | null;
  halfFinishing: Finishing | null;
  reducedSets: number;
  /** Set positions (1..N) in this package, ascending. */
  positions: number[];
  /** Their sheet numbers as read at checkout ([] for an order without recipients: its sheets are the order's). */
  sheetNumbers: string[];
  /** The selection as sent (`["S"]`); null for the whole set. */
  selection: (string | number)[] | null;
  /** What they hold of the set after this order (a reprint's holder: their whole holding); null: positions / sheetNumbers. */
  holdsPositions: number[] | null;
  holdsSheetNumbers: string[] | null;
  /** A reprint's holder: what they held of the issue before (their slip sheets remove only those). */
  heldBeforeSheetNumbers: string[] | null;
  lines: PriceLine[];
  subtotalCents: number;
  rushFeeCents: number;
  shippingCostCents: number;
  shippingQuoteId: string | null;
  shippingService: string | null;
  taxState: string | null;
  taxCents: number;
  totalCents: number;
  trackingNumber: string | null;
  labelKey: string | null;
  labelCarrier: string | null;
  easypostShipmentId: string | null;
};

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
  sets: number;
  /** Half-size copies of the set (0 on orders placed before they existed). */
  half_sets: number;
  color_sheets: number[];
  /** Null on orders placed before sets and color per sheet. */
  color_sheet_count: number | null;
  bw_sheet_count: number | null;
  price_lines: PriceLine[] | null;
  job_name: string | null;
  po_number: string | null;
  notes: string | null;
  price_per_page_cents: number | null;
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
  payment_status: PaymentStatus;
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
  /** The firm the order was placed for (its placer's firm at the time), its project and that project's code then. */
  firm_id: string | null;
  project_id: string | null;
  project_code: string | null;
  /** The project's name when the order was placed. */
  project_name: string | null;
  /** The project's cost code it was placed under (one of the project's then). */
  cost_code: string | null;
  /** Null: the order never needed a firm's approval (core/orders/commands/approvals.ts). */
  approval_state: ApprovalState | null;
  approval_waits_for: string | null;
  approval_requested_at: Date | null;
  approval_decided_by_user_id: string | null;
  approval_decided_by_name: string | null;
  approval_decided_at: Date | null;
  approval_reason: string | null;
  /** The signed-in person who placed it; null for a guest. */
  placed_by_user_id: string | null;
  /** The firm's certificate that made the tax $0.00, and the words shown for it. */
  tax_exempt_certificate_id: string | null;
  tax_exempt_text: string | null;
  /** The set's preflight warnings when the order was placed ([] on older orders). */
  sheet_warnings: SheetWarning[] | null;
  /** The set's files (ORDER_FILES_COLUMN, or withOrderFiles), when the query read them; see filesOf(). */
  files?: OrderFileRow[] | null;
  /** The order's recipients (ORDER_RECIPIENTS_COLUMN, or withRecipients), when the query read them; see packagesOfOrder(). */
  recipients?: RecipientPackage[] | null;
  /** The certificate's state, kind and number, as they were when the order was priced. */
  tax_exempt_state: string | null;
  tax_exempt_kind: string | null;
  tax_exempt_number: string | null;
  /** A revision's reprint: the revision, the order it revises (null once gone) and the positions of its new issue printed. */
  revision_id: string | null;
  revision_of_order_id: string | null;
  print_positions: number[] | null;
  /** A reprint's PDF of exactly its printed sheets, once built (orders__build_printed_sheets); null before, and for other orders. */
  printed_sheets_key: string | null;
  /** 11" x 17" reduced sets; finishing of the full-size and half-size sets (null on older orders: none). */
  reduced_sets: number;
  finishing: Finishing | null;
  half_finishing: Finishing | null;
  /** The set's positions in the order they print (the customer's "Sort by discipline"); null: file order. */
  sheet_order: number[] | null;
  created_at: Date;
  updated_at: Date;
};

/** The exemption the order was priced with, as the order JSON carries it; null when taxed. */
export function taxExemptionOf(row: Pick<OrderRow, 'tax_exempt_text' | 'tax_exempt_state' | 'tax_exempt_kind' | 'tax_exempt_number'>): TaxExemptionJson | null {
  if (!row.tax_exempt_text) return null;
  return { state: row.tax_exempt_state ?? '', kind: row.tax_exempt_kind ?? '', number: row.tax_exempt_number ?? '', label: row.tax_exempt_text };
}

export type ShippingAddress = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

/**
 * The order's price lines as charged. Orders placed before the lines were stored had one set in one
 * ink: their one line is rebuilt from the stored per-sheet price.
 */
export function priceLinesOf(
  row: Pick<OrderRow, 'price_lines' | 'print_size' | 'print_type' | 'page_count' | 'price_per_page_cents' | 'subtotal_cents'>,
): PriceLine[] {
  if (row.price_lines) return row.price_lines;
  const ink = row.print_type === 'color' ? 'color' : 'bw';
  const size = row.print_size === '30x42' ? '30" x 42"' : '24" x 36"';
  const unitPriceCents = row.price_per_page_cents ?? Math.round(row.subtotal_cents / row.page_count);
  return [
    { description: `${size} ${ink === 'color' ? 'color' : 'black and white'}`, ink, quantity: row.page_count, unitPriceCents, amountCents: row.subtotal_cents },
  ];
}

/** The color and B&W sheet counts of one set, also for orders placed before they were stored. */
export function sheetCountsOf(row: Pick<OrderRow, 'color_sheet_count' | 'bw_sheet_count' | 'print_type' | 'page_count'>): { color: number; bw: number } {
  const color = row.color_sheet_count ?? (row.print_type === 'color' ? row.page_count : 0);
  return { color, bw: row.bw_sheet_count ?? row.page_count - color };
}
