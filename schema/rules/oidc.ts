/**
 * Sign-in with an OpenID Connect provider (Google by default): the browser follows
 * OIDC_START_PATH to the provider and comes back to the callback, which either signs the person in
 * (landing on the feed) or sends them to the login page with `?oidc=<notice>` saying why not.
 */
export const OIDC_START_PATH = '/api/auth/oidc/start';
export const OIDC_CALLBACK_PATH = '/api/auth/oidc/callback';

/** The login page's query parameter that carries a notice. */
export const OIDC_NOTICE_PARAM = 'oidc';

/**
 * Why a sign-in with the provider did not end signed in, each with its text in the `auth`
 * namespace (`auth:oidc.notices.<notice>`):
 * - link: an account with that e-mail exists; signing in with its password once links the two;
 * - unverified: the provider did not vouch for the e-mail address (missing or unverified claim);
 * - denied: the person (or the provider) declined at the provider;
 * - expired: the sign-in was not started in this browser, or took too long;
 * - limited: too many sign-ins from this address;
 * - failed: anything else (the provider unreachable, a reply that did not check out).
 */
export const OIDC_NOTICES = [
  'link',
  'unverified',
  'denied',
  'expired',
  'limited',
  'failed',
] as const;
export type OidcNotice = (typeof OIDC_NOTICES)[number];
