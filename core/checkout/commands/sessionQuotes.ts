/** The shipping quotes a browser session was given: they follow the session when it is renewed at sign-in. */
import type { Queryable } from '../../lib/db';

/** A renewed session (sign-in) keeps the shipping quotes of the old one, so its checkout can still use them. */
export async function moveSessionQuotes(tx: Queryable, input: { fromSid: string; toSid: string }): Promise<void> {
  await tx`update shipping_quotes set session_sid = ${input.toSid} where session_sid = ${input.fromSid}`;
}
