/**
 * Inviting people into a firm: an owner invites an address (emailed a one-time link), the invited
 * person accepts it, an owner withdraws an open invite.
 */
import { TTL_MS, type ShopFacts } from '#shared/shop';
import type { Queryable } from '../../lib/db';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors';
import { consumeAuthToken, issueAuthToken } from '../../accounts/commands/authTokens';
import { findAuthToken, hashToken } from '../../lib/tokens';
import { queueEmail } from '../../services/email/index';
import { signOff } from '../../emails/closing';
import { quoted, theirWords } from '../../emails/theirWords';
import { membershipOf } from '../membership';
import { ALREADY_IN_A_FIRM } from './firms';

export const FIRM_INVITE_TTL_MS = TTL_MS.firmInvite;
export const BAD_INVITE = 'This invite link is invalid or has expired. Please ask the firm for a new one.';
export const INVITE_FOR_SOMEONE_ELSE = 'This invite was sent to another email address. Please sign in with the address it was sent to.';

/**
 * Invites an address and emails it a one-time link to /firm-invite. Inviting the same address again
 * sends a new link and retires the old one. 409 when that address is already a member.
 */
export async function inviteToFirm(
  tx: Queryable,
  input: { firmId: string; email: string; invitedByUserId: string; appUrl: string; shop: ShopFacts },
): Promise<string> {
  const [member] = await tx`
    select 1 from firm_members m join users u on u.id = m.user_id where m.firm_id = ${input.firmId} and u.email = ${input.email}`;
  if (member) throw conflict(`${input.email} is already a member of this firm.`);
  const [firm] = await tx<{ name: string }[]>`select name from firms where id = ${input.firmId}`;
  if (!firm) throw notFound('Firm not found.');
  const [inviter] = await tx<Inviter[]>`select email, first_name, last_name from users where id = ${input.invitedByUserId}`;
  if (!inviter) throw notFound('Account not found.');
  const token = await issueAuthToken(tx, { kind: 'firm_invite', ttlMs: FIRM_INVITE_TTL_MS, email: input.email });
  const [tokenRow] = await tx<{ id: string }[]>`select id from auth_tokens where token_hash = ${hashToken(token)}`;
  const [old] = await tx<{ auth_token_id: string | null }[]>`
    select auth_token_id from firm_invites where firm_id = ${input.firmId} and email = ${input.email} and accepted_at is null for update`;
  if (old?.auth_token_id) await consumeAuthToken(tx, old.auth_token_id);
  const [invite] = await tx<{ id: string }[]>`
    insert into firm_invites (firm_id, email, invited_by_user_id, auth_token_id)
    values (${input.firmId}, ${input.email}, ${input.invitedByUserId}, ${tokenRow.id})
    on conflict (firm_id, email) where accepted_at is null
    do update set auth_token_id = excluded.auth_token_id, invited_by_user_id = excluded.invited_by_user_id, created_at = now()
    returning id`;
  const link = `${input.appUrl}/firm-invite?token=${encodeURIComponent(token)}`;
  await queueEmail(tx, {
    idempotencyKey: `firm:${input.firmId}:invite:${token.slice(0, 16)}`,
    to: input.email,
    kind: 'firm_invite',
    ...firmInviteEmail({ inviter, firmName: firm.name, to: input.email, link, shop: input.shop }),
  });
  return invite.id;
}

/** The inviting account, as the invite names it. */
type Inviter = { email: string; first_name: string | null; last_name: string | null };

/**
 * The invite's subject and text. The inviter's name and the firm's name are their words, not the
 * shop's: the subject has none of them, the text names the inviter by name and address and quotes the
 * firm's name, says who typed them, and links nothing they typed (see ../emails/theirWords.ts).
 */
export function firmInviteEmail(input: { inviter: Inviter; firmName: string; to: string; link: string; shop: ShopFacts }): {
  subject: string;
  text: string;
} {
  const { inviter, shop } = input;
  const name = theirWords([inviter.first_name, inviter.last_name].filter(Boolean).join(' ')).trim();
  const who = name ? `${name} (${inviter.email})` : inviter.email;
  return {
    subject: `You are invited to join a firm on ${shop.name}`,
    text:
      `Hello,\n\n${who} invites you to join the firm ${quoted(input.firmName)} on ${shop.name}, so your print orders are kept with the firm's ` +
      `and you can see its orders and projects.\n\n` +
      `Both names are as the firm's people typed them at ${shop.name}: they are their words, not ours.\n\n` +
      `To join, open this link and sign in (or create an account) with this email address, ${input.to}:\n\n${input.link}\n\n` +
      `The link works once, for 14 days. If you were not expecting it, you can ignore this email.\n\n${signOff(shop)}`,
  };
}

/**
 * The signed-in person accepts an invite: they become a member. 404 when their account is gone, 400 for a dead link, 403 when
 * they are not the invited address, 409 when they already belong to another firm. Accepting again
 * (a second click) answers with the same firm.
 */
export async function acceptInvite(tx: Queryable, input: { token: string; userId: string }): Promise<string> {
  const [user] = await tx<{ email: string }[]>`select email from users where id = ${input.userId}`;
  if (!user) throw notFound('Account not found.');
  const token = await findAuthToken(tx, 'firm_invite', input.token, { allowUsed: true });
  if (!token) throw badRequest(BAD_INVITE);
  const [invite] = await tx<{ id: string; firm_id: string; email: string; accepted_by_user_id: string | null; accepted_at: Date | null }[]>`
    select id, firm_id, email, accepted_by_user_id, accepted_at from firm_invites where auth_token_id = ${token.id} for update`;
  if (!invite) throw badRequest(BAD_INVITE);
  if (invite.email !== user.email) throw forbidden(INVITE_FOR_SOMEONE_ELSE);
  const membership = await membershipOf(tx, input.userId);
  if (membership?.firmId === invite.firm_id) return invite.firm_id;
  if (invite.accepted_at || token.used_at) throw badRequest(BAD_INVITE);
  if (membership) throw conflict(ALREADY_IN_A_FIRM);
  await tx`insert into firm_members (user_id, firm_id, role) values (${input.userId}, ${invite.firm_id}, 'member')`;
  await tx`update firm_invites set accepted_at = now(), accepted_by_user_id = ${input.userId} where id = ${invite.id}`;
  await consumeAuthToken(tx, token.id);
  return invite.firm_id;
}

/** Withdraws an open invite; its link stops working. 404 when there is no such open invite. */
export async function revokeInvite(tx: Queryable, input: { firmId: string; inviteId: string }): Promise<void> {
  const [gone] = await tx<{ auth_token_id: string | null }[]>`
    delete from firm_invites where id = ${input.inviteId} and firm_id = ${input.firmId} and accepted_at is null returning auth_token_id`;
  if (!gone) throw notFound('Invite not found.');
  if (gone.auth_token_id) await consumeAuthToken(tx, gone.auth_token_id);
}
