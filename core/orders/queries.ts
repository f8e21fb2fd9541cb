/**
 * The reads of orders the HTTP side needs: the counter's list, counts, history, files and labels,
 * the customer's order page and lists, the guest lookups, the email log. Each takes the database
 * and plain input and returns rows; access checks and JSON stay with the routes and presenters.
 */
import type { Queryable, Sql } from '../lib/db';
import { ORDER_FILES_COLUMN } from './orderFiles';
import { ORDER_RECIPIENTS_COLUMN } from './recipients';
import type { OrderRow } from './orderRow';
import type { StatusChange } from './statusHistory';

/** One order by its id, whole (its set files are read apart, withOrderFiles). */
export async function orderById(db: Queryable, id: string): Promise<OrderRow | null> {
  const [order] = await db<OrderRow[]>`select * from orders where id = ${id}`;
  return order ?? null;
}

/** One order by its id, locked until the transaction ends (a payment being confirmed). */
export async function lockOrderById(db: Queryable, id: string): Promise<OrderRow | null> {
  const [order] = await db<OrderRow[]>`select * from orders where id = ${id} for update`;
  return order ?? null;
}

/** The order's status changes, oldest first, as one JSON column of the order's own query. */
const STATUS_CHANGES = `(select coalesce(json_agg(json_build_object('to_status', h.to_status, 'created_at', h.created_at) order by h.created_at, h.id), '[]'::json)
   from order_status_history h where h.order_id = o.id and h.undone_at is null) as status_changes`;

type WithChanges = OrderRow & { status_changes: { to_status: OrderRow['status']; created_at: string }[] };

/** The order with its set files, and its status changes (oldest first), in one round trip. */
export async function orderWithChanges(sql: Sql, id: string): Promise<{ order: OrderRow; changes: StatusChange[] } | null> {
  const [row] = await sql<
    WithChanges[]
  >`select o.*, ${sql.unsafe(ORDER_FILES_COLUMN)}, ${sql.unsafe(ORDER_RECIPIENTS_COLUMN)}, ${sql.unsafe(STATUS_CHANGES)} from orders o where o.id = ${id}`;
  if (!row) return null;
  const { status_changes, ...order } = row;
  return { order, changes: status_changes.map((c) => ({ order_id: order.id, to_status: c.to_status, created_at: new Date(c.created_at) })) };
}

/** Most orders one page of a customer's or a firm's history shows. */
export const ACCOUNT_ORDERS_LIMIT = 500;

/**
 * The account's own orders. Unpaid checkouts that were abandoned are not orders to the customer;
 * refunded ones were, and so are those that went to their firm's approver (waiting, or not approved).
 */
export function accountOrders(db: Queryable, userId: string): Promise<OrderRow[]> {
  return db<OrderRow[]>`
    select * from orders
    where user_id = ${userId} and (payment_status <> 'unpaid' or approval_state is not null)
    order by created_at desc, id desc
    limit ${ACCOUNT_ORDERS_LIMIT}`;
}

/** Every order of a firm, whoever placed it, optionally of one project and of one person. */
export function firmOrders(db: Queryable, firmId: string, filter: { projectId: string | null; placedBy: string | null }): Promise<OrderRow[]> {
  const { projectId, placedBy } = filter;
  return db<OrderRow[]>`
    select * from orders
    where firm_id = ${firmId} and payment_status <> 'unpaid'
      and (${projectId}::uuid is null or project_id = ${projectId})
      and (${placedBy}::uuid is null or placed_by_user_id = ${placedBy})
    order by created_at desc, id desc
    limit ${ACCOUNT_ORDERS_LIMIT}`;
}

/** What both guest lookups read of an order: enough for its status sentence and promise, nothing more. */
export type LookupStatusRow = Pick<OrderRow, 'id' | 'status' | 'payment_status' | 'shipping_method' | 'tracking_number' | 'ready_by' | 'created_at'>;
export type LookupRow = LookupStatusRow &
  Pick<
    OrderRow,
    'file_name' | 'total_cents' | 'access_token' | 'upload_id' | 'file_key' | 'page_count' | 'files' | 'job_name' | 'print_positions' | 'revision_of_order_id'
  >;

