/**
 * Reading a revision for a request: the one place its access rule (canAccessRevision) is applied, for
 * the revision routes and for checkout's reprint of a revision. Anyone else gets 404.
 */
import type { Request } from 'express';
import type { Queryable } from '#core/lib/db';
import { notFound } from '#core/lib/errors';
import type { OrderRow } from '#core/orders/orderRow';
import type { RevisionRow } from '../presenters/revision';
import { canAccessRevision } from './orderAccess';

export const REVISION_NOT_FOUND = 'Revision not found.';

type AccessOrder = Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token'>;

/** The revision (with its new issue's uploads, in order) when this request may read it; else 404. */
export async function readableRevision(sql: Queryable, req: Request, id: string): Promise<RevisionRow & { upload_ids: string[] }> {
  const [row] = await sql<(RevisionRow & { upload_ids: string[]; order: AccessOrder | null })[]>`
    select r.id, r.status, r.previous_order_id, r.message, r.user_id, r.session_sid, r.upload_ids,
      case when o.id is null then null else json_build_object('user_id', o.user_id, 'session_sid', o.session_sid, 'access_token', o.access_token) end as order
    from revisions r left join orders o on o.id = r.previous_order_id where r.id = ${id}`;
  if (!row || !canAccessRevision(req, row, row.order)) throw notFound(REVISION_NOT_FOUND);
  const { order: _order, ...revision } = row;
  return revision;
}
