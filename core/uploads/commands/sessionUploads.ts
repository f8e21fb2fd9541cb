/**
 * The uploads a browser session owns, and the uploads it has announced but not finished (intents).
 * They follow the session when it is renewed at sign-in.
 */
import type { Queryable } from '../../lib/db';

/** A renewed session (sign-in) keeps the uploads and upload intents of the old one. */
export async function moveSessionUploads(tx: Queryable, input: { fromSid: string; toSid: string }): Promise<void> {
  await tx`update uploads set session_sid = ${input.toSid} where session_sid = ${input.fromSid}`;
  await tx`update upload_intents set session_sid = ${input.toSid} where session_sid = ${input.fromSid}`;
}
