/**
 * Server-side sessions. The signed cookie (cookie-session) carries only session ids; the sessions
 * live in the `sessions` table, so sign-out and expiry end them on the server: a copied cookie
 * replayed after sign-out finds no row. Customer and admin sessions are separate rows.
 */
import type { NextFunction, Request, Response } from 'express';
import { endSession, extendSession, signInToNewSession, startSession } from '#core/accounts/commands/sessions';
import { liveSessions, type SessionRow } from '#core/accounts/queries';
import type { Sql } from '#core/lib/db';
import { unauthorized } from '#core/lib/errors';

export const CUSTOMER_IDLE_MS = 14 * 24 * 3600_000;
export const CUSTOMER_ABSOLUTE_MS = 30 * 24 * 3600_000;
export const ADMIN_IDLE_MS = 8 * 3600_000;
export const ADMIN_ABSOLUTE_MS = 24 * 3600_000;
/** Sliding expiry is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60_000;

/** What the cookie holds. */
export type CookieData = { sid?: string; adminSid?: string };

/** Per-request view of the sessions, attached by `installSessions`. */
export type RequestSessions = {
  /** The customer (or anonymous browser) session id, when one exists. */
  sid: string | null;
  userId: string | null;
  adminUsername: string | null;
};

declare module 'express-serve-static-core' {
  interface Request {
    shop: RequestSessions;
  }
}

function cookie(req: Request): CookieData {
  return (req.session ?? {}) as CookieData;
}

/** The session ids the signed cookie names, customer and admin: none for a request without the cookie. */
function cookieSessionIds(req: Request): string[] {
  const data = cookie(req);
  return [data.sid, data.adminSid].filter((x): x is string => typeof x === 'string');
}

/** What the cookie's session rows say: who the request is, which rows to touch, and ids to drop. */
type ResolvedSessions = { shop: RequestSessions; touch: { sid: string; expire: Date }[]; dropSid: boolean; dropAdminSid: boolean };

/**
 * Who the request is from the rows found for the cookie's ids: skips rows past their absolute
 * lifetime, lists rows whose idle expiry should slide (written at most once a minute), and names the
 * cookie's ids whose rows are gone or expired.
 */
function resolveSessions(data: CookieData, rows: readonly SessionRow[], now = Date.now()): ResolvedSessions {
  const shop: RequestSessions = { sid: null, userId: null, adminUsername: null };
  const touch: ResolvedSessions['touch'] = [];
  for (const row of rows) {
    const admin = row.kind === 'admin';
    const absolute = admin ? ADMIN_ABSOLUTE_MS : CUSTOMER_ABSOLUTE_MS;
    const idle = admin ? ADMIN_IDLE_MS : CUSTOMER_IDLE_MS;
    if (now - row.created_at.getTime() > absolute) continue;
    if (admin && row.sid === data.adminSid) shop.adminUsername = row.sess?.username ?? 'admin';
    if (!admin && row.sid === data.sid) {
      shop.sid = row.sid;
      shop.userId = row.user_id;
    }
    if (row.expire.getTime() - now < idle - TOUCH_EVERY_MS) touch.push({ sid: row.sid, expire: new Date(now + idle) });
  }
  return { shop, touch, dropSid: Boolean(data.sid) && !shop.sid, dropAdminSid: Boolean(data.adminSid) && !shop.adminUsername };
}

/** Slides the idle expiry of the rows `resolveSessions` listed. */
async function touchSessions(sql: Sql, touch: ResolvedSessions['touch']): Promise<void> {
  for (const { sid, expire } of touch) await extendSession(sql, { sid, expire });
}

/**
 * Sets `req.shop` from the rows found for the cookie's ids (see `resolveSessions`), slides their idle
 * expiry, and drops ids whose rows are gone from the cookie. Rows come straight from the database (no
 * cache), so a signed-out session is dead on the next request.
 */
