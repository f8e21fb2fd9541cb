/**
 * Every /api/orders route, in one router after the session loader: one order (the page a customer
 * keeps open and polls), the account's list, guest lookup, reorder and the receipt. Orders are
 * shown to the owner account, the placing browser session, the admin or a request carrying the
 * order's access token (?token=); anyone else, and any malformed id, gets 404.
 */
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { addJob, type Sql } from '#core/lib/db';
import { badRequest, conflict, notFound, serviceUnavailable } from '#core/lib/errors';
import { findAuthToken } from '#core/lib/tokens';
import { reorder, reorderSource } from '#core/orders/reorder';
import { loadStatusHistory } from '#core/orders/statusHistory';
import { orderNameOf, withOrderFiles } from '#core/orders/orderFiles';
import {
  accountOrders,
  firmOrders,
  orderById,
  orderWithChanges,
  paidOrderByEmailAndNumber,
  paidOrdersOfEmail,
  type LookupStatusRow,
} from '#core/orders/queries';
import { renderReceipt } from '#core/services/receipts/index';
import { sheetListOf } from '#core/orders/sheetList';
import { revisionPrintOf } from '#core/revisions/reprint';
import { StorageNotFoundError } from '#core/services/storage/index';
import { receiptKey } from '#core/services/storage/keys';
import { canReadOrder, ownsOrder } from '../http/orderAccess';
import { createRateLimits } from '../http/rateLimit';
import { ensureSession, requireUser } from '../http/sessions';
import { validate } from '../middleware/validate';
import { presentOrder, type OrderRow } from '../presenters/order';
import { emailField, orderNumberField, orderNumberOf, uuidField } from '#shared/fields';
import { centsToDollars } from '#shared/money';
import { shopFacts } from '#shared/shop';
import { readyByText } from '#shared/readyBy';
import { statusText } from '#shared/orderStatus';
import { recordReceipt } from '#core/orders/commands/files';
import { cardIntentForApprovedOrder, withdrawFromApproval } from '#core/orders/commands/approvals';
import { PaymentProviderError } from '#core/services/payments/index';
import { membershipOf, projectOfFirm } from '#core/firms/membership';

async function loadOrder(ctx: AppContext, req: Request, id: string): Promise<OrderRow> {
  const order = await orderById(ctx.sql, id);
  if (!order || !(await canReadOrder(ctx.sql, req, order))) throw notFound('Order not found.');
  return order;
}

export const LOOKUP_ANSWER = 'If we have paid orders for that email address, we have sent it a link to see them. The link works for 24 hours.';

const lookupBody = validate({ body: z.object({ email: emailField }) });
const lookupQuery = validate({
  query: z.object({
    token: z.string().trim().min(1).max(200).optional(),
    email: z.string().max(300).optional(),
    orderNumber: z.string().max(100).optional(),
  }),
});

/**
 * An order's state as both lookups show it: the same `statusText` the order JSON carries (the
 * "What's next" words) and the ready-by promise while it still applies.
 */
function lookupStatus(o: LookupStatusRow, now = new Date()) {
  const readyText = o.ready_by ? readyByText(o.ready_by, now) : null;
  const open = o.status === 'pending' || o.status === 'processing';
  return {
    id: o.id,
    orderNumber: orderNumberOf(o.id),
    status: o.status,
    statusText: statusText({
      status: o.status,
      paymentStatus: o.payment_status,
      shippingMethod: o.shipping_method,
      readyByText: readyText,
      trackingNumber: o.tracking_number,
    }),
    readyBy: open && o.ready_by ? o.ready_by.toISOString() : null,
    readyByText: open ? readyText : null,
    createdAt: o.created_at.toISOString(),
  };
}

const orderParams = validate({ params: z.object({ id: uuidField }) }, 'Order not found.');

/** The paid orders of the address an emailed tracking link was sent to, each with its order page. */
async function ordersOfLookupToken(sql: Sql, rawToken: string) {
  const token = await findAuthToken(sql, 'order_lookup', rawToken, { allowUsed: true });
  if (!token?.email) throw notFound('This tracking link is invalid or has expired. Please ask for a new one.');
  const rows = await paidOrdersOfEmail(sql, token.email);
  return rows.map((o) => ({
    ...lookupStatus(o),
    name: orderNameOf(o),
    fileName: o.file_name,
    totalAmount: centsToDollars(o.total_cents),
    // The order page, opened with the order's own access token like the emailed links.
    url: `/order-success/${o.id}?token=${encodeURIComponent(o.access_token)}`,
  }));
}

