/**
 * Account emails: verify an address, reset a password, set a password (accounts created at checkout).
 * Each creates a one-time token and queues one email in the caller's transaction; the raw token
 * exists only in the emailed link.
 */
import { shopFacts, TTL_MS } from '#shared/shop';
import type { Env } from '#shared/env';
import type { Queryable } from '../lib/db';
import { issueAuthToken } from '../accounts/commands/authTokens';
import { queueEmail } from '../services/email/index';
import { signOff } from './closing';
import { greeting } from './theirWords';

export const VERIFY_EMAIL_TTL_MS = TTL_MS.verifyEmail;
export const RESET_PASSWORD_TTL_MS = TTL_MS.resetPassword;
export const SET_PASSWORD_TTL_MS = TTL_MS.setPassword;

type Recipient = { userId: string; email: string; firstName?: string | null };

/** "Confirm your email address": following the link verifies it and brings earlier guest orders over. */
export async function queueVerifyEmail(db: Queryable, env: Env, to: Recipient): Promise<void> {
  const shop = shopFacts(env);
  const token = await issueAuthToken(db, { kind: 'verify_email', ttlMs: VERIFY_EMAIL_TTL_MS, userId: to.userId, email: to.email });
  const link = `${env.APP_URL}/verify-email?token=${encodeURIComponent(token)}`;
  await queueEmail(db, {
    idempotencyKey: `user:${to.userId}:verify:${token.slice(0, 16)}`,
    to: to.email,
    kind: 'account_verify_email',
    userId: to.userId,
    subject: 'Confirm your email address',
    text:
      `${greeting(to.firstName)}\n\nThanks for creating a ${shop.name} account. Please confirm your email address by opening this link:\n\n${link}\n\n` +
      `Once it is confirmed, orders you placed earlier as a guest with this address appear in your account.\n` +
      `The link works for 7 days. If you did not create an account, you can ignore this email.\n\n${signOff(shop)}`,
  });
}

/** "Reset your password": a one-hour, one-time link to /reset-password. */
export async function queueResetPasswordEmail(db: Queryable, env: Env, to: Recipient): Promise<void> {
  const shop = shopFacts(env);
  const token = await issueAuthToken(db, { kind: 'reset_password', ttlMs: RESET_PASSWORD_TTL_MS, userId: to.userId, email: to.email });
  const link = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}`;
  await queueEmail(db, {
    idempotencyKey: `user:${to.userId}:reset:${token.slice(0, 16)}`,
    to: to.email,
    kind: 'account_reset_password',
    userId: to.userId,
    subject: `Reset your ${shop.name} password`,
    text:
      `${greeting(to.firstName)}\n\nSomeone (we hope you) asked to reset the password of your ${shop.name} account. Choose a new password here:\n\n${link}\n\n` +
      `The link works once, for 1 hour. If you did not ask for this, you can ignore this email: your password stays as it is.\n\n${signOff(shop)}`,
  });
}

/**
 * "Set your password": for an account created for the customer (the checkout's 'Create an account'
 * box). Following the link sets a password, confirms the address and signs in.
 */
export async function queueSetPasswordEmail(db: Queryable, env: Env, to: Recipient, options: { idempotencyKey?: string } = {}): Promise<void> {
  const shop = shopFacts(env);
  const token = await issueAuthToken(db, { kind: 'set_password', ttlMs: SET_PASSWORD_TTL_MS, userId: to.userId, email: to.email });
  const link = `${env.APP_URL}/reset-password?token=${encodeURIComponent(token)}&welcome=1`;
  await queueEmail(db, {
    idempotencyKey: options.idempotencyKey ?? `user:${to.userId}:set-password:${token.slice(0, 16)}`,
    to: to.email,
    kind: 'account_set_password',
    userId: to.userId,
    subject: `Your ${shop.name} account: choose a password`,
    text:
      `${greeting(to.firstName)}\n\nWe created a ${shop.name} account for ${to.email}, so you can follow your orders, download receipts and order again.\n` +
      `Choose your password here:\n\n${link}\n\nThe link works once, for 7 days.\n\n${signOff(shop)}`,
  });
}

/**
 * "Someone is trying to sign in to your account": sent once per counting window (the key carries the
 * window's end) when an account's failed sign-ins reach the alert threshold. Nothing is locked: the
 * email says so, and offers a reset in case the guesser knows something.
 */
export async function queueSignInAlertEmail(db: Queryable, env: Env, to: Recipient & { failures: number; windowEndsAt: Date }): Promise<void> {
  const shop = shopFacts(env);
  await queueEmail(db, {
    idempotencyKey: `user:${to.userId}:sign-in-alert:${to.windowEndsAt.toISOString()}`,
    to: to.email,
    kind: 'account_sign_in_alert',
    userId: to.userId,
    subject: `Someone is trying to sign in to your ${shop.name} account`,
    text:
      `${greeting(to.firstName)}\n\nThere have been ${to.failures} sign-in attempts with a wrong password for your ${shop.name} account in the last few minutes.\n\n` +
      `If that was you, there is nothing to do. If it was not, someone may be guessing your password. Your account is not locked: you can still sign in with your password, ` +
      `and further wrong guesses are slowed down. If your password is one you use elsewhere, please choose a new one here:\n\n${env.APP_URL}/forgot-password\n\n${signOff(shop)}`,
  });
}

/**
 * Tells the print counter that someone is guessing the admin password: once per window, to the
 * shop's own address. Sign-in is slowed, never locked, so the admin can still get in.
 */
export async function queueAdminSignInAlertEmail(db: Queryable, env: Env, alert: { failures: number; windowEndsAt: Date }): Promise<void> {
  const shop = shopFacts(env);
  await queueEmail(db, {
    idempotencyKey: `admin:sign-in-alert:${alert.windowEndsAt.toISOString()}`,
    to: shop.email,
    kind: 'admin_sign_in_alert',
    subject: `Someone is trying to sign in to the ${shop.name} admin console`,
    text:
      `There have been ${alert.failures} admin sign-in attempts with a wrong username or password in the last few minutes.\n\n` +
      `Admin sign-in is not locked: the right password still works, after a wait of a few seconds at most while the guessing goes on. ` +
      `Each guessing address is slowed down and then refused. If this was not someone at the counter, change ADMIN_PASSWORD and restart the shop.\n\n` +
      `${shop.name}, ${env.APP_URL}/admin`,
  });
}
