import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { AuthorizationResponseError } from 'openid-client';
import {
  DEFAULT_LANG,
  DISPLAY_NAME_MAX,
  GLOBAL_SPACE_ID,
  LOCALE_COOKIE,
  OIDC_CALLBACK_PATH,
  OIDC_NOTICE_PARAM,
  RATE_LIMITS,
  appLangSchema,
  displayNameSchema,
  emailSchema,
  webUrlSchema,
  type OidcNotice,
} from '@rules';
import type { OidcClaims, OidcFlow, OidcProvider } from '../../auth/oidc';
import { hashPassword } from '../../auth/passwords';
import { limitedWrite, recordAttempts } from '../../auth/rate-limit';
import {
  clearedCookie,
  readSignedCookie,
  signedCookie,
  type SignedCookieOptions,
} from '../../auth/signed-cookies';
import type { Context } from '../../context';
import { userIdentities, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { grantConfiguredAdmins } from '../moderation/moderation-roles.service';
import { SIGN_UP } from './auth.service';
import { offerLink } from './oidc-links';

/**
 * Sign-in with an OpenID Connect provider (Google unless OIDC_ISSUER names another), in two
 * browser steps that each answer where the browser goes next:
 *
 * - `startOidc`: a new state, nonce and PKCE verifier, kept in a signed HttpOnly cookie for
 *   FLOW_MINUTES, and the provider's authorization URL;
 * - `finishOidc`: the provider's answer checked against that cookie (used once) and redeemed by
 *   openid-client, which verifies the ID token. Then: a provider account already linked signs its
 *   person in; otherwise the e-mail must be verified by the provider; an e-mail with an account
 *   here waits for that account's password (oidc-links.ts); a new e-mail gets a new verified
 *   account with role person (spec §4: "New social-login users get role person").
 *
 * Whatever does not end signed in lands on the login page with `?oidc=<notice>` saying why.
 * Both steps answer 404 when no provider is configured, and count against RATE_LIMITS.oidc per
 * client address.
 */

const FLOW_MINUTES = 10;
const OIDC_ATTEMPTS = 'oidc';
/** Where a signed-in person lands (spec §4), as the client's HOME_FEED. */
const HOME_FEED = '/stories/recent';

const flowCookie = (ctx: Context): SignedCookieOptions => ({
  name: 'oidc_flow',
  purpose: 'oidc-flow',
  // Sent back to the callback only.
  path: '/api/auth/oidc',
  maxAgeSeconds: FLOW_MINUTES * 60,
  secure: ctx.config.secureCookies,
});

const notice = (why: OidcNotice) => `/auth/login?${OIDC_NOTICE_PARAM}=${why}`;

/** The redirect URI registered at the provider: always PUBLIC_URL's, never the request's Host. */
export const oidcRedirectUri = (ctx: Pick<Context, 'config'>) =>
  `${ctx.config.publicUrl.replace(/\/+$/u, '')}${OIDC_CALLBACK_PATH}`;

function providerOf(ctx: Context): OidcProvider {
  if (!ctx.oidc) throw notFound();
  return ctx.oidc;
}

/** Counts one step against the address; false once it has used up RATE_LIMITS.oidc. */
async function admitted(ctx: Context): Promise<boolean> {
  try {
    await recordAttempts(ctx.db, OIDC_ATTEMPTS, [
      { key: `address:${ctx.clientAddress}`, limit: RATE_LIMITS.oidc },
    ]);
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
    throw error;
  }
}

/** The first step: where to send the browser (the provider, or the login page with a notice). */
export async function startOidc(ctx: Context): Promise<string> {
  const provider = providerOf(ctx);
  if (!(await admitted(ctx))) return notice('limited');
  try {
    const { url, flow } = await provider.begin(oidcRedirectUri(ctx));
    ctx.cookies?.set(signedCookie(ctx.config.appSecret, flowCookie(ctx), { ...flow }));
    return url.href;
  } catch (error) {
    ctx.log.warn({ err: error }, 'OpenID provider not reached: sign-in not started');
    return notice('failed');
  }
}

const flowOf = (stored: Record<string, unknown> | null): OidcFlow | null => {
  const { state, nonce, codeVerifier } = stored ?? {};
  return typeof state === 'string' && typeof nonce === 'string' && typeof codeVerifier === 'string'
    ? { state, nonce, codeVerifier }
    : null;
};

/**
 * The provider's answer (`search`: the callback's query string, `?code=…&state=…`): where the
 * browser goes next, signed in (the feed) or not (the login page with a notice).
 */
export async function finishOidc(ctx: Context, search: string): Promise<string> {
  const provider = providerOf(ctx);
  const options = flowCookie(ctx);
  const flow = flowOf(
    readSignedCookie(ctx.config.appSecret, options.purpose, ctx.cookies?.get(options.name)),
  );
  // A flow is used once, whatever comes of it.
  ctx.cookies?.set(clearedCookie(options));
  if (!(await admitted(ctx))) return notice('limited');
  if (!flow) return notice('expired');

  const callbackUrl = new URL(oidcRedirectUri(ctx));
  callbackUrl.search = search;
  let claims: OidcClaims;
  try {
    claims = await provider.finish(callbackUrl, flow);
  } catch (error) {
    if (error instanceof AuthorizationResponseError && error.error === 'access_denied')
      return notice('denied');
    // A state or nonce that does not match, a code already used, a token that does not verify,
    // or the provider unreachable: the log says which.
    ctx.log.warn({ err: error }, 'sign-in with the OpenID provider refused');
    return notice('failed');
  }

  const [linked] = await ctx.db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(
      and(eq(userIdentities.issuer, claims.issuer), eq(userIdentities.subject, claims.subject)),
    );
  if (linked) return signInAs(ctx, linked.userId);

  // Only an address the provider vouches for may open or create an account here.
  const email = emailSchema.safeParse(claims.email);
  if (!claims.emailVerified || !email.success) return notice('unverified');
  const existing = await accountWith(ctx, email.data);
  if (existing) {
    offerLink(ctx, existing, claims);
    return notice('link');
  }
  let created: string | null;
  try {
    created = await createPerson(ctx, email.data, claims);
  } catch (error) {
    if (error instanceof AppError && error.code === 'RATE_LIMITED') return notice('limited');
    throw error;
  }
  if (created) return signInAs(ctx, created);
  // Someone signed up with the address a moment ago: theirs to link, as above.
  const raced = await accountWith(ctx, email.data);
  if (!raced) return notice('failed');
  offerLink(ctx, raced, claims);
  return notice('link');
}

async function accountWith(ctx: Context, email: string) {
  const [account] = await ctx.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.email, email));
  return account ?? null;
}