/**
 * One order's status when both its email and its number match; [] otherwise, nothing more. An email
 * and an 8-character number are a weak secret, so the answer never carries the access token: its
 * link is the plain order page, which opens for the browser session or account that placed the order
 * (anyone else is offered an emailed link there, POST /api/orders/lookup).
 */
async function orderByEmailAndNumber(sql: Sql, rawEmail: string, rawNumber: string) {
  const email = emailField.safeParse(rawEmail);
  const number = orderNumberField.safeParse(rawNumber);
  if (!email.success || !number.success) return [];
  const rows = await paidOrderByEmailAndNumber(sql, email.data, number.data);
  return rows.map((o) => ({ ...lookupStatus(o), url: `/orders/${o.id}` }));
}

const listQuery = validate({
  query: z.object({
    scope: z.enum(['mine', 'firm'], { error: 'scope must be mine or firm' }).default('mine'),
    projectId: uuidField.optional(),
    /** With scope=firm: only the orders this person placed (a member, or one who has left). */
    placedBy: uuidField.optional(),
  }),
});

/**
 * Every order of the person's firm, whoever placed it (and those who have since left), optionally
 * of one project and of one person. Someone outside any firm gets 404, as on every firm route.
 */
async function firmOrdersOf(sql: Sql, userId: string, filter: { projectId: string | null; placedBy: string | null }): Promise<OrderRow[]> {
  const { projectId, placedBy } = filter;
  const membership = await membershipOf(sql, userId);
  if (!membership) throw notFound('You do not belong to a firm.');
  if (projectId && !(await projectOfFirm(sql, membership.firmId, projectId))) throw notFound('Project not found.');
  return firmOrders(sql, membership.firmId, { projectId, placedBy });
}

/**
 * Every /api/orders route after the session loader, in one router and in an order that needs no
 * care: the list and lookup paths are literal, the rest take a UUID (anything else is 404).
 */
