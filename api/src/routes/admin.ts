/**
 * The admin console's API. Admin sign-in (constant-time, rate-limited, capped per client and
 * overall, every failure logged, its own session row) and
 * the sub-routers for orders, files, labels, exports and emails, each behind `requireAdmin`.
 */
import { validate } from '../middleware/validate';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../core/context';
import { unauthorized } from '../core/lib/errors';
import { requireAdmin, signInAdmin, signOutAdmin } from '../lib/sessions';
import { sleep } from '../core/lib/time';
import {
  ADMIN_FAILED_SIGN_INS_OVERALL,
  ADMIN_FAILED_SIGN_INS_PER_CLIENT,
  AUTH_REQUESTS_PER_MINUTE,
  clientKey,
  FAILED_SIGN_IN_WINDOW_MS,
  limiter,
} from '../lib/rateLimit';
import { adminOrderRoutes } from './adminOrders';
import { adminLabelRoutes } from './adminLabels';
import { adminTicketRoutes } from './adminTickets';
import { adminExportRoutes } from './adminExports';

const LoginSchema = z.object({
  username: z.string({ error: 'Please enter both username and password' }).trim().min(1, 'Please enter both username and password').max(200),
  password: z.string({ error: 'Please enter both username and password' }).min(1, 'Please enter both username and password').max(200),
});

/** Equal-time comparison of two strings of any length (hashes first, so lengths do not leak). */
const adminLoginBody = validate({ body: LoginSchema });

export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

/** After this many failures in the window, every further failure is answered slowly. */
const FAILURES_BEFORE_SLOWDOWN = 10;
const FAILURE_WINDOW_MS = 15 * 60_000;
const SLOWDOWN_MS = 1000;

export function adminRoutes(ctx: AppContext): Router {
  const router = Router();
  const failures = new Map<string, { count: number; since: number }>();
  const log = ctx.log.child('admin');
  // Counted in PostgreSQL so every web process shares the budgets: requests per client per minute,
  // wrong passwords per client and from everyone together per 15 minutes (only 401s count).
  const loginLimiter = limiter(ctx.sql, 'admin-login-client', {
    windowMs: 60_000,
    limit: AUTH_REQUESTS_PER_MINUTE,
    keyGenerator: clientKey,
    message: 'Too many sign-in attempts. Please wait a minute and try again.',
  });
  const onlyWrongPasswords = { skipSuccessfulRequests: true, requestWasSuccessful: (_req: unknown, res: { statusCode: number }) => res.statusCode !== 401 };
  const failuresPerClient = limiter(ctx.sql, 'admin-login-failed-client', {
    windowMs: FAILED_SIGN_IN_WINDOW_MS,
    limit: ADMIN_FAILED_SIGN_INS_PER_CLIENT,
    keyGenerator: clientKey,
    ...onlyWrongPasswords,
    message: 'Too many failed sign-in attempts from this network. Please wait 15 minutes and try again.',
  });
  const failuresOverall = limiter(ctx.sql, 'admin-login-failed-all', {
    windowMs: FAILED_SIGN_IN_WINDOW_MS,
    limit: ADMIN_FAILED_SIGN_INS_OVERALL,
    keyGenerator: () => 'all',
    ...onlyWrongPasswords,
    message: 'Admin sign-in is paused after too many failed attempts. Please wait 15 minutes and try again.',
  });

  router.post('/api/admin/login', loginLimiter, failuresPerClient, failuresOverall, adminLoginBody, async (req, res) => {
    const { username, password } = adminLoginBody.input(req).body;
    // Both comparisons always run, so the time does not tell which one failed.
    const userOk = sameSecret(username, ctx.env.ADMIN_USERNAME);
    const passOk = sameSecret(password, ctx.env.ADMIN_PASSWORD);
    const key = username.toLowerCase();
    if (!(userOk && passOk)) {
      const now = Date.now();
      const entry = failures.get(key);
      const current = entry && now - entry.since < FAILURE_WINDOW_MS ? { count: entry.count + 1, since: entry.since } : { count: 1, since: now };
      failures.set(key, current);
      if (failures.size > 10_000) failures.clear();
      // Never the password, nor the name typed (it may be a password typed in the wrong box).
      log.warn('admin sign-in failed', { ip: req.ip, usernameMatched: userOk, failuresForName: current.count });
      if (current.count > FAILURES_BEFORE_SLOWDOWN) await sleep(SLOWDOWN_MS);
      throw unauthorized('Invalid username or password');
    }
    failures.delete(key);
    await signInAdmin(req, ctx.sql, ctx.env.ADMIN_USERNAME);
    res.json({ message: 'Signed in', isAuthenticated: true, username: ctx.env.ADMIN_USERNAME });
  });

  router.get('/api/admin/auth/status', (req, res) => {
    res.set('Cache-Control', 'no-store');
    res.json({ isAuthenticated: req.shop.adminUsername !== null });
  });

  router.post('/api/admin/logout', requireAdmin, async (req, res) => {
    await signOutAdmin(req, ctx.sql);
    res.json({ message: 'Signed out', isAuthenticated: false });
  });

  router.use(adminOrderRoutes(ctx));
  router.use(adminLabelRoutes(ctx));
  router.use(adminTicketRoutes(ctx));
  router.use(adminExportRoutes(ctx));
  return router;
}