async function signInAs(ctx: Context, userId: string): Promise<string> {
  const { cookie } = await ctx.sessions.create(userId, {
    userAgent: ctx.userAgent,
    address: ctx.clientAddress,
  });
  ctx.cookies?.set(cookie);
  return HOME_FEED;
}

/**
 * A new verified person with the provider's account linked, counted as a sign-up of the address
 * (RATE_LIMITS.signUp); null when the e-mail was taken meanwhile. The password is a hash of
 * random bytes nobody keeps: the account has none to sign in with until 'Forgot password?' sets
 * one.
 */
async function createPerson(ctx: Context, email: string, claims: OidcClaims) {
  const id = randomUUID();
  const hashedPassword = await hashPassword(randomBytes(32).toString('base64url'));
  const created = await limitedWrite(
    ctx.db,
    SIGN_UP,
    `address:${ctx.clientAddress}`,
    RATE_LIMITS.signUp,
    async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          id,
          email,
          hashedPassword,
          emailVerified: true,
          displayName: displayNameFrom(claims, email),
          role: 'person',
          photoUrl: photoFrom(claims),
          appLang: appLangSchema.safeParse(ctx.cookies?.get(LOCALE_COOKIE)).data ?? DEFAULT_LANG,
          defaultSpaceId: GLOBAL_SPACE_ID,
        })
        .onConflictDoNothing({ target: users.email })
        .returning({ id: users.id });
      if (!row) return false;
      await tx
        .insert(userIdentities)
        .values({ userId: id, issuer: claims.issuer, subject: claims.subject });
      return true;
    },
  );
  if (!created) return null;
  // An address listed in ADMIN_EMAILS is an admin once proven, as after a verification link.
  await grantConfiguredAdmins(ctx.db, ctx.config.adminEmails);
  return id;
}

/** Characters that would make a name show other than it reads: controls and bidi overrides. */
const HIDDEN_CHARACTERS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;

/** `value` as a display name sign-up would accept, cut to the limit if `cut`; else null. */
function asDisplayName(value: string | null, cut: boolean): string | null {
  if (!value) return null;
  let name = value.replace(HIDDEN_CHARACTERS, '').replace(/\s+/gu, ' ').trim();
  if (name.length > DISPLAY_NAME_MAX) {
    if (!cut) return null;
    let kept = '';
    // Whole characters only: a surrogate pair is never split.
    for (const character of name) {
      if (kept.length + character.length > DISPLAY_NAME_MAX) break;
      kept += character;
    }
    name = kept;
  }
  const parsed = displayNameSchema.safeParse(name);
  return parsed.success ? parsed.data : null;
}

/**
 * The display name of a new account, by sign-up's rule (1 to DISPLAY_NAME_MAX characters): the
 * provider's full name, or the given name, when it fits; else the first of them cut to fit; else
 * the e-mail's local part; else 'Person'.
 */
export function displayNameFrom(
  claims: Pick<OidcClaims, 'name' | 'givenName'>,
  email: string,
): string {
  const local = email.slice(0, email.lastIndexOf('@'));
  return (
    asDisplayName(claims.name, false) ??
    asDisplayName(claims.givenName, false) ??
    asDisplayName(claims.name, true) ??
    asDisplayName(claims.givenName, true) ??
    asDisplayName(local, true) ??
    'Person'
  );
}

/** The provider's picture when it is an https address (the page's image policy loads no other). */
function photoFrom(claims: OidcClaims): string | null {
  const parsed = webUrlSchema.safeParse(claims.picture);
  return parsed.success && parsed.data.startsWith('https://') ? parsed.data : null;
}
