/**
 * cookie-session (ids only, signed) followed by loading the server-side session rows, on /api only:
 * the client's pages and assets never read a session, so they never pay for a signature check or a
 * query.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Express } from 'express';
import cookieSession from 'cookie-session';
import type { AppContext } from '#core/context';
import { CUSTOMER_ABSOLUTE_MS, loadSessions } from '../http/sessions';

export const SESSION_COOKIE = 'bp.session';

/**
 * The cookie signature keygrip makes (HMAC-SHA1, base64url without padding), so existing cookies stay
 * valid, checked with one HMAC and `timingSafeEqual`. Keygrip's own check costs three HMACs and 32
 * random bytes on every API request (bench/README.md, API speed).
 */
export function sessionSigner(secret: string) {
  const sign = (data: string) => createHmac('sha1', secret).update(data).digest('base64url');
  const index = (data: string, digest: string): number => {
    const expected = Buffer.from(sign(data));
    const given = Buffer.from(String(digest));
    return expected.length === given.length && timingSafeEqual(expected, given) ? 0 : -1;
  };
  return { sign, index, verify: (data: string, digest: string) => index(data, digest) === 0 };
}

/** Reads and verifies the signed cookie on /api requests (no database work). */
export function installSessionCookie(app: Express, ctx: AppContext): void {
  app.use(
    '/api',
    cookieSession({
      name: SESSION_COOKIE,
      // Anything but an array goes to `cookies` as is, as a keygrip.
      keys: sessionSigner(ctx.env.SESSION_SECRET),
      httpOnly: true,
      sameSite: 'lax',
      secure: ctx.env.COOKIE_SECURE,
      maxAge: CUSTOMER_ABSOLUTE_MS,
    }),
  );
}

/** Loads the session rows the cookie names into `req.shop` for every /api route after it. */
export function installSessionLoader(app: Express, ctx: AppContext): void {
  app.use('/api', loadSessions(ctx.sql));
}
