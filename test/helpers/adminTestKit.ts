/**
 * Test-only helpers for the admin tests: an admin-signed-in client, a customer client with a real
 * signed customer session, and unzipping with yauzl.
 */
import { createHmac, randomBytes } from 'node:crypto';
import yauzl from 'yauzl';
import type { TestShop } from './shop';
import type { TestClient } from './client';
import { SESSION_COOKIE } from '../../api/src/middleware/session';

/** A client signed in as the admin. */
export async function adminClient(shop: TestShop): Promise<TestClient> {
  const client = shop.client();
  const res = await client.post('/api/admin/login', { username: shop.ctx.env.ADMIN_USERNAME, password: shop.ctx.env.ADMIN_PASSWORD });
  if (res.status !== 200) throw new Error(`admin login failed: ${res.status} ${res.text}`);
  return client;
}

/** cookie-session's cookie pair for `data`, signed the way it signs (keygrip, HMAC-SHA1). */
export function signedSessionCookie(secret: string, data: Record<string, unknown>): string {
  const value = Buffer.from(JSON.stringify(data)).toString('base64');
  const sig = createHmac('sha1', secret)
    .update(`${SESSION_COOKIE}=${value}`)
    .digest('base64')
    .replace(/\/|\+|=/g, (c) => ({ '/': '_', '+': '-', '=': '' })[c] ?? '');
  return `${SESSION_COOKIE}=${value}; ${SESSION_COOKIE}.sig=${sig}`;
}

/**
 * A client with a signed-in customer session. `adminSid` lets a test put a customer session id in
 * the admin slot of the cookie (it must not count as an admin).
 */
export async function customerClient(shop: TestShop, userId: string, options: { sidAsAdmin?: boolean } = {}): Promise<TestClient> {
  const sid = randomBytes(32).toString('base64url');
  await shop.sql`insert into sessions (sid, kind, user_id, expire) values (${sid}, 'customer', ${userId}, now() + interval '1 day')`;
  const client = shop.client();
  client.setCookieHeader(signedSessionCookie(shop.ctx.env.SESSION_SECRET, options.sidAsAdmin ? { sid, adminSid: sid } : { sid }));
  return client;
}

/** Every entry of a zip, by name, read with yauzl (also checks the zip is well-formed). */
export function unzip(buffer: Buffer): Promise<Map<string, { data: Buffer; method: number }>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error);
      const out = new Map<string, { data: Buffer; method: number }>();
      zip.on('error', reject);
      zip.on('end', () => resolve(out));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('error', reject);
          stream.on('end', () => {
            out.set(entry.fileName, { data: Buffer.concat(chunks), method: entry.compressionMethod });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}
