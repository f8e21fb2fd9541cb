/**
 * The sentence a customer reads for an order's current state: one home for it, so the order page,
 * /orders, the dashboard, Track Orders and every email say the same thing. The spec's four words
 * stay the `status` values; this is what they mean to the person waiting for prints.
 */
import type { OrderStatus, PaymentStatus } from './fields';
import type { ApprovalPayBy, ApprovalState } from './approval';

/** What the sentence depends on. `readyByText` is how the promise reads to the reader ("Today by 7:00 PM"). */
export type StatusTextInput = {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  shippingMethod: 'pickup' | 'shipping';
  readyByText: string | null;
  trackingNumber: string | null;
  /** The firm's approval, when the order needed one. */
  approval?: { state: ApprovalState; payBy?: ApprovalPayBy; waitsFor: string | null; decidedBy: string | null; reason: string | null } | null;
};

/** "Today by 7:00 PM" → "today by 7:00 PM", to sit inside a sentence. */
function inSentence(readyByText: string): string {
  return readyByText.startsWith('Today') ? `t${readyByText.slice(1)}` : readyByText;
}

/** The customer-facing sentence for an order's current state. */
export function statusText(order: StatusTextInput): string {
  if (order.paymentStatus === 'refunded') return 'Refunded — this order was cancelled and your payment returned.';
  const approval = order.approval;
  if (approval && order.paymentStatus === 'unpaid') {
    switch (approval.state) {
      case 'waiting':
        return approval.payBy === 'card'
          ? `Awaiting approval — waiting for ${approval.waitsFor ?? 'an approver of your firm'} to approve it; you pay by card here once it is approved. Nothing is charged or printed until then.`
          : `Awaiting approval — waiting for ${approval.waitsFor ?? 'an approver of your firm'} to approve it. Nothing is charged or printed until then.`;
      case 'declined':
        return `Cancelled — declined by ${approval.decidedBy ?? 'an approver'}${approval.reason ? `: ${approval.reason}` : '.'}`;
      case 'withdrawn':
        return 'Cancelled — you withdrew this order before it was approved. Nothing was charged or printed.';
      case 'expired':
        // An approved card order its placer did not pay keeps who approved it.
        return approval.decidedBy
          ? `Cancelled — approved by ${approval.decidedBy} but not paid within 7 days. Nothing was charged or printed.`
          : 'Cancelled — no one approved this order within 7 days. Nothing was charged or printed.';
      case 'approved':
        if (approval.payBy === 'card' && order.status !== 'failed') {
          return `Approved by ${approval.decidedBy ?? 'your firm'} — pay by card to send it to print. Nothing is charged or printed until then.`;
        }
        break;
    }
  }
  if (order.paymentStatus === 'unpaid') {
    return order.status === 'failed'
      ? 'Cancelled — this order was not paid and will not be printed.'
      : 'Awaiting payment — this order is not paid yet and has not been printed.';
  }
  const ready = order.readyByText ? `, ready ${inSentence(order.readyByText)}` : '';
  switch (order.status) {
    case 'pending':
      return order.paymentStatus === 'invoiced' ? `Invoiced to your firm — in the print queue${ready}.` : `Paid — in the print queue${ready}.`;
    case 'processing':
      return order.shippingMethod === 'shipping'
        ? 'Printing — your drawings are being printed and packed for shipping.'
        : `Printing — your drawings are being printed${ready}.`;
    case 'completed':
      if (order.shippingMethod === 'pickup') return 'Ready for pickup at the counter.';
      return order.trackingNumber ? `Shipped — on its way, tracking number ${order.trackingNumber}.` : 'Printed — your tube is being packed for shipping.';
    case 'failed':
      return 'There was an issue with your order. Please contact support.';
  }
}

/** The badge's color family: the shop's Badge tones. */
export type StatusBadgeTone = 'pending' | 'processing' | 'completed' | 'failed' | 'neutral';

/**
 * The short badge beside an order, read from its `statusText` so the two never disagree (a paid
 * order is never a yellow "Pending" beside "Payment received"). Every screen uses this one helper;
 * the lookups carry `statusText` without `paymentStatus`, so the sentence is the source.
 */
export function statusBadge(order: { status: string; statusText: string }): { label: string; tone: StatusBadgeTone } {
  const text = order.statusText;
  if (text.startsWith('Refunded')) return { label: 'Refunded', tone: 'neutral' };
  if (order.status === 'failed' || text.startsWith('Cancelled')) return { label: 'Cancelled', tone: 'failed' };
  if (text.startsWith('Awaiting payment')) return { label: 'Awaiting payment', tone: 'pending' };
  if (text.startsWith('Awaiting approval')) return { label: 'Awaiting approval', tone: 'pending' };
  if (text.startsWith('Approved')) return { label: 'Approved — to pay', tone: 'pending' };
  if (text.startsWith('Invoiced')) return { label: 'Invoiced', tone: 'processing' };
  if (text.startsWith('Paid')) return { label: 'Paid', tone: 'processing' };
  if (text.startsWith('Printing')) return { label: 'Printing', tone: 'processing' };
  if (text.startsWith('Ready')) return { label: 'Ready', tone: 'completed' };
  if (text.startsWith('Shipped')) return { label: 'Shipped', tone: 'completed' };
  if (text.startsWith('Printed')) return { label: 'Printed', tone: 'completed' };
  return { label: 'Unknown', tone: 'neutral' };
}
