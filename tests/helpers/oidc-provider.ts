import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A local OpenID Connect provider for tests (oauth2-mock-server on 127.0.0.1, a random port): it
 * approves every authorization request at once and signs ID tokens with a key of its own, so the
 * server's whole flow (discovery, PKCE, state, nonce, signature checks) runs without the network.
 * `signsIn(claims)` says whose account the next sign-ins are: the claims go into the ID token and
 * the UserInfo answer.
 */
export interface TestOidcProvider {
  issuer: string;
  clientId: string;
  /** The variables that point a server at this provider. */
  env: NodeJS.ProcessEnv;
  signsIn(claims: OidcTestClaims): void;
  stop(): Promise<void>;
}

export interface OidcTestClaims {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  picture?: string;
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('the mock OpenID provider has no issuer URL');
  const clientId = 'bumps-test-client';
  let claims: OidcTestClaims = { sub: 'nobody' };
  // Every token it signs names the person (the access token's `sub` too, for UserInfo).
  server.service.on('beforeTokenSigning', (token) => {
    Object.assign(token.payload, claims);
  });
  server.service.on('beforeUserinfo', (userInfo) => {
    userInfo.body = { ...userInfo.body, ...claims };
  });
  return {
    issuer,
    clientId,
    env: {
      OIDC_ISSUER: issuer,
      OIDC_CLIENT_ID: clientId,
      OIDC_CLIENT_SECRET: 'bumps-test-secret',
    },
    signsIn(next) {
      claims = next;
    },
    stop: () => server.stop(),
  };
}