/** The columns of LookupStatusRow, for both queries. */
const LOOKUP_COLUMNS = 'id, status, payment_status, shipping_method, tracking_number, ready_by, created_at';

/** The paid orders of an email address (lower case), newest first: what an emailed tracking link shows. */
export function paidOrdersOfEmail(sql: Sql, email: string): Promise<LookupRow[]> {
  return sql<LookupRow[]>`
    select ${sql.unsafe(LOOKUP_COLUMNS)}, file_name, total_cents, access_token, upload_id, file_key, page_count, job_name, print_positions,
      revision_of_order_id, ${sql.unsafe(ORDER_FILES_COLUMN)}
    from orders o
    where lower(customer_email) = ${email} and payment_status <> 'unpaid'
    order by created_at desc, id desc limit 200`;
}

/** The paid order whose email (lower case) and number (upper case, 8 characters) both match: none or one. */
export function paidOrderByEmailAndNumber(sql: Sql, email: string, orderNumber: string): Promise<LookupStatusRow[]> {
  return sql<LookupStatusRow[]>`
    select ${sql.unsafe(LOOKUP_COLUMNS)} from orders
    where lower(customer_email) = ${email} and payment_status <> 'unpaid'
      and upper(right(id::text, 8)) = ${orderNumber}
    limit 1`;
}

/**
 * Where the counter's list of paid orders starts: after this row of the sort (PostgreSQL's own text
 * of its key; on the due list, whether that row is a rush order, as rush orders come first).
 */
export type AdminListCursor = { ts: string; id: string; rush?: boolean };

/**
 * The search box as SQL. A whole email address is an index lookup; a whole order number is one too,
 * and as a PO number can look like one ("20261125"), the job name and PO arms come along. Anything
 * else is a substring match on number, email, name, job name and PO number, served by the trigram
 * indexes orders_search_trgm_idx and orders_job_po_trgm_idx (same expressions). Each arm is its own
 * `select` and the list takes the union of their ids: ORed into the list query, a selective arm
 * (one order number) was costed like the loose `like` arms beside it, and PostgreSQL walked the
 * whole list by date filtering row by row. The number arm is left out when the text cannot be part
 * of an id, so no arm needs a scan.
 */
function searchClause(sql: Sql, text: string | undefined) {
  const q = text ? text.toLowerCase() : '';
  if (!q) return sql``;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(q)) return sql`and lower(o.customer_email) = ${q}`;
  const qNumber = q.replace(/^#/, '');
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const arm = (condition: ReturnType<Sql>) => sql`select id from orders where payment_status <> 'unpaid' and ${condition}`;
  const arms = [arm(sql`lower(job_name) like ${like}`), arm(sql`lower(po_number) like ${like}`)];
  if (/^[0-9a-f]{8}$/.test(qNumber)) arms.unshift(arm(sql`right(id::text, 8) = ${qNumber}`));
  else {
    if (/^[0-9a-f-]{1,36}$/.test(qNumber)) arms.unshift(arm(sql`id::text like ${'%' + qNumber}`));
    arms.push(arm(sql`lower(customer_email) like ${like}`), arm(sql`lower(customer_first_name || ' ' || customer_last_name) like ${like}`));
  }
  const union = arms.reduce((all, next) => sql`${all} union ${next}`);
  return sql`and o.id in (${union})`;
}

/**
 * One page of the counter's paid orders (at most `limit` + 1 rows, so the caller knows whether
 * more follow), each with `cursor_ts`, the text of its sort key. newest: placed, newest first; due:
 * the open work only (pending or printing, not refunded, unless a status is asked for), rush orders
 * first, each group by promised ready-by soonest first (orders from before ready_by use created_at),
 * walking the orders_paid_due_rush_idx expression. Rush goes first by its own key, not by its
 * promise alone: a rush order promised for tomorrow morning (placed after the cut-off) is still the
 * one the counter starts on before the regular work due tonight.
 */
