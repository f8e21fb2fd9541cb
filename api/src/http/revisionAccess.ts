/**
 * Reading a revision for a request: the one place its access rule (canAccessRevision) is applied, for
 * the revision routes and for checkout's reprint of a revision. Anyone else gets 404.
 */
import type { Request } from 'express';
import type { Queryable } from '#core/lib/db';
import { badRequest, notFound } from '#core/lib/errors';
import { printPositionsFor, type Reprint } from '#core/revisions/reprint';
import { readySet, type SetOwner, type UploadSet } from '#core/uploads/sets';
import type { OrderRow } from '#core/orders/orderRow';
import type { RevisionRow } from '../presenters/revision';
import { canAccessRevision } from './orderAccess';

export const REVISION_NOT_FOUND = 'Revision not found.';

type AccessOrder = Pick<OrderRow, 'user_id' | 'session_sid' | 'access_token' | 'payment_status'>;

/** The revision (with its new issue's uploads, in order) when this request may read it; else 404. */
export async function readableRevision(sql: Queryable, req: Request, id: string): Promise<RevisionRow & { upload_ids: string[] }> {
  const [row] = await sql<(RevisionRow & { upload_ids: string[]; order: AccessOrder | null })[]>`
    select r.id, r.status, r.previous_order_id, r.message, r.user_id, r.session_sid, r.upload_ids,
      case when o.id is null then null else json_build_object('user_id', o.user_id, 'session_sid', o.session_sid, 'access_token', o.access_token, 'payment_status', o.payment_status) end as order
    from revisions r left join orders o on o.id = r.previous_order_id where r.id = ${id}`;
  if (!row || !canAccessRevision(req, row, row.order)) throw notFound(REVISION_NOT_FOUND);
  const { order: _order, ...revision } = row;
  return revision;
}

type SetRequest = { uploadId?: string; uploadIds?: string[]; revisionId?: string; printPositions?: number[] };

/**
 * The drawing set a checkout or a shipping quote is for: the caller's uploads, or, with `revisionId`,
 * the revision's new issue (readable by this request and compared, else 404; the upload ids sent, if
 * any, must be the same) with the positions it prints.
 */
export async function requestedSet(
  sql: Queryable,
  req: Request,
  input: SetRequest,
  who: NonNullable<SetOwner>,
): Promise<{ set: UploadSet; reprint: Reprint | null }> {
  if (!input.revisionId) return { set: await readySet(sql, input.uploadIds ?? [input.uploadId as string], who, !input.uploadIds), reprint: null };
  const revision = await readableRevision(sql, req, input.revisionId);
  if (revision.status !== 'ready') throw notFound(REVISION_NOT_FOUND);
  const sent = input.uploadIds ?? (input.uploadId ? [input.uploadId] : null);
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();
  if (sent && !(sent.length === revision.upload_ids.length && sent.every((id, i) => same(id, revision.upload_ids[i]))))
    throw badRequest("The files must be the revision's new issue.");
  // Read through the revision's access rule: the files need not be this browser's uploads.
  const set = await readySet(sql, revision.upload_ids, null, false);
  const [previous] = revision.previous_order_id ? await sql<{ id: string }[]>`select id from orders where id = ${revision.previous_order_id}` : [];
  const positions = await printPositionsFor(sql, revision.id, set.pageCount, input.printPositions);
  return { set, reprint: { revisionId: revision.id, previousOrderId: previous?.id ?? null, positions } };
}
