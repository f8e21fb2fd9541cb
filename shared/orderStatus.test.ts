import { describe, expect, it } from 'vitest';
import { statusBadge, statusText, type StatusTextInput } from './orderStatus';

const paidPickup: StatusTextInput = {
  status: 'pending',
  paymentStatus: 'paid',
  shippingMethod: 'pickup',
  readyByText: 'Today by 7:00 PM',
  trackingNumber: null,
};

describe('statusText', () => {
  it('says a paid order the counter has not started is in the print queue, with its promise', () => {
    expect(statusText(paidPickup)).toBe('Paid — in the print queue, ready today by 7:00 PM.');
    expect(statusText({ ...paidPickup, readyByText: 'Friday, Nov 27 by 7:00 PM' })).toBe('Paid — in the print queue, ready Friday, Nov 27 by 7:00 PM.');
  });

  it('never says "payment is being processed" for an unpaid order, and never promises a print', () => {
    const unpaid = statusText({ ...paidPickup, paymentStatus: 'unpaid', readyByText: null });
    expect(unpaid).toMatch(/^Awaiting payment/);
    expect(statusText({ ...paidPickup, paymentStatus: 'unpaid', status: 'failed' })).toMatch(/^Cancelled/);
  });

  it('tells a shipped order from one still being packed', () => {
    const shipping = { ...paidPickup, status: 'completed' as const, shippingMethod: 'shipping' as const };
    expect(statusText(shipping)).toMatch(/^Printed — your tube is being packed/);
    expect(statusText({ ...shipping, trackingNumber: '1Z999' })).toBe('Shipped — on its way, tracking number 1Z999.');
    expect(statusText({ ...paidPickup, status: 'completed' })).toBe('Ready for pickup at the counter.');
  });

  it('says refunded whatever the status', () => {
    for (const status of ['pending', 'processing', 'completed', 'failed'] as const) {
      expect(statusText({ ...paidPickup, status, paymentStatus: 'refunded' })).toMatch(/^Refunded/);
    }
  });
});

describe('statusBadge', () => {
  const badge = (input: StatusTextInput) => statusBadge({ status: input.status, statusText: statusText(input) });

  it('shows a paid order in the queue as "Paid", never a yellow "Pending" beside "Payment received"', () => {
    expect(badge(paidPickup)).toEqual({ label: 'Paid', tone: 'processing' });
    expect(badge({ ...paidPickup, paymentStatus: 'invoiced' })).toEqual({ label: 'Invoiced', tone: 'processing' });
  });

  it('follows the sentence through printing, ready, shipped and cancelled', () => {
    expect(badge({ ...paidPickup, status: 'processing' }).label).toBe('Printing');
    expect(badge({ ...paidPickup, status: 'completed' })).toEqual({ label: 'Ready', tone: 'completed' });
    expect(badge({ ...paidPickup, status: 'completed', shippingMethod: 'shipping', trackingNumber: '1Z' }).label).toBe('Shipped');
    expect(badge({ ...paidPickup, status: 'failed' })).toEqual({ label: 'Cancelled', tone: 'failed' });
    expect(badge({ ...paidPickup, paymentStatus: 'unpaid', readyByText: null })).toEqual({ label: 'Awaiting payment', tone: 'pending' });
    expect(badge({ ...paidPickup, paymentStatus: 'refunded' }).label).toBe('Refunded');
  });
});
