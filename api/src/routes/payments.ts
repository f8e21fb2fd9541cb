/**
 * POST /api/payments/demo/confirm: the built-in test-mode card provider's confirmation. Only the
 * browser that may see the order can pay it, and only once its customer details are real.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { badRequest, conflict, notFound } from '#core/lib/errors';
import { canAccessOrder } from '../http/orderAccess';
import { validate } from '../middleware/validate';
import { emailField } from '#shared/fields';
import type { OrderRow } from '../presenters/order';
import { DemoPayments } from '#core/services/payments/demo';
import { PaymentProviderError } from '#core/services/payments/index';
import { enqueueReconcile } from '#core/services/payments/jobs';
import { CANCELLED_ORDER_MESSAGE } from '#core/orders/commands/placeOrder';
import { lockOrderById } from '#core/orders/queries';
import { approvalNeeded, checkoutRuleFields } from '#core/firms/rules';
import { approvalPaymentRefusal, OVER_APPROVAL_BY_CARD } from '#core/orders/commands/approvals';

const ConfirmSchema = z.object({
  orderId: z.string().trim().max(100),
  cardNumber: z.string({ error: 'Please enter a card number' }).trim().min(1, 'Please enter a card number').max(40),
});

/** The customer's details are real enough to take a payment (not the load-time placeholders). */
export function customerDetailsComplete(order: Pick<OrderRow, 'customer_email' | 'customer_first_name' | 'customer_last_name'>): boolean {
  return order.customer_first_name.trim() !== '' && order.customer_last_name.trim() !== '' && emailField.safeParse(order.customer_email).success;
}

const confirmBody = validate({ body: ConfirmSchema });

export function paymentRoutes(ctx: AppContext): Router {
  const router = Router();
  router.post('/api/payments/demo/confirm', confirmBody, async (req, res) => {
    const input = confirmBody.input(req).body;
    const payments = ctx.payments;
    if (!(payments instanceof DemoPayments)) throw notFound('The built-in card provider is not in use.');
    if (!z.uuid().safeParse(input.orderId).success) throw notFound('Order not found.');
    const result = await ctx.sql.begin(async (tx) => {
      const order = await lockOrderById(tx, input.orderId);
      if (!order || !canAccessOrder(req, order)) throw notFound('Order not found.');
      // An order sent to a firm's approver is paid only once approved (a declined one never).
      const unapproved = order.payment_status === 'unpaid' ? approvalPaymentRefusal(order) : null;
      if (unapproved) throw conflict(unapproved);
      if (!order.payment_intent_id || order.payment_provider !== 'demo') throw badRequest('This order has no test-mode payment. Please reload the checkout.');
      if (order.payment_status === 'paid') return { status: 'succeeded' as const };
      if (order.payment_status === 'refunded') throw badRequest('This order was refunded.');
      if (order.status === 'failed') throw badRequest(CANCELLED_ORDER_MESSAGE);
      if (!customerDetailsComplete(order)) {
        throw badRequest('Please fill in your first name, last name and a valid email address before paying.');
      }
      // The firm's rules as they stand now, on the order as it will be paid.
      await checkoutRuleFields(tx, order, { poNumber: order.po_number, costCode: order.cost_code, enforce: true });
      // Over the firm's limit as its rules stand now, an order never sent for approval must be sent first.
      if (
        order.approval_state === null &&
        order.firm_id &&
        (await approvalNeeded(tx, { firmId: order.firm_id, userId: order.placed_by_user_id, totalCents: order.total_cents }))
      ) {
        throw conflict(OVER_APPROVAL_BY_CARD);
      }
      try {
        const outcome = await payments.confirm(tx, order.payment_intent_id, input.cardNumber);
        if (outcome.status === 'succeeded') await enqueueReconcile(tx, order.payment_intent_id);
        return outcome;
      } catch (error) {
        if (error instanceof PaymentProviderError) throw badRequest(error.message);
        throw error;
      }
    });
    res.json(result);
  });
  return router;
}
