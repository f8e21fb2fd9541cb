import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '#test/helpers/db';
import { signInToNewSession, startSession } from './sessions';

let db: TestDatabase;
beforeAll(async () => {
  db = await createTestDatabase();
});
afterAll(async () => {
  await db?.drop();
});

const inADay = () => new Date(Date.now() + 24 * 3600_000);

/** An anonymous browser session holding an upload, an unfinished upload and a shipping quote. */
async function anonymousSessionWithWork() {
  const sql = db.sql;
  const sid = await startSession(sql, { kind: 'customer', expire: inADay() });
  const [upload] = await sql<{ id: string }[]>`
    insert into uploads (session_sid, file_name, file_size, storage_key)
    values (${sid}, 'A-100.pdf', 1000, ${`uploads/${randomUUID()}/original.pdf`}) returning id`;
  const [intent] = await sql<{ id: string }[]>`
    insert into upload_intents (id, session_sid, file_name, file_size, storage_key)
    values (${randomUUID()}, ${sid}, 'A-101.pdf', 1000, ${`uploads/${randomUUID()}/original.pdf`}) returning id`;
  const [quote] = await sql<{ id: string }[]>`
    insert into shipping_quotes (session_sid, provider, to_address, print_size, page_count, service, service_name, carrier, cost_cents, expires_at)
    values (${sid}, 'table', ${sql.json({ zipCode: '12207' })}, '24x36', 3, 'ground', 'Ground', 'UPS', 1295, ${inADay()}) returning id`;
  const owners = async () => ({
    upload: (await sql<{ s: string }[]>`select session_sid as s from uploads where id = ${upload.id}`)[0].s,
    intent: (await sql<{ s: string }[]>`select session_sid as s from upload_intents where id = ${intent.id}`)[0].s,
    quote: (await sql<{ s: string }[]>`select session_sid as s from shipping_quotes where id = ${quote.id}`)[0].s,
  });
  return { sid, owners };
}

async function newUser(): Promise<string> {
  const [row] = await db.sql<{ id: string }[]>`
    insert into users (email, password_hash) values (${`${randomUUID()}@example.com`}, 'not-a-real-hash') returning id`;
  return row.id;
}

const sessionExists = async (sid: string) => (await db.sql`select 1 from sessions where sid = ${sid}`).length === 1;

describe('signInToNewSession', () => {
  it('hands the anonymous session’s uploads, unfinished uploads and shipping quotes to the new session, and ends the old one', async () => {
    const { sid: old, owners } = await anonymousSessionWithWork();
    const userId = await newUser();
    const sid = await db.sql.begin((tx) => signInToNewSession(tx, { userId, expire: inADay(), previousSid: old, carryOver: true }));
    expect(sid).not.toBe(old);
    expect(await owners()).toEqual({ upload: sid, intent: sid, quote: sid });
    expect(await sessionExists(old)).toBe(false);
    const [session] = await db.sql<{ user_id: string; kind: string }[]>`select user_id, kind from sessions where sid = ${sid}`;
    expect(session).toEqual({ user_id: userId, kind: 'customer' });
  });

  it('leaves another customer’s session work where it was, and still ends that session', async () => {
    const { sid: old, owners } = await anonymousSessionWithWork();
    const sid = await db.sql.begin(async (tx) => signInToNewSession(tx, { userId: await newUser(), expire: inADay(), previousSid: old, carryOver: false }));
    expect(await owners()).toEqual({ upload: old, intent: old, quote: old });
    expect(await sessionExists(old)).toBe(false);
    expect(await sessionExists(sid)).toBe(true);
  });

  it('records each sign-in and keeps the one before it', async () => {
    const userId = await newUser();
    const signIn = () => db.sql.begin((tx) => signInToNewSession(tx, { userId, expire: inADay(), previousSid: null, carryOver: true }));
    await signIn();
    const [first] = await db.sql<{ last_sign_in_at: Date; previous_sign_in_at: Date | null }[]>`
      select last_sign_in_at, previous_sign_in_at from users where id = ${userId}`;
    expect(first.previous_sign_in_at).toBeNull();
    await signIn();
    const [second] = await db.sql<{ previous_sign_in_at: Date | null }[]>`select previous_sign_in_at from users where id = ${userId}`;
    expect(second.previous_sign_in_at).toEqual(first.last_sign_in_at);
  });
});
