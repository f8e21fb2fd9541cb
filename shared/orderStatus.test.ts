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

  it('says whose approval a waiting order needs, and why one that went to approval was cancelled', () => {
    const unpaid = { ...paidPickup, paymentStatus: 'unpaid' as const, readyByText: null };
    const approval = { state: 'waiting' as const, waitsFor: 'Olive Builder or Ada Builder', decidedBy: null, reason: null };
    expect(statusText({ ...unpaid, approval })).toBe(
      'Awaiting approval — waiting for Olive Builder or Ada Builder to approve it. Nothing is charged or printed until then.',
    );
    const declined = { ...unpaid, status: 'failed' as const, approval: { ...approval, state: 'declined' as const, decidedBy: 'Ada Builder' } };
    expect(statusText({ ...declined, approval: { ...declined.approval, reason: 'Over budget' } })).toBe('Cancelled — declined by Ada Builder: Over budget');
    expect(statusText(declined)).toBe('Cancelled — declined by Ada Builder.');
    expect(statusText({ ...declined, approval: { ...approval, state: 'expired' } })).toMatch(/^Cancelled — no one approved this order within 7 days/);
    expect(statusText({ ...declined, approval: { ...approval, state: 'withdrawn' } })).toMatch(/^Cancelled — you withdrew this order/);
    // Once approved, the order reads like any order on account.
    expect(statusText({ ...paidPickup, paymentStatus: 'invoiced', approval: { ...approval, state: 'approved', decidedBy: 'Ada Builder' } })).toBe(
      'Invoiced to your firm — in the print queue, ready today by 7:00 PM.',
    );
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

describe('statusText of a card order that went to approval', () => {
  const unpaid = { ...paidPickup, paymentStatus: 'unpaid' as const, readyByText: null };
  const approval = { state: 'waiting' as const, payBy: 'card' as const, waitsFor: 'Olive Builder', decidedBy: null, reason: null };

  it('says what it waits for at each step: the approver, then the placer’s card, then the print queue', () => {
    expect(statusText({ ...unpaid, approval })).toBe(
      'Awaiting approval — waiting for Olive Builder to approve it; you pay by card here once it is approved. Nothing is charged or printed until then.',
    );
    const approved = { ...approval, state: 'approved' as const, decidedBy: 'Sam Lee' };
    expect(statusText({ ...unpaid, approval: approved })).toBe(
      'Approved by Sam Lee — pay by card to send it to print. Nothing is charged or printed until then.',
    );
    expect(statusText({ ...paidPickup, approval: approved })).toBe('Paid — in the print queue, ready today by 7:00 PM.');
    expect(statusText({ ...unpaid, status: 'failed', approval: { ...approved, state: 'expired' } })).toBe(
      'Cancelled — approved by Sam Lee but not paid within 7 days. Nothing was charged or printed.',
    );
  });

  it('badges the waiting and the approved-to-pay steps as pending', () => {
    const badge = (input: StatusTextInput) => statusBadge({ status: input.status, statusText: statusText(input) });
    expect(badge({ ...unpaid, approval })).toEqual({ label: 'Awaiting approval', tone: 'pending' });
    expect(badge({ ...unpaid, approval: { ...approval, state: 'approved', decidedBy: 'Sam Lee' } })).toEqual({ label: 'Approved — to pay', tone: 'pending' });
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
