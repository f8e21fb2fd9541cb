/** The order as the API sends it (contract "Orders"): one type for the presenter and every screen. */
import type { Finishing } from './finishing';
import type { OrderStatus, PaymentStatus } from './fields';
import type { ApprovalJson } from './approval';
import type { OrderPrintSize, OrderPrintType, PriceLineJson } from './pricing';
import type { SheetWarning } from './sheetNumbers';

/** One file of the order's drawing set, in print order; its sheets are positions firstPosition.. of the set. */
export type OrderFileJson = { uploadId: string | null; fileName: string; pageCount: number; firstPosition: number };
import type { TaxExemptionJson } from './firm';

export type ShippingAddressJson = { street1: string; street2?: string | null; city: string; state: string; zipCode: string };

/**
 * One recipient's package (docs/decisions/050-recipients.md): who gets what of the set, how, and
 * what it cost. An order without recipients has one, its customer's (`id` null).
 */
export type RecipientJson = {
  id: string | null;
  name: string;
  company: string | null;
  email: string | null;
  delivery: 'pickup' | 'shipping';
  address: ShippingAddressJson | null;
  sets: number;
  halfSets: number;
  /** What the counter does to this package's full-size and half-size sets (none when not chosen), and its 11" x 17" reduced sets. */
  finishing: Finishing;
  halfFinishing: Finishing;
  reducedSets: number;
  /** Set positions (1..pageCount) in this package. */
  positions: number[];
  sheetNumbers: string[];
  sheetCount: number;
  lines: PriceLineJson[];
  subtotal: number;
  shippingCost: number;
  shippingService: string | null;
  taxState: string | null;
  taxAmount: number;
  total: number;
  trackingNumber: string | null;
  trackingUrl: string | null;
};

/** One step of an order's life: the status it entered and when. */
export type StatusHistoryEntry = { status: OrderStatus; at: string };

export type OrderJson = {
  id: string;
  /** Every package of the order: its recipients, or the customer alone. The order's amounts are their sums. */
  recipients: RecipientJson[];
  orderNumber: string;
  status: OrderStatus;
  /** `awaiting_approval` while a member's order waits for a firm's approver (stored unpaid). */
  paymentStatus: PaymentStatus | 'awaiting_approval';
  /** The firm's approval, when the order needed one. */
  approval: ApprovalJson | null;
  /** The sentence the customer reads for the current state (`statusText` in shared/orderStatus.ts). */
  statusText: string;
  /**
   * How every screen names the order: its job name, else what it prints ("A-101 – A-107, 6 sheets";
   * a reprint "A-102, A-107 of the revision of #1A2B3C4D"); see shared/orderText.ts, orderName.
   */
  name: string;
  /** The set's first file (for screens made before sets had several files); `files` has them all. */
  fileName: string;
  /** Sheets of the whole set. */
  pageCount: number;
  /** The drawing set's files in print order. */
  files: OrderFileJson[];
  /** The set's preflight when it was ordered: a sheet number twice, a listed sheet missing (positions through the set). */
  warnings: SheetWarning[];
  /** `asDrawn`: each sheet at 100% on its own paper; a paper: every sheet on it. */
  printSize: OrderPrintSize;
  printType: OrderPrintType;
  /** Full-size copies of the set. */
  sets: number;
  /** Half-size copies: every sheet at 50% on half its paper. */
  halfSets: number;
  /** Positions (1..pageCount through the set) printed in color. */
  colorSheets: number[];
  /** Per set. */
  colorSheetCount: number;
  bwSheetCount: number;
  /** The prints as charged; they add up to `subtotal`. */
  lines: PriceLineJson[];
  jobName: string | null;
  poNumber: string | null;
  notes: string | null;
  /** The one per-sheet price when every sheet is one ink, else null. */
  pricePerPage: number | null;
  subtotal: number;
  rushOrder: boolean;
  rushFee: number;
  shippingMethod: 'pickup' | 'shipping';
  shippingCost: number;
  shippingService: string | null;
  taxState: string | null;
  taxAmount: number;
  /** The certificate that made the tax $0.00 (its `label`: "Tax exempt — NJ ST-5 exempt organization #…"), or null. */
  taxExemption: TaxExemptionJson | null;
  totalAmount: number;
  customerEmail: string;
  customerFirstName: string;
  customerLastName: string;
  customerPhone: string | null;
  shippingAddress: ShippingAddressJson | null;
  estimatedDelivery: string | null;
  trackingNumber: string | null;
  /** The carrier's tracking page, once a label exists. */
  trackingUrl: string | null;
  /** ISO instant the order is promised ready (fixed at payment); null before payment. */
  readyBy: string | null;
  /** "Today by 7:00 PM" style text of readyBy, as of when it was promised. */
  readyByText: string | null;
  /** The statuses the order went through, oldest first, starting with "pending" when it was placed. */
  statusHistory: StatusHistoryEntry[];
  cardLast4: string | null;
  hasReceipt: boolean;
  hasLabel: boolean;
  fileDeletedAt: string | null;
  /** The firm the order belongs to (its placer's firm when it was placed), or null. */
  firmId: string | null;
  /** The firm's project the order was placed for, and its code as it was then. */
  projectId: string | null;
  projectCode: string | null;
  projectName: string | null;
  /** The project's cost code the order was placed under (the firm bills it back by it), or null. */
  costCode: string | null;
  /** The signed-in person who placed it (name and email as typed at checkout); null for a guest order. */
  placedBy: { userId: string; name: string; email: string } | null;
  /** The order this one reprints the changed sheets of (a revision), or null. */
  revisionOf: { orderId: string; orderNumber: string } | null;
  /** A revision's reprint: the positions of the new issue printed (`pageCount` of them); null for a whole set. */
  printPositions: number[] | null;
  /** The set's positions (1..N) in the order they print, as sorted on the card; null: in file order. */
  sheetOrder: number[] | null;
  /** 11" x 17" reduced sets, and what the counter does to the full-size and half-size sets. */
  reducedSets: number;
  finishing: Finishing;
  halfFinishing: Finishing;
  createdAt: string;
  updatedAt: string;
};
