import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  GLOBAL_SPACE_ID,
  MESSAGES,
  RATE_LIMITS,
  RESET_TOKEN_HOURS,
  VERIFY_TOKEN_HOURS,
  emailSchema,
  emailTokenSchema,
  passwordSchema,
  signInSchema,
  signUpSchema,
} from '@rules';
import {
  consumeEmailToken,
  consumeEmailTokenOf,
  isEmailTokenUsable,
  issueEmailToken,
} from '../../auth/email-tokens';
import { requireWriter } from '../../auth/guards';
import { decoyHash, hashPassword, verifyPassword } from '../../auth/passwords';
import {
  assertUnderLimit,
  dropAttempts,
  forgetKey,
  limitedWrite,
  recordAttempts,
  remember,
  remembers,
} from '../../auth/rate-limit';
import { requireScope } from '../../auth/scopes';
import type { Context } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { grantConfiguredAdmins } from '../moderation/moderation-roles.service';
import { getMe, type Me } from '../users/user.service';
import { authLinks, type MailRecipient } from './auth.mail';
import { completePendingLink } from './oidc-links';

const SIGN_IN_FAILURES = 'sign-in-failure';
/** Accounts created per address: sign-ups, and accounts an OpenID provider creates. */
export const SIGN_UP = 'sign-up';
const EMAIL_SEND = 'email-send';

/**
 * Creates an unverified account and mails the verification link. An e-mail that is already taken
 * answers CONFLICT: the sign-up form must say why it cannot go on. The limit counts accounts
 * created, so a refused or failed sign-up uses up nothing.
 */
export async function signUp(ctx: Context, input: unknown): Promise<{ message: string }> {
  const data = parseInput(signUpSchema, input);
  const addressKey = `address:${ctx.clientAddress}`;
  // The hash is costly and taken outside any lock, so it is paid only for a sign-up that can
  // succeed: not for an address already at its limit, nor for an e-mail already taken (uncounted
  // attempts would otherwise buy hashes without end).
  await assertUnderLimit(ctx.db, SIGN_UP, addressKey, RATE_LIMITS.signUp);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, data.email));
  if (taken) throw emailInUse();
  const hashedPassword = await hashPassword(data.password);
  const id = randomUUID();
  await limitedWrite(ctx.db, SIGN_UP, addressKey, RATE_LIMITS.signUp, async (tx) => {
    const [created] = await tx
      .insert(users)
      .values({
        id,
        email: data.email,
        hashedPassword,
        displayName: data.displayName,
        role: data.role,
        appLang: data.appLang,
        defaultSpaceId: GLOBAL_SPACE_ID,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) throw emailInUse();
  });
  await sendVerification(ctx, id, { email: data.email, appLang: data.appLang });
  return { message: MESSAGES.checkEmail };
}

const emailInUse = () => new AppError('CONFLICT', MESSAGES.emailInUse, { field: 'email' });

async function sendVerification(ctx: Context, userId: string, to: MailRecipient) {
  const token = await issueEmailToken(ctx.db, userId, 'verify', VERIFY_TOKEN_HOURS);
  await ctx.mailer.send(authLinks(ctx.config.publicUrl).verify(to, token));
}

/**
 * Password sign-in. Failed attempts are counted per account and address pair, per address, and per
 * account across addresses, each attempt as a failure before the password is checked (so parallel
 * guesses cannot all pass one count) and dropped when the password is right. An unverified
 * account is refused with the spec's 'Please Verify your email' (and no session is created).
 *
 * The account-wide cap stops many addresses guessing one password together, yet must not let a
 * stranger lock the owner out: it has a short window (the spec's "try again in 5 minutes"), so a
 * lock always ends, and an address the account signed in from within MEMORY_DAYS neither counts
 * towards it nor is stopped by it, so the owner at home or at work keeps signing in however long
 * an attack goes on (someone sharing that address still meets the pair and address limits).
 * Unknown e-mails are counted the same way, so the answers reveal no account.
 *
 * A sign-in in a browser holding a pending link to an OpenID provider's account for this account
 * (oidc-links.ts) links the two; `linkedProvider` names the provider then.
 */