export function adminOrderPage(
  sql: Sql,
  query: { status: OrderRow['status'] | null; q: string | undefined; sort: 'newest' | 'due'; cursor: AdminListCursor | null; limit: number },
): Promise<(OrderRow & { cursor_ts: string })[]> {
  const { status, cursor } = query;
  const search = searchClause(sql, query.q);
  return query.sort === 'due'
    ? sql<(OrderRow & { cursor_ts: string })[]>`
        select o.*, coalesce(o.ready_by, o.created_at)::text as cursor_ts from orders o
        where o.payment_status <> 'unpaid'
          ${status ? sql`and o.status = ${status}` : sql`and o.status in ('pending', 'processing') and o.payment_status <> 'refunded'`}
          ${search}
          ${
            cursor
              ? sql`and (not o.rush_order, coalesce(o.ready_by, o.created_at), o.id) > (${!(cursor.rush ?? false)}::boolean, ${cursor.ts}::timestamptz, ${cursor.id}::uuid)`
              : sql``
          }
        order by (not o.rush_order), coalesce(o.ready_by, o.created_at), o.id
        limit ${query.limit + 1}`
    : sql<(OrderRow & { cursor_ts: string })[]>`
        select o.*, o.created_at::text as cursor_ts from orders o
        where o.payment_status <> 'unpaid'
          ${status ? sql`and o.status = ${status}` : sql``}
          ${search}
          ${cursor ? sql`and (o.created_at, o.id) < (${cursor.ts}::timestamptz, ${cursor.id}::uuid)` : sql``}
        order by o.created_at desc, o.id desc
        limit ${query.limit + 1}`;
}

/** How many paid orders are in each fulfilment status (statuses with none are absent). */
export function paidOrderCounts(db: Queryable): Promise<{ status: string; count: number }[]> {
  return db<{ status: string; count: number }[]>`
    select status, count(*)::int as count from orders where payment_status <> 'unpaid' group by status`;
}

export type StatusHistoryRow = { from_status: string | null; to_status: string; changed_by: string; created_at: Date; undone_at: Date | null };

/** A paid order's status changes, undone ones too, oldest first; null when there is no such paid order. */
export async function paidOrderHistory(db: Queryable, orderId: string): Promise<StatusHistoryRow[] | null> {
  const [order] = await db`select 1 from orders where id = ${orderId} and payment_status <> 'unpaid'`;
  if (!order) return null;
  return db<StatusHistoryRow[]>`
    select from_status, to_status, changed_by, created_at, undone_at from order_status_history where order_id = ${orderId} order by created_at, id`;
}

export type OrderFileFields = Pick<
  OrderRow,
  | 'id'
  | 'upload_id'
  | 'file_key'
  | 'file_name'
  | 'page_count'
  | 'file_deleted_at'
  | 'files'
  | 'job_name'
  | 'print_positions'
  | 'printed_sheets_key'
  | 'revision_of_order_id'
>;

/** What the counter needs to send a paid order's drawing, or a reprint's printed sheets (its set files are read apart, withOrderFiles). */
export async function paidOrderFileFields(db: Queryable, orderId: string): Promise<OrderFileFields | null> {
  const [row] = await db<OrderFileFields[]>`
    select id, upload_id, file_key, file_name, page_count, file_deleted_at, job_name, print_positions, printed_sheets_key, revision_of_order_id
    from orders where id = ${orderId} and payment_status <> 'unpaid'`;
  return row ?? null;
}

/** The stored label of an order: null when there is no such order, `label_key` null when none was bought. */
export async function orderLabel(db: Queryable, orderId: string): Promise<Pick<OrderRow, 'id' | 'label_key'> | null> {
  const [order] = await db<Pick<OrderRow, 'id' | 'label_key'>[]>`select id, label_key from orders where id = ${orderId}`;
  return order ?? null;
}

export type EmailLogRow = {
  id: string;
  order_id: string | null;
  to_address: string;
  subject: string;
  kind: string;
  status: string;
  text_body: string;
  error: string | null;
  sent_at: Date | null;
  created_at: Date;
};

/** The emails of an order and/or to an address (lower case), newest first, at most 500. */
export function emailLog(sql: Sql, filter: { orderId?: string; to?: string }): Promise<EmailLogRow[]> {
  return sql<EmailLogRow[]>`
    select id, order_id, to_address, subject, kind, status, text_body, error, sent_at, created_at from emails
    where true
      ${filter.orderId ? sql`and order_id = ${filter.orderId}` : sql``}
      ${filter.to ? sql`and lower(to_address) = ${filter.to}` : sql``}
    order by created_at desc, id
    limit 500`;
}
