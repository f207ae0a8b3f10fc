import { and, eq } from 'drizzle-orm';
import type { OidcClaims } from '../../auth/oidc';
import {
  clearedCookie,
  readSignedCookie,
  signedCookie,
  type SignedCookieOptions,
} from '../../auth/signed-cookies';
import type { Context } from '../../context';
import { userIdentities } from '../../db/schema';

/**
 * The pending link between a provider's account and an existing account with the same e-mail.
 * The provider vouching for an address is not enough to open an account someone made with it:
 * whoever holds the account proves it is theirs by signing in with its password, in the same
 * browser, within LINK_MINUTES. The marker is a signed HttpOnly cookie naming both accounts; the
 * password sign-in (auth.service's signIn) links them and clears it. From then on the provider's
 * account signs that person in directly.
 */
export const LINK_MINUTES = 15;

const linkCookie = (ctx: Context): SignedCookieOptions => ({
  name: 'oidc_link',
  purpose: 'oidc-link',
  // Read by the sign-in, which comes over /graphql or /api/auth/login.
  path: '/',
  maxAgeSeconds: LINK_MINUTES * 60,
  secure: ctx.config.secureCookies,
});

/** Marks the provider's account as waiting to be linked to `user` by a password sign-in. */
export function offerLink(ctx: Context, user: { id: string; email: string }, claims: OidcClaims) {
  ctx.cookies?.set(
    signedCookie(ctx.config.appSecret, linkCookie(ctx), {
      userId: user.id,
      email: user.email,
      issuer: claims.issuer,
      subject: claims.subject,
    }),
  );
}

/**
 * After `user` proved their password: links the provider's account a valid marker names to them
 * and clears the marker. Answers the provider's name when linked (or already linked to them),
 * null otherwise. A marker for another account (someone else signing in on that browser) or
 * another e-mail (the account's address changed since) is left to expire.
 */
export async function completePendingLink(
  ctx: Context,
  user: { id: string; email: string },
): Promise<string | null> {
  if (!ctx.oidc) return null;
  const options = linkCookie(ctx);
  const pending = readSignedCookie(
    ctx.config.appSecret,
    options.purpose,
    ctx.cookies?.get(options.name),
  );
  if (!pending || pending.userId !== user.id || pending.email !== user.email) return null;
  const { issuer, subject } = pending;
  if (typeof issuer !== 'string' || typeof subject !== 'string') return null;
  await ctx.db
    .insert(userIdentities)
    .values({ userId: user.id, issuer, subject })
    .onConflictDoNothing();
  ctx.cookies?.set(clearedCookie(options));
  // The provider's account may have been linked to someone else meanwhile: then not to them.
  const [linked] = await ctx.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.issuer, issuer), eq(userIdentities.subject, subject)));
  return linked?.userId === user.id ? ctx.oidc.providerName : null;
}
