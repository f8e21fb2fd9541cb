/**
 * cookie-session (ids only, signed) followed by loading the server-side session rows, on /api only:
 * the client's pages and assets never read a session, so they never pay for a signature check or a
 * query. `sessionCookieReader` reads the same cookie for a hot read answered ahead of both, which
 * fetches its sessions inside its own query (`orderReadFastPath`).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Express } from 'express';
import cookieSession from 'cookie-session';
import type { AppContext } from '../core/context';
import { CUSTOMER_ABSOLUTE_MS, loadSessions, type CookieData } from '../lib/sessions';

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

/** Finds `name=value` in a Cookie header as the `cookies` package does (first match, quotes off). */
function cookieFinder(name: string): (header: string) => string | undefined {
  const pattern = new RegExp(`(?:^|;) *${name.replace(/[-[\]{}()*+?.,\\^$|#\s]/g, '\\$&')}=([^;]*)`);
  return (header) => {
    const value = pattern.exec(header)?.[1];
    return value?.startsWith('"') ? value.slice(1, -1) : value;
  };
}

/**
 * Reads the session cookie from a Cookie header as cookie-session would, for a route answered ahead
 * of it: {} without the cookie, its ids when the signature checks out, and null for anything
 * cookie-session would answer with a Set-Cookie of its own (a bad or missing signature, a body that
 * does not decode), which such a route leaves to the full stack.
 */
export function sessionCookieReader(secret: string): (header: string | undefined) => CookieData | null {
  const signer = sessionSigner(secret);
  const session = cookieFinder(SESSION_COOKIE);
  const sig = cookieFinder(`${SESSION_COOKIE}.sig`);
  return (header) => {
    const value = header ? session(header) : undefined;
    if (value === undefined) return {};
    const signature = sig(header as string);
    if (!signature || !signer.verify(`${SESSION_COOKIE}=${value}`, signature)) return null;
    try {
      const data = JSON.parse(Buffer.from(value, 'base64').toString('utf8')) as unknown;
      if (typeof data !== 'object' || data === null) return null;
      const { sid, adminSid } = data as CookieData;
      return { ...(typeof sid === 'string' ? { sid } : {}), ...(typeof adminSid === 'string' ? { adminSid } : {}) };
    } catch {
      return null;
    }
  };
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
