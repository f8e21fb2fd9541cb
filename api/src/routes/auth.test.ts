import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { shopForFile, type TestShop } from '#test/helpers/shop';
import { buildOrder } from '#test/helpers/factories';
import type { TestClient } from '#test/helpers/client';
import { giveAnonymousSession } from '#test/helpers/sessions';
import { FORGOT_PASSWORD_ANSWER, INVALID_SIGN_IN } from './auth';

// Every account costs scrypt hashes (cheap in tests: PASSWORD_HASH_LOG_N), and the machine may be busy.
vi.setConfig({ testTimeout: 90_000 });

let shop: TestShop;
shopForFile((s) => (shop = s));

let n = 0;
const uniqueEmail = (prefix = 'ada') => `${prefix}-${Date.now().toString(36)}-${n++}@example.com`;

async function register(client: TestClient, overrides: Record<string, unknown> = {}) {
  const body = { email: uniqueEmail(), password: 'correct horse', firstName: 'Ada', lastName: 'Lovelace', ...overrides };
  const res = await client.post('/api/auth/register', body);
  return { res, body };
}

/** The last email sent to `to` of `kind`, and the first link in it. */
async function lastEmail(to: string, kind: string) {
  await shop.runJobs();
  const [row] = await shop.sql<{ text_body: string; subject: string; status: string }[]>`
    select text_body, subject, status from emails where to_address = ${to} and kind = ${kind} order by created_at desc limit 1`;
  if (!row) return null;
  const link = row.text_body.match(/https?:\/\/\S+/)?.[0] ?? null;
  return { ...row, link, token: link ? new URL(link).searchParams.get('token') : null };
}

describe('POST /api/auth/register', () => {
  it('creates the account (201), lower-cases the email and never answers the hash', async () => {
    const email = uniqueEmail('Mixed.Case').replace('mixed', 'MiXeD');
    const { res } = await register(shop.client(), { email: `  ${email.toUpperCase()} ` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ email: email.toLowerCase(), firstName: 'Ada', lastName: 'Lovelace', emailVerified: false });
    expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
    const [row] = await shop.sql`select email, password_hash from users where id = ${res.body.id}`;
    expect(row.email).toBe(email.toLowerCase());
    // At the configured cost (the test run's is cheap; core/lib/passwords.test.ts proves production's).
    expect(row.password_hash.startsWith(`scrypt$${2 ** shop.ctx.env.PASSWORD_HASH_LOG_N}$8$1$`)).toBe(true);
  });

  it('answers 409 for a taken email, whatever its case', async () => {
    const { body } = await register(shop.client());
    const again = await register(shop.client(), { email: body.email.toUpperCase() });
    expect(again.res.status).toBe(409);
    expect(again.res.body.message).toMatch(/already exists/);
  });

  it("answers 400 with the spec's messages", async () => {
    const c = shop.client();
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'not-an-email' }, 'Please enter a valid email address'],
      [{ password: 'short' }, 'Password must be at least 8 characters'],
      [{ firstName: '' }, 'First name is required'],
      [{ lastName: '   ' }, 'Last name is required'],
      [{ email: undefined }, 'Please enter a valid email address'],
    ];
    for (const [override, message] of cases) {
      const { res } = await register(c, override);
      expect(res.status, JSON.stringify(override)).toBe(400);
      expect(res.body.message).toContain(message);
    }
    expect((await c.post('/api/auth/register', [])).status).toBe(400);
  });

  it('signs the new customer in, as login does, keeping what the browser ordered as a guest', async () => {
    const c = shop.client();
    const anon = await giveAnonymousSession(shop, c);
    const order = await buildOrder(shop, { sessionSid: anon });
    const { res, body } = await register(c);
    expect(res.status).toBe(201);
    expect(res.headers.get('set-cookie') ?? '').toMatch(/httponly/i);
    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: res.body.id, email: body.email });
    // A new session id (the guest's row is gone), and the guest's order stays readable to it.
    const sessions = await shop.sql<{ sid: string }[]>`select sid from sessions where user_id = ${res.body.id}`;
    expect(sessions).toHaveLength(1);
    expect(sessions[0].sid).not.toBe(anon);
    expect((await c.get(`/api/orders/${order.id}`)).status).toBe(200);
  });

  it("does not sign in the checkout's account (a throwaway password, set later by email)", async () => {
    const c = shop.client();
    const { res } = await register(c, { password: 'throwaway-1a2b3c4d', setPasswordByEmail: true });
    expect(res.status).toBe(201);
    expect((await c.get('/api/auth/user')).status).toBe(401);
  });
});

