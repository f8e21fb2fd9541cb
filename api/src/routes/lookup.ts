/**
 * Guest order tracking that never shows anyone's orders to whoever types an email address:
 * POST sends a 24-hour link to the address (always the same answer), GET ?token= lists that
 * address's paid orders, GET ?email=&orderNumber= gives one order's status when both match.
 */
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { addJob } from '../core/lib/db';
import { badRequest, notFound } from '../core/lib/errors';
import { createRateLimits } from '../lib/rateLimit';
import { findAuthToken } from '../core/lib/tokens';
import { centsToDollars } from '../../../shared/money';
import { emailField, orderNumberOf } from '../../../shared/fields';

export const LOOKUP_ANSWER =
  'If we have paid orders for that email address, we have sent it a link to see them. The link works for 24 hours.';

const LookupRequestSchema = z.object({ email: emailField });
const LookupQuerySchema = z.object({
  token: z.string().trim().min(1).max(200).optional(),
  email: z.string().max(300).optional(),
  orderNumber: z.string().max(100).optional(),
});

type LookupRow = { id: string; status: string; created_at: Date; file_name: string; total_cents: number; access_token: string };

export function lookupRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = createRateLimits(ctx.sql);
  const { sql } = ctx;

  router.post('/api/orders/lookup', limits.lookupPerClient, async (req, res) => {
    const { email } = LookupRequestSchema.parse(req.body);
    // Always the same work and the same answer; the worker looks for orders and sends the link.
    await addJob(sql, 'users__send_order_lookup', { email }, { jobKey: `users:lookup:${email}`, maxAttempts: 3 });
    res.status(202).json({ message: LOOKUP_ANSWER });
  });

  router.get('/api/orders/lookup', limits.lookupPerClient, async (req, res) => {
    const query = LookupQuerySchema.parse(req.query);
    res.set('Cache-Control', 'no-store');
    if (query.token) {
      const token = await findAuthToken(sql, 'order_lookup', query.token, { allowUsed: true });
      if (!token?.email) throw notFound('This tracking link is invalid or has expired. Please ask for a new one.');
      const rows = await sql<LookupRow[]>`
        select id, status, created_at, file_name, total_cents, access_token from orders
        where lower(customer_email) = ${token.email} and payment_status <> 'unpaid'
        order by created_at desc, id desc limit 200`;
      res.json(
        rows.map((o) => ({
          id: o.id,
          orderNumber: orderNumberOf(o.id),
          status: o.status,
          createdAt: o.created_at.toISOString(),
          fileName: o.file_name,
          totalAmount: centsToDollars(o.total_cents),
          // The order page, opened with the order's own access token like the emailed links.
          url: `/order-success/${o.id}?token=${encodeURIComponent(o.access_token)}`,
        })),
      );
      return;
    }
    if (query.email === undefined && query.orderNumber === undefined) {
      throw badRequest('Enter your email address and order number, or open the link we emailed you.');
    }
    const email = emailField.safeParse(query.email ?? '');
    const orderNumber = (query.orderNumber ?? '').trim().replace(/^#/, '').toUpperCase();
    if (!email.success || !/^[0-9A-F]{8}$/.test(orderNumber)) {
      res.json([]);
      return;
    }
    const rows = await sql<{ id: string; status: string; created_at: Date }[]>`
      select id, status, created_at from orders
      where lower(customer_email) = ${email.data} and payment_status <> 'unpaid'
        and upper(right(id::text, 8)) = ${orderNumber}
      limit 1`;
    res.json(rows.map((o) => ({ orderNumber: orderNumberOf(o.id), status: o.status, createdAt: o.created_at.toISOString() })));
  });

  return router;
}
