import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { gql, mailsTo, rest } from '../helpers/clients';
import { signUpVerified, uniqueEmail, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The auth rate limits, for real, over HTTP. They count per client address and every request here
 * comes from 127.0.0.1, so this file has a server of its own and its people are created before any
 * limit is reached. The story-creation limit is in stories.test.ts.
 */
let server: TestServer;
let victim: TestUser;
let bystander: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [victim, bystander] = await Promise.all([signUpVerified(server), signUpVerified(server)]);
});
afterAll(async () => {
  await server?.stop();
});

const tooMany = (windowSeconds: number) =>
  `Too many attempts. Please try again in ${windowSeconds / 60} minutes.`;

describe('sign-up limit', () => {
  it(`lets ${RATE_LIMITS.signUp.max} sign-ups through from one address, then answers 429`, async () => {
    const signUp = (email: string) =>
      rest(server.url, 'POST', '/api/auth/signup', {
        email,
        password: 'secret-password',
        displayName: 'Flood',
        role: 'person',
      });
    for (let i = 0; i < RATE_LIMITS.signUp.max; i += 1)
      expect((await signUp(uniqueEmail('flood'))).status).toBe(201);

    const refusedEmail = uniqueEmail('flood');
    const refused = await signUp(refusedEmail);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({
      success: false,
      error: {
        code: 'RATE_LIMITED',
        message: tooMany(RATE_LIMITS.signUp.windowSeconds),
        field: null,
      },
    });
    expect(refused.headers.get('retry-after')).toBe(String(RATE_LIMITS.signUp.windowSeconds));
    // The refused account was not created: no verification e-mail went out.
    expect(mailsTo(server.dataDir, refusedEmail)).toEqual([]);

    const overGraphql = await gql(
      server.url,
      `mutation($input: SignUpInput!) { signUp(input: $input) { success } }`,
      {
        input: {
          email: uniqueEmail('flood'),
          password: 'secret-password',
          displayName: 'Flood',
          role: 'person',
        },
      },
    );
    expect(overGraphql.errors?.[0]).toMatchObject({
      message: tooMany(RATE_LIMITS.signUp.windowSeconds),
      extensions: { code: 'RATE_LIMITED' },
    });
  });
});

describe('password-reset e-mail limit', () => {
  it(`sends ${RATE_LIMITS.emailSend.max} reset e-mails for one address, then answers 429`, async () => {
    for (let i = 0; i < RATE_LIMITS.emailSend.max; i += 1) {
      expect(
        (await rest(server.url, 'POST', '/api/auth/forgot-password', { email: bystander.email }))
          .status,
      ).toBe(200);
    }
    const refused = await rest(server.url, 'POST', '/api/auth/forgot-password', {
      email: bystander.email,
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toEqual({
      code: 'RATE_LIMITED',
      message: tooMany(RATE_LIMITS.emailSend.windowSeconds),
      field: null,
    });
    const resend = await rest(server.url, 'POST', '/api/auth/resend-verification', {
      email: uniqueEmail('other'),
    });
    expect(resend.status).toBe(429);
  });
});

// Last in this file: once the address is locked, no sign-in from 127.0.0.1 gets through.
describe('failed sign-in limit', () => {
  it(`answers the ${RATE_LIMITS.signInFailures.max + 1}th failed sign-in with 429 and a clear message`, async () => {
    for (let i = 0; i < RATE_LIMITS.signInFailures.max; i += 1) {
      const attempt = await rest(server.url, 'POST', '/api/auth/login', {
        email: victim.email,
        password: `wrong-${i}`,
      });
      expect(attempt.status).toBe(401);
      expect(attempt.body.error?.message).toBe('Wrong e-mail or password');
    }
    const message = tooMany(RATE_LIMITS.signInFailures.windowSeconds);
    expect(message).toBe('Too many attempts. Please try again in 15 minutes.');
    const eleventh = await rest(server.url, 'POST', '/api/auth/login', {
      email: victim.email,
      password: 'wrong-again',
    });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({
      success: false,
      error: { code: 'RATE_LIMITED', message, field: null },
    });
    expect(eleventh.headers.get('retry-after')).toBe(
      String(RATE_LIMITS.signInFailures.windowSeconds),
    );

    // Locked means locked: the right password does not get through during the window either.
    const rightPassword = await gql(
      server.url,
      `mutation($email: String!, $password: String!) { signIn(email: $email, password: $password) { token } }`,
      { email: victim.email, password: victim.password },
    );
    expect(rightPassword.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(rightPassword.headers.get('set-cookie')).toBeNull();

    // Sessions that already exist keep working.
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, victim.token)).status,
    ).toBe(200);
  });
});
