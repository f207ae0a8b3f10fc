import * as client from 'openid-client';
import type { OidcSettings } from '../config';

/**
 * The OpenID Connect provider (Google by default) behind openid-client: discovery, the
 * authorization code flow with PKCE, state and nonce, and the ID token's checks (signature, issuer,
 * audience, expiry, nonce) are the library's; this module keeps what the flow needs between the
 * two legs and reads the claims the app uses. modules/auth/oidc.service.ts decides what a sign-in
 * does.
 */

/** What the browser carries from the start to the callback (in a signed cookie). */
export interface OidcFlow {
  state: string;
  nonce: string;
  codeVerifier: string;
}

/** The verified claims of the person the provider signed in. */
export interface OidcClaims {
  /** The ID token's `iss` and `sub`: together, the provider's account for good. */
  issuer: string;
  subject: string;
  email: string | null;
  /** True only when the provider says it checked the address (`email_verified`). */
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  picture: string | null;
}

export interface OidcProvider {
  readonly providerName: string;
  /** Where to send the browser for a new sign-in, and the flow to keep until it comes back. */
  begin(redirectUri: string): Promise<{ url: URL; flow: OidcFlow }>;
  /**
   * Checks the provider's answer (`callbackUrl`: the redirect URI with the query it came back
   * with) against the flow, redeems the code and answers the verified claims. Throws on anything
   * that does not check out, `AuthorizationResponseError` when the provider answered an error.
   */
  finish(callbackUrl: URL, flow: OidcFlow): Promise<OidcClaims>;
}

/** Each request to the provider gives up after this long (an API request has 15 s in all). */
const PROVIDER_TIMEOUT_SECONDS = 8;
/** The discovery document is fetched again after this long (keys are fetched as they rotate). */
const DISCOVERY_MAX_AGE_MS = 24 * 3600_000;
const SCOPE = 'openid email profile';

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Most providers send a boolean; a few (Cognito among them) the string 'true'. */
const verified = (value: unknown) => value === true || value === 'true';

export function createOidcProvider(settings: OidcSettings): OidcProvider {
  let discovered: { config: Promise<client.Configuration>; at: number } | null = null;

  /**
   * Discovery happens on the first sign-in, not at start: the server starts (and serves
   * everything else) while the provider is unreachable, and a failed discovery is tried again by
   * the next sign-in instead of being remembered.
   */
  function configuration(): Promise<client.Configuration> {
    if (discovered && Date.now() - discovered.at < DISCOVERY_MAX_AGE_MS) return discovered.config;
    const config = client.discovery(
      new URL(settings.issuer),
      settings.clientId,
      settings.clientSecret,
      undefined,
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // Only for an issuer on this machine (config.ts refuses any other http:// one).
        ...(settings.allowHttp && { execute: [client.allowInsecureRequests] }),
      },
    );
    const entry = { config, at: Date.now() };
    discovered = entry;
    config.catch(() => {
      if (discovered === entry) discovered = null;
    });
    return config;
  }

  return {
    providerName: settings.providerName,

    async begin(redirectUri) {
      const config = await configuration();
      const flow: OidcFlow = {
        state: client.randomState(),
        nonce: client.randomNonce(),
        codeVerifier: client.randomPKCECodeVerifier(),
      };
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        code_challenge: await client.calculatePKCECodeChallenge(flow.codeVerifier),
        code_challenge_method: 'S256',
        state: flow.state,
        nonce: flow.nonce,
      });
      return { url, flow };
    },

    async finish(callbackUrl, flow) {
      const config = await configuration();
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: flow.codeVerifier,
        expectedState: flow.state,
        expectedNonce: flow.nonce,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) throw new Error('the provider answered no ID token');
      let claims: Record<string, unknown> = idToken;
      // Some providers put the e-mail in the UserInfo answer only; it is asked for the ID token's
      // subject, so it cannot speak for anyone else.
      if (text(idToken.email) === null && config.serverMetadata().userinfo_endpoint) {
        const userInfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...userInfo, ...idToken };
      }
      const email = text(claims.email);
      return {
        issuer: idToken.iss,
        subject: idToken.sub,
        email,
        emailVerified: email !== null && verified(claims.email_verified),
        name: text(claims.name),
        givenName: text(claims.given_name),
        picture: text(claims.picture),
      };
    },
  };
}
