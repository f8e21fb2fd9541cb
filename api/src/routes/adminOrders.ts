/**
 * Admin orders: the paid-order list (newest first, keyset pages), counters by status, status
 * changes (through the changeStatus command, with a short undo before the customer is emailed), the
 * order PDF (a reprint's: exactly its printed sheets) and the email log.
 */
import { validate } from '../middleware/validate';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { ORDER_STATUSES, orderStatusField, uuidField } from '#shared/fields';
import { badRequest, conflict, notFound } from '#core/lib/errors';
import { requireAdmin } from '../http/sessions';
import { changeStatus, undoStatusChange } from '#core/orders/commands/changeStatus';
import { MAX_SET_FILES, STATUS_UNDO_SECONDS } from '#shared/limits';
import { filesOf, orderNameOf, withOrderFiles } from '#core/orders/orderFiles';
import { queuePrintedSheets } from '#core/orders/commands/files';
import { adminOrderPage, emailLog, paidOrderCounts, paidOrderFileFields, paidOrderHistory } from '#core/orders/queries';
import { presentAdminOrder } from '../presenters/adminOrder';
import { contentDisposition, sendStoredFile } from '../http/files';

export const ADMIN_PAGE_DEFAULT = 50;
export const ADMIN_PAGE_MAX = 200;

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${ADMIN_PAGE_MAX}`;
const ListQuery = z.object({
  status: z.union([orderStatusField, z.literal('all'), z.literal('')], { error: 'status must be pending, processing, completed, failed or all' }).optional(),
  q: z.string().trim().max(200).optional(),
  // An empty `limit=` (a form sends every field) means the default, as an empty status, q or cursor does.
  limit: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(ADMIN_PAGE_MAX, LIMIT_MESSAGE).default(ADMIN_PAGE_DEFAULT),
  ),
  cursor: z.string().max(200).optional(),
  /** newest: placed, newest first (default); due: open work, rush first, then by promised ready-by, soonest first. */
  sort: z.enum(['newest', 'due'], { error: 'sort must be newest or due' }).default('newest'),
});

const StatusBody = z.object({ status: orderStatusField });
const UndoBody = z.object({ historyId: z.string({ error: 'historyId is required' }).regex(/^\d{1,18}$/, 'historyId is not valid') });
const EmailsQuery = z.object({ orderId: z.uuid({ error: 'orderId must be an order id' }).optional(), to: z.string().trim().min(3).max(254).optional() });

type Sort = 'newest' | 'due';
type Cursor = { ts: string; id: string; sort: Sort; rush: boolean };
const CursorSchema = z.union([z.tuple([z.string().min(1).max(60), z.uuid()]), z.tuple([z.string().min(1).max(60), z.uuid(), z.literal('due'), z.boolean()])]);

/**
 * The cursor carries PostgreSQL's own text of the sort key (created_at, or the ready-by for "due",
 * to the microsecond), so no row is skipped; a "due" cursor says so, and whether its row was a rush
 * order (they come first), and is refused by the other sort.
 */
function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify(c.sort === 'due' ? [c.ts, c.id, 'due', c.rush] : [c.ts, c.id])).toString('base64url');
}
function decodeCursor(text: string, sort: Sort): Cursor {
  try {
    const [ts, id, kind, rush] = CursorSchema.parse(JSON.parse(Buffer.from(text, 'base64url').toString('utf8')));
    if (!/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(\.\d{1,6})?[+-]\d\d(:\d\d)?$/.test(ts)) throw new Error('bad time');
    if ((kind ?? 'newest') !== sort) throw new Error('cursor of another sort');
    return { ts, id, sort, rush: rush ?? false };
  } catch {
    throw badRequest('The cursor is not valid. Reload the list.');
  }
}

const listQuery = validate({ query: ListQuery });
const statusChange = validate({ params: z.object({ id: uuidField }), body: StatusBody }, 'Order not found.');
const undoChange = validate({ params: z.object({ id: uuidField }), body: UndoBody }, 'Order not found.');
const orderIdParams = validate({ params: z.object({ id: uuidField }) }, 'Order not found.');
/** `?file=N`: the set's Nth file (from 1); absent: the first file, or a reprint's printed sheets. */
const orderFileParams = validate(
  {
    params: z.object({ orderId: uuidField }),
    query: z.object({ file: z.coerce.number({ error: 'file must be a file number' }).int().min(1).max(MAX_SET_FILES).optional() }),
  },
  'Order not found.',
);
const emailsQuery = validate({ query: EmailsQuery });

export function adminOrderRoutes(ctx: AppContext): Router {
  const router = Router();
  const { sql } = ctx;

  router.get('/api/admin/orders', requireAdmin, listQuery, async (req, res) => {
    const query = listQuery.input(req).query;
    const status = query.status && query.status !== 'all' ? query.status : null;
    const cursor = query.cursor ? decodeCursor(query.cursor, query.sort) : null;
    const rows = await adminOrderPage(sql, { status, q: query.q, sort: query.sort, cursor, limit: query.limit });
    const page = await withOrderFiles(sql, rows.slice(0, query.limit));
    const last = page[page.length - 1];
    res.set('Cache-Control', 'no-store');
    res.json({
      orders: page.map(presentAdminOrder),
      nextCursor: rows.length > query.limit && last ? encodeCursor({ ts: last.cursor_ts, id: last.id, sort: query.sort, rush: last.rush_order }) : null,
    });
  });

  router.get('/api/admin/order-counts', requireAdmin, async (_req, res) => {
    const rows = await paidOrderCounts(sql);
    const counts = Object.fromEntries(ORDER_STATUSES.map((s) => [s, rows.find((r) => r.status === s)?.count ?? 0]));
    res.set('Cache-Control', 'no-store');
    res.json({ ...counts, total: rows.reduce((sum, r) => sum + r.count, 0) });
  });

  router.patch('/api/orders/:id/status', requireAdmin, statusChange, async (req, res) => {
    const { params, body } = statusChange.input(req);
    const changedBy = req.shop.adminUsername ?? 'admin';
    const result = await sql.begin((tx) => changeStatus(tx, { orderId: params.id, status: body.status, changedBy }));
    await withOrderFiles(sql, [result.order]);
    res.json({
      ...presentAdminOrder(result.order),
      // What the console needs to offer an Undo while the customer's email waits.
      statusChange: result.historyId ? { historyId: result.historyId, emailQueued: result.emailQueued, undoSeconds: STATUS_UNDO_SECONDS } : null,
    });
  });

  router.post('/api/admin/orders/:id/status/undo', requireAdmin, undoChange, async (req, res) => {
    const { params, body } = undoChange.input(req);
    const order = await sql.begin((tx) => undoStatusChange(tx, { orderId: params.id, historyId: body.historyId }));
    await withOrderFiles(sql, [order]);
    res.json(presentAdminOrder(order));
  });

  router.get('/api/admin/orders/:id/history', requireAdmin, orderIdParams, async (req, res) => {
    const id = orderIdParams.input(req).params.id;
    const rows = await paidOrderHistory(sql, id);
    if (!rows) throw notFound('Order not found.');
    res.json(
      rows.map((r) => ({
        fromStatus: r.from_status,
        toStatus: r.to_status,
        changedBy: r.changed_by,
        createdAt: r.created_at.toISOString(),
        undoneAt: r.undone_at?.toISOString() ?? null,
      })),
    );
  });

  router.get('/api/admin/pdf/:orderId', requireAdmin, orderFileParams, async (req, res) => {
    const { params, query } = orderFileParams.input(req);
    const row = await paidOrderFileFields(sql, params.orderId);
    if (!row) throw notFound('Order not found.');
    await withOrderFiles(sql, [row]);
    const download = req.query.download === 'true' || req.query.download === '1';
    if (row.print_positions && query.file === undefined) {
      // A reprint is viewed and downloaded as exactly the sheets it prints (built by the worker; the
      // whole new issue is `?file=N`).
      if (row.file_deleted_at) throw notFound('The file for this order was deleted after printing.');
      if (!row.printed_sheets_key) {
        // Asked again in case the order was paid before these were built: one job per order.
        await queuePrintedSheets(sql, { orderId: row.id });
        res.set('Retry-After', '10');
        throw conflict("The PDF of this reprint's printed sheets is still being prepared. Try again in a minute, or open the full issue.");
      }
      await sendStoredFile(
        ctx.storage,
        res,
        row.printed_sheets_key,
        { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', `${orderNameOf(row)}.pdf`) },
        "The PDF of this reprint's printed sheets is missing.",
      );
      return;
    }
    const number = query.file ?? 1;
    const file = filesOf(row)[number - 1];
    if (!file) throw notFound(`This order has no file ${number}.`);
    const order = { file_key: file.fileKey || null, file_name: file.fileName, file_deleted_at: row.file_deleted_at };
    if (!order.file_key || order.file_deleted_at) throw notFound('The file for this order was deleted after printing.');
    await sendStoredFile(
      ctx.storage,
      res,
      order.file_key,
      { 'Content-Type': 'application/pdf', 'Content-Disposition': contentDisposition(download ? 'attachment' : 'inline', order.file_name) },
      'The file for this order is missing.',
    );
  });

  router.get('/api/admin/emails', requireAdmin, emailsQuery, async (req, res) => {
    const query = emailsQuery.input(req).query;
    if (!query.orderId && !query.to) throw badRequest('Give an orderId or a to address.');
    const rows = await emailLog(sql, { orderId: query.orderId, to: query.to?.toLowerCase() });
    res.set('Cache-Control', 'no-store');
    res.json(
      rows.map((r) => ({
        id: r.id,
        orderId: r.order_id,
        to: r.to_address,
        subject: r.subject,
        kind: r.kind,
        status: r.status,
        text: r.text_body,
        error: r.error,
        sentAt: r.sent_at?.toISOString() ?? null,
        createdAt: r.created_at.toISOString(),
      })),
    );
  });

  return router;
}