export async function signIn(ctx: Context, input: unknown) {
  const { email, password } = parseInput(signInSchema, input);
  const pairKey = `pair:${email} ${ctx.clientAddress}`;
  const knownKey = `sign-in:${email} ${ctx.clientAddress}`;
  const known = await remembers(ctx.db, knownKey);
  const attempt = await recordAttempts(ctx.db, SIGN_IN_FAILURES, [
    { key: pairKey, limit: RATE_LIMITS.signInFailures },
    { key: `address:${ctx.clientAddress}`, limit: RATE_LIMITS.signInFailuresPerAddress },
    ...(known ? [] : [{ key: `account:${email}`, limit: RATE_LIMITS.signInFailuresPerAccount }]),
  ]);

  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  const passwordOk = await verifyPassword(user?.hashedPassword ?? (await decoyHash()), password);
  if (!user || !passwordOk) throw new AppError('UNAUTHENTICATED', MESSAGES.wrongCredentials);
  // The right password: this attempt and the pair's earlier slips are forgiven (the address's
  // failures stay, so spraying many accounts from one place is still counted, and so do the
  // account's from elsewhere, which may be an attack still going on), and the address is known.
  await dropAttempts(ctx.db, attempt);
  await forgetKey(ctx.db, SIGN_IN_FAILURES, pairKey);
  await remember(ctx.db, knownKey);
  if (!user.emailVerified)
    throw new AppError('FORBIDDEN', MESSAGES.verifyEmail, { field: 'email' });

  const linkedProvider = await completePendingLink(ctx, user);
  const { token, cookie } = await ctx.sessions.create(user.id, {
    userAgent: ctx.userAgent,
    address: ctx.clientAddress,
  });
  ctx.cookies?.set(cookie);
  const session = await ctx.sessions.validate(token);
  return {
    token,
    user: await getMe({ ...ctx, viewer: session!.viewer, sessionToken: token }),
    linkedProvider,
  };
}

export async function signOut(ctx: Context): Promise<void> {
  if (ctx.sessionToken) await ctx.sessions.invalidate(ctx.sessionToken);
  ctx.cookies?.set(ctx.sessions.blankCookie());
}

/**
 * Follows an e-mail link that proves a mailbox: a new account's verification, or an e-mail
 * change's, which makes the new address the account's (CONFLICT if someone took it meanwhile;
 * the link then stays unused). One transaction: the link is used exactly when the account changes.
 */
export async function verifyEmail(ctx: Context, token: string): Promise<void> {
  const proof = parseInput(emailTokenSchema, token, 'token');
  try {
    await ctx.db.transaction(async (tx) => {
      const used = await consumeEmailTokenOf(tx, proof, ['verify', 'email-change']);
      if (!used) throw new AppError('BAD_USER_INPUT', MESSAGES.tokenInvalid, { field: 'token' });
      const [changed] = await tx
        .update(users)
        .set({
          ...(used.newEmail !== null && { email: used.newEmail }),
          emailVerified: true,
          updatedAt: new Date(),
        })
        .where(eq(users.id, used.userId))
        .returning({ id: users.id });
      if (!changed) throw new AppError('BAD_USER_INPUT', MESSAGES.tokenInvalid, { field: 'token' });
    });
  } catch (error) {
    // Another account signed up with, or changed to, the new address since the link was sent.
    if (isUniqueViolation(error)) throw emailInUse();
    throw error;
  }
  // An address listed in ADMIN_EMAILS becomes an admin once it is proven to be theirs.
  await grantConfiguredAdmins(ctx.db, ctx.config.adminEmails);
}

/**
 * `/user/update` with `key: email`, GraphQL `requestEmailChange`: mails a link to the new address,
 * which becomes the account's only when the link is followed (`verifyEmail`); until then sign-in,
 * mails and the profile keep the old one. A newer request replaces an older link. Limited as every
 * mail is (per address and per client); an address another account has is refused, as at
 * sign-up. Only the person signed in on the site may ask (not an API token: a changed address
 * would let a token's holder take the account over through a password reset).
 */
