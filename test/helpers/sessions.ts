/** Test-only: an anonymous browser session (as an upload makes) with a correctly signed cookie. */
import { randomBytes } from 'node:crypto';
import Keygrip from 'keygrip';
import type { TestShop } from './shop';
import type { TestClient } from './client';

const COOKIE = 'bp.session';

/** Creates an anonymous session row and puts its signed cookie into `client`; returns the sid. */
export async function giveAnonymousSession(shop: TestShop, client: TestClient): Promise<string> {
  const sid = randomBytes(32).toString('base64url');
  await shop.sql`insert into sessions (sid, kind, expire) values (${sid}, 'customer', now() + interval '1 day')`;
  const value = Buffer.from(JSON.stringify({ sid })).toString('base64');
  const sig = new Keygrip([shop.ctx.env.SESSION_SECRET]).sign(`${COOKIE}=${value}`);
  client.setCookieHeader(`${COOKIE}=${value}; ${COOKIE}.sig=${sig}`);
  return sid;
}
