/** Turns order rows into the contract's JSON: dollars with two decimals, camelCase, no internals. */
import { centsToDollars } from '#shared/money';
import { orderNumberOf } from '#shared/fields';
import type { OrderJson, RecipientJson, StatusHistoryEntry } from '#shared/orderJson';
import { packagesOfOrder, type RecipientPackage } from '#core/orders/recipients';
import type { ApprovalJson } from '#shared/approval';
import { readyByText } from '#shared/readyBy';
import { trackingUrlFor } from '#shared/tracking';
import { statusText } from '#shared/orderStatus';
import type { StatusChange } from '#core/orders/statusHistory';

import { linesToJson } from '#shared/pricing';
import { NO_FINISHING } from '#shared/finishing';
import { filesOf, orderNameOf } from '#core/orders/orderFiles';
import { priceLinesOf, sheetCountsOf, taxExemptionOf, type OrderRow } from '#core/orders/orderRow';

/**
 * The timeline: "pending" when the order was placed (paid), then every recorded change. `changes`
 * is what loadStatusHistory read for this order (none when the caller did not read them).
 */
export function statusTimeline(row: OrderRow, changes: StatusChange[] = []): StatusHistoryEntry[] {
  const placed = { status: 'pending' as const, at: (row.paid_at ?? row.created_at).toISOString() };
  return [placed, ...changes.map((c) => ({ status: c.to_status, at: c.created_at.toISOString() }))];
}

/** One package of the order as its JSON shows it. */
export function presentRecipient(p: RecipientPackage): RecipientJson {
  return {
    id: p.id,
    name: p.name,
    company: p.company,
    email: p.email,
    delivery: p.delivery,
    address: p.address,
    sets: p.sets,
    halfSets: p.halfSets,
    finishing: p.finishing ?? NO_FINISHING,
    halfFinishing: p.halfFinishing ?? NO_FINISHING,
    reducedSets: p.reducedSets,
    positions: p.positions,
    sheetNumbers: p.sheetNumbers,
    sheetCount: p.positions.length,
    lines: linesToJson(p.lines),
    subtotal: centsToDollars(p.subtotalCents),
    shippingCost: centsToDollars(p.shippingCostCents),
    shippingService: p.shippingService,
    taxState: p.taxState,
    taxAmount: centsToDollars(p.taxCents),
    total: centsToDollars(p.totalCents),
    trackingNumber: p.trackingNumber,
    trackingUrl: p.labelKey ? trackingUrlFor(p.labelCarrier, p.trackingNumber) : null,
  };
}

/** The firm's approval of the order, when it needed one. */
export function approvalOf(row: OrderRow): ApprovalJson | null {
  if (!row.approval_state) return null;
  return {
    state: row.approval_state,
    payBy: row.payment_provider ? 'card' : 'account',
    waitsFor: row.approval_waits_for,
    requestedAt: row.approval_requested_at?.toISOString() ?? null,
    decidedBy: row.approval_decided_by_name,
    decidedAt: row.approval_decided_at?.toISOString() ?? null,
    reason: row.approval_reason,
  };
}

/** The contract's order JSON; `changes` are the order's status-history rows, oldest first. */
export function presentOrder(row: OrderRow, changes?: StatusChange[], now = new Date()): OrderJson {
  const counts = sheetCountsOf(row);
  const readyText = row.ready_by ? readyByText(row.ready_by, now) : null;
  return {
    id: row.id,
    recipients: packagesOfOrder(row).map(presentRecipient),
    orderNumber: orderNumberOf(row.id),
    status: row.status,
    paymentStatus: row.approval_state === 'waiting' && row.payment_status === 'unpaid' ? 'awaiting_approval' : row.payment_status,
    approval: approvalOf(row),
    statusText: statusText({
      approval: row.approval_state
        ? {
            state: row.approval_state,
            payBy: row.payment_provider ? 'card' : 'account',
            waitsFor: row.approval_waits_for,
            decidedBy: row.approval_decided_by_name,
            reason: row.approval_reason,
          }
        : null,
      status: row.status,
      paymentStatus: row.payment_status,
      shippingMethod: row.shipping_method,
      readyByText: readyText,
      trackingNumber: row.tracking_number,
    }),
    name: orderNameOf(row),
    fileName: row.file_name,
    pageCount: row.page_count,
    files: filesOf(row).map((f) => ({ uploadId: f.uploadId, fileName: f.fileName, pageCount: f.pageCount, firstPosition: f.firstPosition })),
    warnings: row.sheet_warnings ?? [],
    printSize: row.print_size as OrderJson['printSize'],
    printType: row.print_type as OrderJson['printType'],
    sets: row.sets,
    halfSets: row.half_sets ?? 0,
    colorSheets:
      row.print_type === 'auto'
        ? row.color_sheets
        : row.print_type === 'color'
          ? (row.print_positions ?? Array.from({ length: row.page_count }, (_, i) => i + 1))
          : [],
    colorSheetCount: counts.color,
    bwSheetCount: counts.bw,
    lines: linesToJson(priceLinesOf(row)),
    jobName: row.job_name,
    poNumber: row.po_number,
    notes: row.notes,
    pricePerPage: row.price_per_page_cents === null ? null : centsToDollars(row.price_per_page_cents),
    subtotal: centsToDollars(row.subtotal_cents),
    rushOrder: row.rush_order,
    rushFee: centsToDollars(row.rush_fee_cents),
    shippingMethod: row.shipping_method,
    shippingCost: centsToDollars(row.shipping_cost_cents),
    shippingService: row.shipping_service,
    taxState: row.tax_state,
    taxAmount: centsToDollars(row.tax_cents),
    taxExemption: taxExemptionOf(row),
    totalAmount: centsToDollars(row.total_cents),
    customerEmail: row.customer_email,
    customerFirstName: row.customer_first_name,
    customerLastName: row.customer_last_name,
    customerPhone: row.customer_phone,
    shippingAddress: row.shipping_address,
    estimatedDelivery: row.estimated_delivery,
    trackingNumber: row.tracking_number,
    trackingUrl: row.label_key ? trackingUrlFor(row.label_carrier, row.tracking_number) : null,
    readyBy: row.ready_by?.toISOString() ?? null,
    readyByText: readyText,
    statusHistory: statusTimeline(row, changes),
    cardLast4: row.card_last4,
    hasReceipt: row.receipt_key !== null,
    hasLabel: row.label_key !== null,
    fileDeletedAt: row.file_deleted_at?.toISOString() ?? null,
    firmId: row.firm_id,
    projectId: row.project_id,
    projectCode: row.project_code,
    projectName: row.project_name,
    costCode: row.cost_code,
    placedBy: row.placed_by_user_id
      ? {
          userId: row.placed_by_user_id,
          name: [row.customer_first_name, row.customer_last_name].filter(Boolean).join(' '),
          email: row.customer_email,
        }
      : null,
    revisionOf: row.revision_of_order_id ? { orderId: row.revision_of_order_id, orderNumber: orderNumberOf(row.revision_of_order_id) } : null,
    printPositions: row.print_positions ?? null,
    sheetOrder: row.sheet_order ?? null,
    reducedSets: row.reduced_sets ?? 0,
    finishing: row.finishing ?? NO_FINISHING,
    halfFinishing: row.half_finishing ?? NO_FINISHING,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export type { OrderJson, OrderRow };
export type { ShippingAddress } from '#core/orders/orderRow';
