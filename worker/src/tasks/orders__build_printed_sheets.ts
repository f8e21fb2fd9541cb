/**
 * Builds a paid (or on-account) reprint's PDF of exactly the sheets it prints, which the counter
 * views and downloads (core/orders/printedSheets.ts). Safe to run twice: a built one is kept.
 */
import { buildPrintedSheets } from '#core/orders/printedSheets';
import { defineTask } from '../task';

export default defineTask({
  name: 'orders__build_printed_sheets',
  async run({ orderId }, ctx) {
    const outcome = await buildPrintedSheets({ sql: ctx.sql, storage: ctx.storage }, orderId);
    if (outcome.kind === 'skipped') ctx.log.info('orders__build_printed_sheets: nothing to build', { orderId, reason: outcome.reason });
    else ctx.log.info('orders__build_printed_sheets: built', { orderId, pages: outcome.pages });
  },
});
