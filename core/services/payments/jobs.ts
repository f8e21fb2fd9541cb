/** Enqueueing the one reconciliation job every payment path shares (demo confirm, webhooks, the recheck cron). */
import { addJob, type Queryable } from '../../lib/db';

/** Reconciliation re-reads the intent from the provider; waiting jobs for one intent collapse into one. */
export async function enqueueReconcile(db: Queryable, paymentIntentId: string, eventId?: string | null): Promise<void> {
  await addJob(
    db,
    'orders__reconcile_payment',
    { paymentIntentId, ...(eventId ? { eventId } : {}) },
    { jobKey: `reconcile:${paymentIntentId}`, maxAttempts: 12 },
  );
}
