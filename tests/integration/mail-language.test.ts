import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, latestMailTo, rest } from '../helpers/clients';
import { signUpVerified, uniqueEmail } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The auth e-mails (verification, password reset) are written in the recipient's language: the
 * account's `appLang`, which sign-up takes from the language the person signs up in.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const SIGN_UP = `mutation($input: SignUpInput!) { signUp(input: $input) { success message } }`;
const signUpInput = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('lang'),
  password: 'secret-password',
  displayName: 'Ravi',
  role: 'person',
  ...overrides,
});
/** Telugu letters (U+0C00–U+0C7F). */
const TELUGU = /[\u0C00-\u0C7F]/u;

describe('e-mails in the recipient’s language', () => {
  it('writes a Telugu user’s reset e-mail in Telugu, with the working link', async () => {
    const person = await signUpVerified(server, { displayName: 'Lakshmi' });
    await gqlData(
      server.url,
      `mutation { updateLanguage(appLang: "te") { appLang } }`,
      {},
      { token: person.token },
    );
    await rest(server.url, 'POST', '/api/auth/forgot-password', { email: person.email });
    const mail = latestMailTo(server.dataDir, person.email);
    expect(mail.subject).toBe('మీ పాస్‌వర్డ్‌ను రీసెట్ చేయండి');
    expect(mail.text).toMatch(TELUGU);
    expect(mail.text).not.toMatch(/Follow this link/u);
    expect(mail.text).toContain(mail.link);
    expect(mail.link).toMatch(/mode=resetPassword&token=/u);
  });

  it('writes an English user’s reset e-mail in English', async () => {
    const person = await signUpVerified(server, { displayName: 'Ada' });
    await rest(server.url, 'POST', '/api/auth/forgot-password', { email: person.email });
    const mail = latestMailTo(server.dataDir, person.email);
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('It works once and expires in an hour');
    expect(mail.text).not.toMatch(TELUGU);
  });

  it('signs up in Telugu (GraphQL appLang): the verification e-mail and the account are Telugu', async () => {
    const input = signUpInput({ appLang: 'te' });
    await gqlData(server.url, SIGN_UP, { input });
    const mail = latestMailTo(server.dataDir, input.email);
    expect(mail.subject).toBe('మీ ఇ-మెయిల్‌ను ధృవీకరించండి');
    expect(mail.text).toMatch(TELUGU);
    expect(mail.text).toContain(mail.link);
    await rest(server.url, 'POST', '/api/auth/verify', {
      token: new URL(mail.link!).searchParams.get('token'),
    });
    const login = await rest<{ user: { appLang: string } }>(server.url, 'POST', '/api/auth/login', {
      email: input.email,
      password: input.password,
    });
    expect(login.body.user.appLang).toBe('te');
  });

  it('signs up over REST with appLang, and in English without it', async () => {
    const telugu = signUpInput({ appLang: 'te' });
    expect((await rest(server.url, 'POST', '/api/auth/signup', telugu)).status).toBe(201);
    expect(latestMailTo(server.dataDir, telugu.email).subject).toBe('మీ ఇ-మెయిల్‌ను ధృవీకరించండి');
    const english = signUpInput();
    expect((await rest(server.url, 'POST', '/api/auth/signup', english)).status).toBe(201);
    expect(latestMailTo(server.dataDir, english.email).subject).toBe('Verify your e-mail');
  });

  it('refuses a language the app does not speak with "Unsupported language"', async () => {
    expect(
      await gqlError(server.url, SIGN_UP, { input: signUpInput({ appLang: 'xx' }) }),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Unsupported language', field: 'appLang' });
  });
});