export function orderRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = createRateLimits(ctx.sql);

  router.get('/api/orders', requireUser, listQuery, async (req, res) => {
    const query = listQuery.input(req).query;
    const rows =
      query.scope === 'firm'
        ? await firmOrdersOf(ctx.sql, req.shop.userId as string, { projectId: query.projectId ?? null, placedBy: query.placedBy ?? null })
        : await accountOrders(ctx.sql, req.shop.userId as string);
    res.set('Cache-Control', 'no-store');
    const history = await loadStatusHistory(
      ctx.sql,
      rows.map((r) => r.id),
    );
    await withOrderFiles(ctx.sql, rows);
    res.json(rows.map((r) => presentOrder(r, history.get(r.id))));
  });

  router.post('/api/orders/lookup', limits.lookupPerClient, lookupBody, async (req, res) => {
    const { email } = lookupBody.input(req).body;
    // Always the same work and the same answer; the worker looks for orders and sends the link.
    await addJob(ctx.sql, 'users__send_order_lookup', { email }, { jobKey: `users:lookup:${email}`, maxAttempts: 3 });
    res.status(202).json({ message: LOOKUP_ANSWER });
  });

  router.get('/api/orders/lookup', limits.lookupPerClient, lookupQuery, async (req, res) => {
    const query = lookupQuery.input(req).query;
    res.set('Cache-Control', 'no-store');
    if (query.token) return void res.json(await ordersOfLookupToken(ctx.sql, query.token));
    if (query.email === undefined && query.orderNumber === undefined) {
      throw badRequest('Enter your email address and order number, or open the link we emailed you.');
    }
    res.json(await orderByEmailAndNumber(ctx.sql, query.email ?? '', query.orderNumber ?? ''));
  });

  router.post('/api/orders/:id/reorder', orderParams, async (req, res) => {
    const order = await reorderSource(ctx.sql, orderParams.input(req).params.id);
    // Only the account that owns the order, or the browser session that placed it.
    if (!order || !ownsOrder({ sid: req.shop.sid, userId: req.shop.userId }, order)) throw notFound('Order not found.');
    const sid = await ensureSession(req, ctx.sql);
    const { checkoutData, detectedSize } = await reorder(ctx, order, { sid, userId: req.shop.userId });
    res.status(201).json({ ...checkoutData, detectedSize, checkoutData });
  });

  // The placer withdraws their order while it waits for a firm's approver (409 once decided).
  router.post('/api/orders/:id/withdraw', orderParams, async (req, res) => {
    const id = orderParams.input(req).params.id;
    const found = await orderById(ctx.sql, id);
    if (!found || !ownsOrder({ sid: req.shop.sid, userId: req.shop.userId }, found) || found.approval_state === null) throw notFound('Order not found.');
    const placerName = [found.customer_first_name, found.customer_last_name].filter(Boolean).join(' ') || found.customer_email;
    const order = await ctx.sql.begin((tx) => withdrawFromApproval(tx, { orderId: id, placerName }));
    res.json(presentOrder(order));
  });

  // The placer pays an approved card order from its order page: its one intent, at the approved
  // total (created once, re-priced like the checkout's after that). Only the account or the browser
  // session that placed it; anyone else, a token included, gets 404 (decision 080).
  router.post('/api/orders/:id/pay', orderParams, async (req, res) => {
    const id = orderParams.input(req).params.id;
    const payments = ctx.payments;
    if (!payments) throw serviceUnavailable('Payments are not available right now.');
    const found = await orderById(ctx.sql, id);
    if (!found || !ownsOrder({ sid: req.shop.sid, userId: req.shop.userId }, found) || found.approval_state === null) throw notFound('Order not found.');
    let intent;
    try {
      intent = await ctx.sql.begin((tx) => cardIntentForApprovedOrder(tx, payments, { orderId: id }));
    } catch (error) {
      if (error instanceof PaymentProviderError) {
        if (error.retryable) throw serviceUnavailable('The payment provider is not answering. Please try again in a moment.');
        throw badRequest(error.message);
      }
      throw error;
    }
    res.set('Cache-Control', 'private, no-store');
    res.json({ orderId: intent.orderId, clientSecret: intent.clientSecret, provider: payments.name, amount: centsToDollars(intent.amountCents) });
  });

  // Any id that is not a UUID is nobody's order (orderParams: 404).
  router.get('/api/orders/:id', orderParams, async (req, res) => {
    const id = orderParams.input(req).params.id;
    const found = await orderWithChanges(ctx.sql, id);
    if (!found || !(await canReadOrder(ctx.sql, req, found.order))) throw notFound('Order not found.');
    res.set('Cache-Control', 'private, no-store');
    res.json(presentOrder(found.order, found.changes));
  });

  router.get('/api/orders/:id/receipt', orderParams, async (req, res) => {
    const order = await loadOrder(ctx, req, orderParams.input(req).params.id);
    if (order.payment_status === 'unpaid') throw conflict('The receipt is available once the payment is complete.');
    let pdf: Buffer | null = null;
    if (order.receipt_key) {
      try {
        const stream = await ctx.storage.get(order.receipt_key);
        const chunks: Buffer[] = [];
        for await (const chunk of stream) chunks.push(chunk as Buffer);
        pdf = Buffer.concat(chunks);
      } catch (error) {
        if (!(error instanceof StorageNotFoundError)) throw error;
      }
    }
    if (!pdf) {
      // Paid but the receipt job has not run yet: draw it now and keep it (same key the job uses).
      await withOrderFiles(ctx.sql, [order]);
      pdf = await renderReceipt(order, shopFacts(ctx.env), await sheetListOf(ctx.sql, order), await revisionPrintOf(ctx.sql, order));
      await ctx.storage.put(receiptKey(order.id), pdf, { contentType: 'application/pdf' });
      await recordReceipt(ctx.sql, { orderId: order.id, key: receiptKey(order.id) });
    }
    res.set('Cache-Control', 'private, no-store');
    res.set('Content-Type', 'application/pdf');
    res.set('Content-Disposition', `${req.query.download === 'true' ? 'attachment' : 'inline'}; filename="receipt-${order.id}.pdf"`);
    res.send(pdf);
  });

  return router;
}
