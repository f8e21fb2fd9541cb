/**
 * Buys (or re-fetches) an order's shipping label through the same idempotent function the admin
 * route uses: the shipment id is saved before buying and a bought shipment is never bought again.
 */
import { defineTask } from '../task';
import { generateLabel } from '#core/services/labels/index';
import { HttpError } from '#core/lib/errors';

export default defineTask({
  name: 'orders__buy_label',
  async run({ orderId }, ctx) {
    try {
      await generateLabel(ctx, orderId);
    } catch (error) {
      // A pickup order or a missing order cannot be fixed by a retry.
      if (error instanceof HttpError && error.status < 500) return ctx.log.warn(`orders__buy_label: ${error.message}`, { orderId });
      throw error;
    }
  },
});
