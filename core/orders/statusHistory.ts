/** An order's status changes (the `order_status_history` table), read for the order JSON's timeline. */
import type { Queryable } from '../lib/db';
import type { OrderRow } from './orderRow';

export type StatusChange = { order_id: string; to_status: OrderRow['status']; created_at: Date };

/** The changes of the given orders, oldest first, grouped by order id. */
export async function loadStatusHistory(db: Queryable, orderIds: string[]): Promise<Map<string, StatusChange[]>> {
  const byOrder = new Map<string, StatusChange[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db<StatusChange[]>`
    select order_id, to_status, created_at from order_status_history
    where order_id = any(${orderIds}::uuid[]) and undone_at is null order by created_at, id`;
  for (const row of rows) {
    const list = byOrder.get(row.order_id) ?? [];
    list.push(row);
    byOrder.set(row.order_id, list);
  }
  return byOrder;
}
