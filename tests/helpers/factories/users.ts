import { randomUUID } from 'node:crypto';
import { createContext } from '../../../server/src/context';
import * as authService from '../../../server/src/modules/auth/auth.service';
import { latestMailTo, rest, tokenFromMail } from '../clients';
import type { TestServer } from '../server';

/**
 * Test data built through the product's own code paths.
 *
 * Why sign-up goes through the auth service here and not over HTTP: sign-up is limited to
 * RATE_LIMITS.signUp (50 accounts an hour) per client address, every test request comes from
 * 127.0.0.1, and a test file may create more people than that. Rather than loosen that limit for
 * tests (a knob production would then carry), the factory calls the real `signUp` service, the
 * very function the HTTP route calls, with a client address of its own per user, as if each
 * person signed up from their own machine. Everything after that is HTTP, as a person does it:
 * the verification link from the outbox, then sign-in. The sign-up route itself, its validation
 * and its limit are tested end to end over HTTP in auth.test.ts and rate-limits.test.ts.
 */

let sequence = 0;
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}-${++sequence}-${randomUUID().slice(0, 8)}@example.test`;

export interface TestUser {
  id: string;
  email: string;
  password: string;
  displayName: string;
  token: string;
  user: {
    id: string;
    email: string;
    displayName: string;
    role: string;
    appLang: string;
    emailVerified: boolean;
    defaultSpace: { spaceId: string; spaceName: string };
  };
}

export interface SignUpOverrides {
  email?: string;
  password?: string;
  displayName?: string;
  role?: 'person' | 'org';
}

/** Signs up as if from its own address (see above) and returns the unverified account's e-mail. */
export async function signUpUnverified(server: TestServer, overrides: SignUpOverrides = {}) {
  const input = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'secret-password',
    displayName: overrides.displayName ?? `Tester ${sequence}`,
    role: overrides.role ?? 'person',
  };
  const ctx = await createContext(server.deps, {
    credential: null,
    clientAddress: `factory-${randomUUID()}`,
    requestId: randomUUID(),
  });
  await authService.signUp(ctx, input);
  return input;
}

/** A verified, signed-in person: sign-up → the outbox link → POST /api/auth/verify → login. */
export async function signUpVerified(
  server: TestServer,
  overrides: SignUpOverrides = {},
): Promise<TestUser> {
  return verifyAndSignIn(server, await signUpUnverified(server, overrides));
}

/**
 * The same person made entirely over HTTP, for servers running in another process (no `deps` to
 * call). Each call uses one of the address's RATE_LIMITS.signUp sign-ups.
 */
export async function signUpVerifiedOverHttp(
  server: Pick<TestServer, 'url' | 'dataDir'>,
  overrides: SignUpOverrides = {},
): Promise<TestUser> {
  const input = {
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? 'secret-password',
    displayName: overrides.displayName ?? `Tester ${sequence}`,
    role: overrides.role ?? 'person',
  };
  const signUp = await rest(server.url, 'POST', '/api/auth/signup', input);
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(signUp.body)}`);
  return verifyAndSignIn(server, input);
}

async function verifyAndSignIn(
  server: Pick<TestServer, 'url' | 'dataDir'>,
  input: { email: string; password: string; displayName: string },
): Promise<TestUser> {
  const email = input.email.toLowerCase();
  const verify = await rest(server.url, 'POST', '/api/auth/verify', {
    token: tokenFromMail(latestMailTo(server.dataDir, email)),
  });
  if (verify.status !== 200) throw new Error(`verify failed: ${JSON.stringify(verify.body)}`);
  const login = await rest<{ token: string; user: TestUser['user'] }>(
    server.url,
    'POST',
    '/api/auth/login',
    {
      email,
      password: input.password,
    },
  );
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return {
    id: login.body.user.id,
    email,
    password: input.password,
    displayName: input.displayName,
    token: login.body.token,
    user: login.body.user,
  };
}