async function applySessions(req: Request, sql: Sql, rows: readonly SessionRow[]): Promise<void> {
  const resolved = resolveSessions(cookie(req), rows);
  req.shop = resolved.shop;
  await touchSessions(sql, resolved.touch);
  if (resolved.dropSid && req.session) delete (req.session as CookieData).sid;
  if (resolved.dropAdminSid && req.session) delete (req.session as CookieData).adminSid;
}

/** Loads the sessions named by the cookie; drops ids whose rows are gone or expired. */
export function loadSessions(sql: Sql) {
  return async (req: Request, _res: Response, next: NextFunction) => {
    const ids = cookieSessionIds(req);
    if (ids.length === 0) {
      req.shop = { sid: null, userId: null, adminUsername: null };
      return next();
    }
    try {
      await applySessions(req, sql, await liveSessions(sql, ids));
      next();
    } catch (error) {
      next(error);
    }
  };
}

/** The browser's session id, creating an anonymous session when there is none (uploads, guest orders). */
export async function ensureSession(req: Request, sql: Sql): Promise<string> {
  if (req.shop.sid) return req.shop.sid;
  const sid = await startSession(sql, { kind: 'customer', expire: new Date(Date.now() + CUSTOMER_IDLE_MS) });
  (req.session as CookieData).sid = sid;
  req.shop.sid = sid;
  return sid;
}

/**
 * Signs a customer in with a new session id (no fixation). What the anonymous session uploaded or
 * ordered stays visible to the new one. Records the sign-in on the account, keeping the one before it
 * (`previous_sign_in_at`, null on a first sign-in), so the dashboard knows "Welcome" from "Welcome back".
 */
export async function signInCustomer(req: Request, sql: Sql, userId: string): Promise<string> {
  // Only an anonymous session (or the same customer's) hands its uploads and orders over: signing in
  // as B in a browser where A is still signed in must not give B what A ordered in that session.
  const carryOver = req.shop.userId === null || req.shop.userId === userId;
  const expire = new Date(Date.now() + CUSTOMER_IDLE_MS);
  const sid = await sql.begin((tx) => signInToNewSession(tx, { userId, expire, previousSid: req.shop.sid, carryOver }));
  (req.session as CookieData).sid = sid;
  req.shop.sid = sid;
  req.shop.userId = userId;
  return sid;
}

/** Ends the customer session on the server and in the cookie. */
export async function signOutCustomer(req: Request, sql: Sql): Promise<void> {
  if (req.shop.sid) await endSession(sql, { sid: req.shop.sid });
  if (req.session) delete (req.session as CookieData).sid;
  req.shop.sid = null;
  req.shop.userId = null;
}

/** Starts an admin session, separate from any customer session. */
export async function signInAdmin(req: Request, sql: Sql, username: string): Promise<void> {
  const old = cookie(req).adminSid;
  if (old) await endSession(sql, { sid: old });
  const sid = await startSession(sql, { kind: 'admin', username, expire: new Date(Date.now() + ADMIN_IDLE_MS) });
  (req.session as CookieData).adminSid = sid;
  req.shop.adminUsername = username;
}

/** Ends the admin session on the server and in the cookie. */
export async function signOutAdmin(req: Request, sql: Sql): Promise<void> {
  const sid = cookie(req).adminSid;
  if (sid) await endSession(sql, { sid });
  if (req.session) delete (req.session as CookieData).adminSid;
  req.shop.adminUsername = null;
}

/** 401 unless a customer is signed in. */
export function requireUser(req: Request, _res: Response, next: NextFunction): void {
  if (!req.shop.userId) return next(unauthorized());
  next();
}

/** 401 unless the admin is signed in, whatever customer session is present. */
export function requireAdmin(req: Request, _res: Response, next: NextFunction): void {
  if (!req.shop.adminUsername) return next(unauthorized('Admin sign-in required.'));
  next();
}
