/**
 * Customer accounts: register, sign in, sign out, current user, forgot / reset / set password and
 * email verification. Sessions live in the `sessions` table (api/src/http/sessions.ts); passwords are
 * scrypt hashes (core/lib/passwords.ts).
 */
import { validate } from '../middleware/validate';
import { Router, type Request } from 'express';
import { z } from 'zod';
import type { AppContext } from '#core/context';
import { queueSetPasswordEmail, queueSignInAlertEmail, queueVerifyEmail } from '#core/emails/account-emails';
import { consumeAuthToken } from '#core/accounts/commands/authTokens';
import { createUser, enqueueClaimGuestOrders, setPassword, verifyEmail } from '#core/accounts/commands/users';
import { findUserByEmail, findUserById } from '#core/accounts/queries';
import { addJob } from '#core/lib/db';
import { badRequest, conflict, unauthorized } from '#core/lib/errors';
import { createRateLimits, FAILED_SIGN_INS_BEFORE_ALERT, signInDelayMs, signInHashPriority } from '../http/rateLimit';
import { sleep } from '#core/lib/time';
import { requireUser, signInCustomer, signOutCustomer } from '../http/sessions';
import { findAuthToken, type AuthTokenRow } from '#core/lib/tokens';
import { presentUser } from '../presenters/user';
import { emailField, newPasswordField } from '#shared/fields';
import { RegisterSchema } from '#shared/register';
import { SignInSchema } from '#shared/signIn';

const ForgotSchema = z.object({ email: emailField });
const tokenField = z.string({ error: 'This link is not complete. Please open it again from your email.' }).trim().min(10).max(200);
const ResetSchema = z.object({ token: tokenField, password: newPasswordField });
const VerifySchema = z.object({ token: tokenField });

export const INVALID_SIGN_IN = 'Invalid email or password.';
export const FORGOT_PASSWORD_ANSWER = 'If an account exists for that address, we have emailed it a link to reset the password. The link works for 1 hour.';
const BAD_LINK = 'This link is invalid or has expired. Please ask for a new one.';

const registerBody = validate({ body: RegisterSchema });
const loginBody = validate({ body: SignInSchema });
const forgotBody = validate({ body: ForgotSchema });
const resetBody = validate({ body: ResetSchema });
const verifyBody = validate({ body: VerifySchema });

