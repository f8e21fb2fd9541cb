/**
 * Prints a batch the counter sent (core/production/printing.ts): into a hot folder, or as an IPP
 * job followed to its end. Throws only to be tried again later (a busy printer, a job still
 * printing); a refusal or a printer gone is recorded on the batch for the counter to read.
 */
import { printBatch } from '#core/production/printing';
import { defineTask } from '../task';

export default defineTask({
  name: 'print_batches__print',
  async run({ batchId }, ctx) {
    const outcome = await printBatch({ sql: ctx.sql, storage: ctx.storage, dataDir: ctx.env.DATA_DIR }, batchId);
    ctx.log.info('print_batches__print', { batchId, outcome });
  },
});
