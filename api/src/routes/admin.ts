/**
 * The admin console's API. Admin sign-in (constant-time; a guessing address is slowed and then
 * refused, a burst from everywhere slows every attempt without refusing the right password, the
 * counter is emailed once; every failure logged; its own session row) and
 * the admin session's status and sign-out. The console's other routers (orders, labels, tickets,
 * exports) are mounted beside this one in routes/index.ts.
 */
import { validate } from '../middleware/validate';
import { createHash, timingSafeEqual } from 'node:crypto';
import { Router } from 'express';
import type { AppContext } from '#core/context';
import { AdminSignInSchema } from '#shared/signIn';
import { unauthorized } from '#core/lib/errors';
import { requireAdmin, signInAdmin, signOutAdmin } from '../http/sessions';
import { sleep } from '#core/lib/time';
import {
  ADMIN_FAILED_SIGN_INS_BEFORE_ALERT,
  ADMIN_FAILED_SIGN_INS_PER_CLIENT,
  adminSignInDelayMs,
  AUTH_REQUESTS_PER_MINUTE,
  clientKey,
  FAILED_SIGN_IN_WINDOW_MS,
  limiter,
  PostgresRateLimitStore,
} from '../http/rateLimit';
import { queueAdminSignInAlertEmail } from '#core/emails/account-emails';

/** Equal-time comparison of two strings of any length (hashes first, so lengths do not leak). */
const adminLoginBody = validate({ body: AdminSignInSchema });

export function sameSecret(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y);
}

export function adminRoutes(ctx: AppContext): Router {
  const router = Router();
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
  // Read for the delay: wrong passwords from this address (the limiter above counts them) and from
  // everyone together (counted here). Neither refuses the right password.
  const clientFailures = new PostgresRateLimitStore(ctx.sql, 'admin-login-failed-client', FAILED_SIGN_IN_WINDOW_MS);
  const overallFailures = new PostgresRateLimitStore(ctx.sql, 'admin-login-failed-all', FAILED_SIGN_IN_WINDOW_MS);

  router.post('/api/admin/login', loginLimiter, failuresPerClient, adminLoginBody, async (req, res) => {
    const { username, password } = adminLoginBody.input(req).body;
    // This attempt is already counted against its address by the limiter (and given back if right).
    const fromClient = Math.max(0, ((await clientFailures.get(clientKey(req)))?.totalHits ?? 1) - 1);
    const overall = (await overallFailures.get('all'))?.totalHits ?? 0;
    const delay = adminSignInDelayMs(fromClient, overall);
    if (delay > 0) await sleep(delay);
    // Both comparisons always run, so the time does not tell which one failed.
    const userOk = sameSecret(username, ctx.env.ADMIN_USERNAME);
    const passOk = sameSecret(password, ctx.env.ADMIN_PASSWORD);
    if (!(userOk && passOk)) {
      const counted = await overallFailures.increment('all');
      if (counted.totalHits === ADMIN_FAILED_SIGN_INS_BEFORE_ALERT && counted.resetTime) {
        await queueAdminSignInAlertEmail(ctx.sql, ctx.env, { failures: counted.totalHits, windowEndsAt: counted.resetTime });
      }
      // Never the password, nor the name typed (it may be a password typed in the wrong box).
      log.warn('admin sign-in failed', { ip: req.ip, usernameMatched: userOk, failuresOverall: counted.totalHits, delayMs: delay });
      throw unauthorized('Invalid username or password');
    }
    await overallFailures.resetKey('all');
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

  return router;
}