export async function requestEmailChange(
  ctx: Context,
  rawEmail: unknown,
): Promise<{ message: string; user: Me }> {
  const viewer = requireWriter(ctx);
  requireScope(ctx.scopes, 'session');
  const email = parseInput(emailSchema, rawEmail, 'email');
  const [me] = await ctx.db
    .select({ email: users.email, appLang: users.appLang })
    .from(users)
    .where(eq(users.id, viewer.id));
  if (!me) throw notFound();
  if (me.email === email)
    throw new AppError('BAD_USER_INPUT', MESSAGES.emailUnchanged, { field: 'email' });
  await recordAttempts(ctx.db, EMAIL_SEND, [
    { key: `email:${email}`, limit: RATE_LIMITS.emailSend },
    { key: `address:${ctx.clientAddress}`, limit: RATE_LIMITS.emailSend },
  ]);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (taken) throw emailInUse();
  const token = await issueEmailToken(ctx.db, viewer.id, 'email-change', VERIFY_TOKEN_HOURS, email);
  await ctx.mailer.send(
    authLinks(ctx.config.publicUrl).changeEmail({ email, appLang: me.appLang }, token),
  );
  return { message: MESSAGES.checkEmail, user: await getMe(ctx) };
}

/**
 * Both mail requests answer the same whether or not the address has an account, so they cannot
 * be used to discover who is signed up; the per-address limit keeps them from being a spam relay.
 */
async function mailRequest(
  ctx: Context,
  rawEmail: unknown,
  send: (user: typeof users.$inferSelect) => Promise<void>,
) {
  const email = parseInput(emailSchema, rawEmail, 'email');
  await recordAttempts(ctx.db, EMAIL_SEND, [
    { key: `email:${email}`, limit: RATE_LIMITS.emailSend },
    { key: `address:${ctx.clientAddress}`, limit: RATE_LIMITS.emailSend },
  ]);
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email));
  if (user) await send(user);
}

export async function resendVerification(
  ctx: Context,
  email: unknown,
): Promise<{ message: string }> {
  await mailRequest(ctx, email, async (user) => {
    if (!user.emailVerified) await sendVerification(ctx, user.id, user);
  });
  return { message: MESSAGES.checkEmail };
}

export async function requestPasswordReset(
  ctx: Context,
  email: unknown,
): Promise<{ message: string }> {
  await mailRequest(ctx, email, async (user) => {
    const token = await issueEmailToken(ctx.db, user.id, 'reset', RESET_TOKEN_HOURS);
    await ctx.mailer.send(authLinks(ctx.config.publicUrl).reset(user, token));
  });
  return { message: MESSAGES.resetSent };
}

/**
 * Whether a reset link can still set a password, so the page can say so before the form is filled.
 * It answers only valid or not (unknown, used and expired alike) and uses nothing up. No rate limit:
 * like the links themselves, a token carries 256 random bits, so asking cannot find one.
 */
export async function isResetTokenValid(ctx: Context, token: string): Promise<boolean> {
  return isEmailTokenUsable(ctx.db, parseInput(emailTokenSchema, token, 'token'), 'reset');
}

/** A reset link works once; it also proves the mailbox, and ends every session of the account. */
export async function resetPassword(ctx: Context, token: string, password: unknown): Promise<void> {
  const resetToken = parseInput(emailTokenSchema, token, 'token');
  const newPassword = parseInput(passwordSchema, password, 'password');
  const hashedPassword = await hashPassword(newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const owner = await consumeEmailToken(tx, resetToken, 'reset');
    if (!owner) throw new AppError('BAD_USER_INPUT', MESSAGES.tokenInvalid, { field: 'token' });
    await tx
      .update(users)
      .set({ hashedPassword, emailVerified: true, updatedAt: new Date() })
      .where(eq(users.id, owner));
    return owner;
  });
  await ctx.sessions.invalidateAllFor(userId);
}