describe('sign in, current user, sign out', () => {
  it('signs in (200 with the user), reads the user, and signs out for good', async () => {
    const c = shop.client();
    const { body } = await register(c);
    const login = await c.post('/api/auth/login', { email: body.email.toUpperCase(), password: body.password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: body.email, firstName: 'Ada' });
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/httponly/i);
    expect(setCookie).toMatch(/samesite=lax/i);

    const me = await c.get('/api/auth/user');
    expect(me.status).toBe(200);
    expect(Object.keys(me.body).sort()).toEqual([
      'createdAt',
      'email',
      'emailVerified',
      'firstName',
      'id',
      'lastName',
      'phone',
      'previousSignInAt',
      'profileImageUrl',
    ]);

    // The order page reads its sessions in the order's own query: same rules.
    const order = await buildOrder(shop, { userId: me.body.id });
    expect((await c.get(`/api/orders/${order.id}`)).status).toBe(200);
    // An order that does not exist is a 404 that leaves the session alone.
    expect((await c.get(`/api/orders/${randomUUID()}`)).status).toBe(404);
    expect((await c.get('/api/auth/user')).status).toBe(200);

    // A copy of the cookie, replayed after sign-out, finds no session.
    const copied = c.cookieHeader();
    expect((await c.post('/api/auth/logout')).status).toBe(200);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const thief = shop.client();
    thief.setCookieHeader(copied);
    expect((await thief.get('/api/auth/user')).status).toBe(401);
    expect((await thief.get('/api/orders')).status).toBe(401);
    expect((await thief.get(`/api/orders/${order.id}`)).status).toBe(404);
  });

  it('gives a new session id on sign-in and keeps what the anonymous session ordered', async () => {
    const c = shop.client();
    // Registered in another browser, which registering signs in: signed out there again.
    const elsewhere = shop.client();
    const { body } = await register(elsewhere);
    await elsewhere.post('/api/auth/logout');
    const anon = await giveAnonymousSession(shop, c);
    expect((await c.get('/api/auth/user')).status).toBe(401);
    const order = await buildOrder(shop, { sessionSid: anon });
    expect((await c.post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(200);
    const [session] = await shop.sql<{ sid: string }[]>`select sid from sessions where user_id = (select id from users where email = ${body.email})`;
    expect(session.sid).not.toBe(anon);
    // The old id is dead; the order placed in it moved to the new session.
    expect(await shop.sql`select 1 from sessions where sid = ${anon}`).toHaveLength(0);
    const [moved] = await shop.sql<{ session_sid: string }[]>`select session_sid from orders where id = ${order.id}`;
    expect(moved.session_sid).toBe(session.sid);
  });

  it('answers an unknown email and a wrong password alike (401, same message, similar time)', async () => {
    const c = shop.client();
    const { body } = await register(c);
    const time = async (email: string) => {
      const t = performance.now();
      const res = await c.post('/api/auth/login', { email, password: 'wrong password' });
      return { res, ms: performance.now() - t };
    };
    await time(uniqueEmail('warmup'));
    const wrong = await time(body.email);
    const unknown = await time(uniqueEmail('ghost'));
    expect(wrong.res.status).toBe(401);
    expect(unknown.res.status).toBe(401);
    expect(wrong.res.body.message).toBe(INVALID_SIGN_IN);
    expect(unknown.res.body.message).toBe(INVALID_SIGN_IN);
    // Both pay for one scrypt: neither is a fraction of the other.
    expect(unknown.ms).toBeGreaterThan(wrong.ms / 3);
    expect(wrong.ms).toBeGreaterThan(unknown.ms / 3);
  });

  it('validates the sign-in body (400)', async () => {
    const c = shop.client();
    expect((await c.post('/api/auth/login', { email: 'x', password: 'y' })).body.message).toContain('Please enter a valid email address');
    expect((await c.post('/api/auth/login', { email: uniqueEmail(), password: '' })).body.message).toContain('Password is required');
  });
});

describe('guest orders join the account once the address is verified', () => {
  it('claims paid guest orders with that email after the emailed link is followed, not before', async () => {
    const c = shop.client();
    const email = uniqueEmail('claim');
    const guestOrder = await buildOrder(shop, { email: email.toUpperCase() });
    const otherOrder = await buildOrder(shop, { email: uniqueEmail('other') });
    const { body } = await register(c, { email });
    await c.post('/api/auth/login', { email, password: body.password });
    await shop.runJobs();
    expect((await c.get('/api/orders')).body).toEqual([]);

    const mail = await lastEmail(email, 'account_verify_email');
    expect(mail?.link).toContain(`${shop.url}/verify-email?token=`);
    const verified = await shop.client().post('/api/auth/verify-email', { token: mail?.token });
    expect(verified.status).toBe(200);
    await shop.runJobs();
    const orders = await c.get('/api/orders');
    expect(orders.body.map((o: { id: string }) => o.id)).toEqual([guestOrder.id]);
    expect(orders.body.map((o: { id: string }) => o.id)).not.toContain(otherOrder.id);
    expect((await c.get('/api/auth/user')).body.emailVerified).toBe(true);
    // A second click still answers, a made-up token does not.
    expect((await shop.client().post('/api/auth/verify-email', { token: mail?.token })).status).toBe(200);
    expect((await shop.client().post('/api/auth/verify-email', { token: 'x'.repeat(43) })).status).toBe(400);
  });
});

describe('forgot and reset password', () => {
  it('answers the same whether or not the account exists, and emails a one-time link only to a real account', async () => {
    const c = shop.client();
    const { body } = await register(c);
    const ghost = uniqueEmail('ghost');
    const real = await c.post('/api/auth/forgot-password', { email: body.email });
    const none = await c.post('/api/auth/forgot-password', { email: ghost });
    expect(real.status).toBe(202);
    expect(none.status).toBe(202);
    expect(real.body).toEqual(none.body);
    expect(real.body.message).toBe(FORGOT_PASSWORD_ANSWER);
    expect(await lastEmail(ghost, 'account_reset_password')).toBeNull();

    const mail = await lastEmail(body.email, 'account_reset_password');
    expect(mail?.link).toContain(`${shop.url}/reset-password?token=`);
    expect(mail?.status).toBe('sent');

    // Another device signed in before the reset is signed out by it.
    const other = shop.client();
    await other.post('/api/auth/login', { email: body.email, password: body.password });
    expect((await other.get('/api/auth/user')).status).toBe(200);

    const weak = await shop.client().post('/api/auth/reset-password', { token: mail?.token, password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toContain('Password must be at least 8 characters');

    const browser = shop.client();
    const reset = await browser.post('/api/auth/reset-password', { token: mail?.token, password: 'a new password' });
    expect(reset.status).toBe(200);
    expect((await browser.get('/api/auth/user')).body.email).toBe(body.email);
    expect((await other.get('/api/auth/user')).status).toBe(401);

    // One time only; the old password is gone, the new one works.
    expect((await shop.client().post('/api/auth/reset-password', { token: mail?.token, password: 'another one!' })).status).toBe(400);
    expect((await shop.client().post('/api/auth/login', { email: body.email, password: body.password })).status).toBe(401);
    expect((await shop.client().post('/api/auth/login', { email: body.email, password: 'a new password' })).status).toBe(200);
  });

  it('refuses an expired link', async () => {
    const c = shop.client();
    const { body } = await register(c);
    await c.post('/api/auth/forgot-password', { email: body.email });
    const mail = await lastEmail(body.email, 'account_reset_password');
    await shop.sql`update auth_tokens set expires_at = now() - interval '1 second' where kind = 'reset_password'`;
    const res = await shop.client().post('/api/auth/reset-password', { token: mail?.token, password: 'a new password' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/expired/);
  });

  it("sends a 'choose your password' link instead for an account made at checkout", async () => {
    const email = uniqueEmail('checkout');
    await buildOrder(shop, { email });
    const { res } = await register(shop.client(), { email, password: 'throwaway-9f8e7d6c', setPasswordByEmail: true });
    expect(res.status).toBe(201);
    const mail = await lastEmail(email, 'account_set_password');
    expect(mail?.link).toContain('/reset-password?token=');
    const browser = shop.client();
    expect((await browser.post('/api/auth/reset-password', { token: mail?.token, password: 'my own password' })).status).toBe(200);
    await shop.runJobs();
    // Choosing the password through the emailed link proves the address: guest orders come over.
    const orders = await browser.get('/api/orders');
    expect(orders.body).toHaveLength(1);
    expect((await browser.get('/api/auth/user')).body.emailVerified).toBe(true);
  });
});

describe('session lifetime and switching accounts', () => {
  it("does not hand A's session orders to B when B signs in without A signing out", async () => {
    const c = shop.client();
    const a = await register(c);
    const b = await register(shop.client());
    await c.post('/api/auth/login', { email: a.body.email, password: a.body.password });
    const [sessionA] = await shop.sql<{ sid: string }[]>`select sid from sessions where user_id = (select id from users where email = ${a.body.email})`;
    // A guest-style order A placed in this browser session (not linked to A's account).
    const order = await buildOrder(shop, { sessionSid: sessionA.sid });
    expect((await c.get(`/api/orders/${order.id}`)).status).not.toBe(404);
    expect((await c.post('/api/auth/login', { email: b.body.email, password: b.body.password })).status).toBe(200);
    expect((await c.get('/api/auth/user')).body.email).toBe(b.body.email);
    expect((await c.get(`/api/orders/${order.id}`)).status).toBe(404);
    expect(await shop.sql`select 1 from sessions where sid = ${sessionA.sid}`).toHaveLength(0);
  });

  it('ends a session after its idle timeout and after its absolute timeout', async () => {
    const idle = shop.client();
    const absolute = shop.client();
    const { body } = await register(idle);
    await idle.post('/api/auth/login', { email: body.email, password: body.password });
    await absolute.post('/api/auth/login', { email: body.email, password: body.password });
    const sessions = await shop.sql<
      { sid: string }[]
    >`select sid from sessions where user_id = (select id from users where email = ${body.email}) order by created_at`;
    expect(sessions).toHaveLength(2);
    await shop.sql`update sessions set expire = now() - interval '1 second' where sid = ${sessions[0].sid}`;
    await shop.sql`update sessions set created_at = now() - interval '31 days' where sid = ${sessions[1].sid}`;
    expect((await idle.get('/api/auth/user')).status).toBe(401);
    expect((await absolute.get('/api/auth/user')).status).toBe(401);
  });
});

describe('first sign-in or not (the dashboard\'s "Welcome" or "Welcome back")', () => {
  it('answers previousSignInAt null for the first sign-in (registering), then the time of the sign-in before', async () => {
    const registering = shop.client();
    const { body } = await register(registering);
    // Registering signs the customer in: that is the first sign-in.
    expect((await registering.get('/api/auth/user')).body.previousSignInAt).toBeNull();
    const [{ last_sign_in_at: firstAt }] = await shop.sql<{ last_sign_in_at: Date }[]>`select last_sign_in_at from users where email = ${body.email}`;
    expect(firstAt).toBeInstanceOf(Date);

    const second = shop.client();
    const login2 = await second.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login2.status).toBe(200);
    expect(login2.body.previousSignInAt).toBe(firstAt.toISOString());
    expect((await second.get('/api/auth/user')).body.previousSignInAt).toBe(firstAt.toISOString());
    // A wrong password is not a sign-in.
    expect((await shop.client().post('/api/auth/login', { email: body.email, password: 'wrong password' })).status).toBe(401);
    expect((await second.get('/api/auth/user')).body.previousSignInAt).toBe(firstAt.toISOString());
  });
});
