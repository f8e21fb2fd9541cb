/**
 * The job catalog: every graphile-worker task the shop runs, with the zod schema of its payload.
 * `addJob` (core/lib/db.ts) is typed by it and checks a payload before enqueuing it; the
 * worker parses each payload with the same schema and fails the job loudly (retried, logged, seen
 * in the queue) when it does not match. A task file in worker/src/tasks/ must have an entry here,
 * and an entry here must have a task file (worker/src/tasks.test.ts checks both ways).
 */
import { z } from 'zod';
import { MAX_PREVIEWS } from './limits';

/** Recurring jobs get graphile-worker's cron payload (`_cron`); they read nothing from it. */
const cron = z.object({}).loose();

export const JOB_PAYLOADS = {
  emails__send: z.object({ emailId: z.uuid() }),
  exports__build: z.object({ exportId: z.uuid() }),
  exports__delete_expired: cron,
  firm_tax_certificates__remind: cron,
  invoices__remind: cron,
  invoices__refund_duplicate: z.object({ invoiceId: z.uuid(), paymentIntentId: z.string().min(1).max(255) }),
  invoices__render_pdf: z.object({ invoiceId: z.uuid() }),
  orders__build_printed_sheets: z.object({ orderId: z.uuid() }),
  orders__buy_label: z.object({ orderId: z.uuid() }),
  orders__cleanup_unpaid: cron,
  orders__create_account: z.object({ orderId: z.uuid() }),
  orders__delete_files: cron,
  orders__expire_approvals: cron,
  orders__recheck_unpaid: cron,
  orders__notify_status: z.object({ orderId: z.uuid(), historyId: z.string().regex(/^\d{1,18}$/) }),
  orders__reconcile_payment: z.object({ paymentIntentId: z.string().min(1).max(255), eventId: z.string().max(255).optional() }),
  orders__refund_cancelled: z.object({ orderId: z.uuid() }),
  orders__refund_unapproved: z.object({ orderId: z.uuid(), paymentIntentId: z.string().min(1).max(255) }),
  orders__render_receipt: z.object({ orderId: z.uuid() }),
  print_batches__build: z.object({ orderId: z.uuid() }),
  print_batches__print: z.object({ batchId: z.uuid() }),
  revisions__compare: z.object({ revisionId: z.uuid() }),
  revisions__delete_expired: cron,
  uploads__analyze: z.object({ uploadId: z.uuid() }),
  uploads__leave_out: z.object({ uploadId: z.uuid() }),
  uploads__cleanup: cron,
  uploads__render_large_preview: z.object({ uploadId: z.uuid(), page: z.number().int().min(1).max(MAX_PREVIEWS) }),
  uploads__report: z.object({ uploadId: z.uuid() }),
  uploads__sweep_orphans: cron,
  users__claim_guest_orders: z.object({ userId: z.uuid() }),
  users__send_order_lookup: z.object({ email: z.string().min(3).max(254) }),
  users__send_password_reset: z.object({ email: z.string().min(3).max(254) }),
} as const;

/** A task's name. */
export type JobName = keyof typeof JOB_PAYLOADS;

/** What a task's payload must look like when it is enqueued. */
export type JobPayload<N extends JobName> = z.input<(typeof JOB_PAYLOADS)[N]>;

/** True for a name in the catalog. */
export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOB_PAYLOADS, name);
}