export function authRoutes(ctx: AppContext): Router {
  const router = Router();
  const limits = createRateLimits(ctx.sql);
  const { sql, passwords } = ctx;
  const log = ctx.log.child('auth');
  // Hash the dummy password now, so the first sign-in with an unknown address is not slower than the rest.
  void passwords.dummyHash();
  /** The signed-in customer's account (requireUser has run), or null when it has been deleted since. */
  const signedInUser = async (req: Request) => (req.shop.userId ? findUserById(sql, req.shop.userId) : null);
  /** A new password's hash queues behind clean requests when this client is busy signing in or failing to. */
  const newPasswordPriority = async (req: Request) => signInHashPriority(await limits.clientSignIns(req, false), 0);

  router.post('/api/auth/register', limits.authPerClient, registerBody, async (req, res) => {
    const input = registerBody.input(req).body;
    if (await findUserByEmail(sql, input.email)) throw conflict('An account with this email already exists. Please sign in instead.');
    const passwordHash = await passwords.hash(input.password, { priority: await newPasswordPriority(req) });
    const user = await sql.begin(async (tx) => {
      const row = await createUser(tx, {
        email: input.email,
        passwordHash,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: input.phone,
      });
      if (!row) throw conflict('An account with this email already exists. Please sign in instead.');
      const to = { userId: row.id, email: row.email, firstName: row.first_name };
      if (input.setPasswordByEmail) await queueSetPasswordEmail(tx, ctx.env, to);
      else await queueVerifyEmail(tx, ctx.env, to);
      return row;
    });
    // The register screen's customer is signed in at once, as login does (what this browser uploaded
    // and ordered as a guest comes along). The checkout's account (a throwaway password, chosen later
    // through the emailed link) must not take over the guest's browser session.
    if (!input.setPasswordByEmail) await signInCustomer(req, sql, user.id);
    res.status(201).json(presentUser(user));
  });

  router.post('/api/auth/login', limits.authPerClient, limits.failedSignInsPerClient, loginBody, async (req, res) => {
    const input = loginBody.input(req).body;
    const accountKey = limits.accountKeyFor(input.email);
    const [accountCounter, client, user] = await Promise.all([
      limits.accountFailures.get(accountKey),
      limits.clientSignIns(req, true),
      findUserByEmail(sql, input.email),
    ]);
    const failures = accountCounter?.totalHits ?? 0;
    // Every attempt on an account that is being guessed at waits, the right password too: the owner
    // is slowed, never locked out (docs/decisions/013-sign-in-throttling.md). The wait is the soonest
    // the answer leaves and runs alongside the password check, so the owner is answered within 5 s.
    const notBefore = sleep(signInDelayMs(failures));
    const priority = signInHashPriority(client, failures);
    // An unknown address costs one scrypt too, so timing does not tell which addresses have accounts.
    // A check that could not finish in time is refused at once (429 with Retry-After), not queued.
    const ok = await passwords.verify(input.password, user?.password_hash ?? (await passwords.dummyHash()), { priority });
    await notBefore;
    if (!user || !ok) {
      const counted = await limits.accountFailures.increment(accountKey);
      if (user && counted.totalHits === FAILED_SIGN_INS_BEFORE_ALERT && counted.resetTime) {
        await queueSignInAlertEmail(sql, ctx.env, {
          userId: user.id,
          email: user.email,
          firstName: user.first_name,
          failures: counted.totalHits,
          windowEndsAt: counted.resetTime,
        });
      }
      log.warn('customer sign-in failed', { ip: req.ip, failures: counted.totalHits });
      throw unauthorized(INVALID_SIGN_IN);
    }
    await signInCustomer(req, sql, user.id);
    await limits.accountFailures.resetKey(accountKey);
    // Guest orders placed with a verified address since the last sign-in join the account.
    if (user.email_verified_at) await enqueueClaimGuestOrders(sql, { userId: user.id });
    // signInCustomer moved the sign-in read above to previous_sign_in_at: answer as the row now reads.
    res.json(presentUser({ ...user, previous_sign_in_at: user.last_sign_in_at, last_sign_in_at: new Date() }));
  });

  router.post('/api/auth/logout', async (req, res) => {
    await signOutCustomer(req, sql);
    res.json({ message: 'You have been successfully signed out.' });
  });

  router.get('/api/auth/user', requireUser, async (req, res) => {
    const user = await signedInUser(req);
    if (!user) {
      await signOutCustomer(req, sql);
      throw unauthorized();
    }
    res.set('Cache-Control', 'no-store');
    res.json(presentUser(user));
  });

  router.post('/api/auth/forgot-password', limits.authPerClient, forgotBody, async (req, res) => {
    const { email } = forgotBody.input(req).body;
    // The same work whatever the address: the worker decides whether there is anyone to email.
    await addJob(sql, 'users__send_password_reset', { email }, { jobKey: `users:reset:${email}`, maxAttempts: 3 });
    res.status(202).json({ message: FORGOT_PASSWORD_ANSWER });
  });

  /** Sets a new password from an emailed link (forgot password, or the checkout's "choose a password"). */
  router.post('/api/auth/reset-password', limits.authPerClient, resetBody, async (req, res) => {
    const input = resetBody.input(req).body;
    const token = (await findAuthToken(sql, 'reset_password', input.token)) ?? (await findAuthToken(sql, 'set_password', input.token));
    if (!token?.user_id) throw badRequest(BAD_LINK);
    const userId = token.user_id;
    const passwordHash = await passwords.hash(input.password, { priority: await newPasswordPriority(req) });
    const user = await sql.begin(async (tx) => {
      if (!(await consumeAuthToken(tx, token.id))) throw badRequest(BAD_LINK);
      // A new password ends every session of the account; this browser signs in afresh below.
      const row = await setPassword(tx, { userId, passwordHash, linkEmail: token.email });
      if (!row) throw badRequest(BAD_LINK);
      return row;
    });
    await signInCustomer(req, sql, user.id);
    res.json(presentUser(user));
  });

  router.post('/api/auth/verify-email', limits.authPerClient, verifyBody, async (req, res) => {
    const input = verifyBody.input(req).body;
    // A second click on the same link still answers "confirmed".
    const token: AuthTokenRow | null = await findAuthToken(sql, 'verify_email', input.token, { allowUsed: true });
    if (!token?.user_id) throw badRequest(BAD_LINK);
    const userId = token.user_id;
    const verified = await sql.begin(async (tx) => {
      if (!(await verifyEmail(tx, { userId, email: token.email }))) return false;
      await consumeAuthToken(tx, token.id);
      return true;
    });
    if (!verified) throw badRequest(BAD_LINK);
    res.json({ message: 'Your email address is confirmed. Orders you placed with it as a guest now appear in your account.' });
  });

  router.post('/api/auth/resend-verification', requireUser, limits.authPerClient, async (req, res) => {
    const user = await signedInUser(req);
    if (!user) throw unauthorized();
    if (user.email_verified_at) {
      res.json({ message: 'Your email address is already confirmed.' });
      return;
    }
    await sql.begin((tx) => queueVerifyEmail(tx, ctx.env, { userId: user.id, email: user.email, firstName: user.first_name }));
    res.status(202).json({ message: `We sent a new confirmation link to ${user.email}.` });
  });

  return router;
}
