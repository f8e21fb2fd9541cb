import { describe, expect, it } from 'vitest';
import { statusText, type StatusTextInput } from './orderStatus';

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
