/** What the order keeps of its documents: the receipt drawn for it, and when its PDF was deleted. */
import type { Queryable } from '../../lib/db';

/** The receipt now lives at `key` (one fixed key per order). */
export async function recordReceipt(db: Queryable, input: { orderId: string; key: string }): Promise<void> {
  await db`update orders set receipt_key = ${input.key} where id = ${input.orderId} and receipt_key is distinct from ${input.key}`;
}

/** The order's PDF and previews were deleted after printing (the retention job); recorded once. */
export async function markFilesDeleted(db: Queryable, input: { orderId: string }): Promise<void> {
  await db`update orders set file_deleted_at = now(), updated_at = now() where id = ${input.orderId} and file_deleted_at is null`;
}
