import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../../server/src/db/schema';
import { gqlData, latestMailTo, rest, tokenFromMail } from '../helpers/clients';
import { signUpUnverified, signUpVerified } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The check the reset-password page makes when it opens: valid or not, over GraphQL and REST,
 * without using the link up.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const RESET_TOKEN_VALID = `query($token: String!) { resetTokenValid(token: $token) }`;

const validOverGraphql = async (token: string) =>
  (await gqlData<{ resetTokenValid: boolean }>(server.url, RESET_TOKEN_VALID, { token }))
    .resetTokenValid;

const validOverRest = async (token: string) => {
  const response = await rest<{ valid: boolean }>(
    server.url,
    'POST',
    '/api/auth/reset-password/check',
    { token },
  );
  expect(response.status).toBe(200);
  return response.body;
};

/** A new account and a fresh reset link for it, straight from the outbox. */
async function resetLink() {
  const person = await signUpVerified(server);
  await rest(server.url, 'POST', '/api/auth/forgot-password', { email: person.email });
  return { person, token: tokenFromMail(latestMailTo(server.dataDir, person.email)) };
}

describe('checking a reset-password link', () => {
  it('says a fresh link is valid, as often as asked, and the link still sets a password', async () => {
    const { token } = await resetLink();
    expect(await validOverGraphql(token)).toBe(true);
    expect(await validOverGraphql(token)).toBe(true);
    expect(await validOverRest(token)).toEqual({ success: true, valid: true });

    const reset = await rest(server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
    });
    expect(reset.status).toBe(200);
  });

  it('says a used link is invalid', async () => {
    const { token } = await resetLink();
    await rest(server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
    });
    expect(await validOverGraphql(token)).toBe(false);
    expect(await validOverRest(token)).toEqual({ success: true, valid: false });
  });

  it('says an expired link is invalid', async () => {
    const { person, token } = await resetLink();
    await server.deps.db
      .update(emailTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailTokens.userId, person.id));
    expect(await validOverGraphql(token)).toBe(false);
    expect(await validOverRest(token)).toEqual({ success: true, valid: false });
  });

  it('says a made-up, an empty or a verification token is invalid', async () => {
    expect(await validOverGraphql('not-a-real-token')).toBe(false);
    expect(await validOverGraphql('')).toBe(false);
    expect(await validOverRest('not-a-real-token')).toEqual({ success: true, valid: false });
    expect(await validOverRest('')).toEqual({ success: true, valid: false });

    // A live link of the other kind does not reset a password either.
    const unverified = await signUpUnverified(server);
    const verifyToken = tokenFromMail(latestMailTo(server.dataDir, unverified.email));
    expect(await validOverGraphql(verifyToken)).toBe(false);
  });
});
