import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../server/src/db/schema';
import {
  gql,
  gqlData,
  gqlError,
  latestMailTo,
  mailsTo,
  rest,
  tokenFromMail,
} from '../helpers/clients';
import { listStories, postStory, signUpVerified, uniqueEmail } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Every auth flow over real HTTP, GraphQL and REST (/api/auth/*). Counts stay under the limits
 * (per address: 50 sign-ups, 5 mail requests, 100 failed sign-ins; 10 per account and address):
 * the limits themselves are exercised in rate-limits.test.ts on a server of their own.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const SIGN_UP = `mutation SignUp($input: SignUpInput!) { signUp(input: $input) { success message } }`;
const SIGN_IN = `mutation SignIn($email: String!, $password: String!) {
  signIn(email: $email, password: $password) { token user { id email displayName role emailVerified appLang defaultSpace { spaceId spaceName } } }
}`;
const ME = `{ me { id email displayName role emailVerified } }`;

interface SignInData {
  signIn: {
    token: string;
    user: { id: string; email: string; emailVerified: boolean; defaultSpace: { spaceId: string } };
  };
}
interface MeData {
  me: {
    id: string;
    email: string;
    displayName: string;
    role: string;
    emailVerified: boolean;
  } | null;
}

const validSignUp = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('signup'),
  password: 'secret-password',
  displayName: 'Ada',
  role: 'person',
  ...overrides,
});

describe('sign-up validation', () => {
  const rejects = async (input: Record<string, unknown>) =>
    gqlError(server.url, SIGN_UP, { input: validSignUp(input) });

  it('requires an e-mail with "E-mail is required"', async () => {
    expect(await rejects({ email: '  ' })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'E-mail is required',
      field: 'email',
    });
  });

  it('rejects an e-mail without something@something with "E-mail must be valid"', async () => {
    expect(await rejects({ email: 'ada.example.test' })).toMatchObject({
      message: 'E-mail must be valid',
      field: 'email',
    });
    expect(await rejects({ email: 'ada@' })).toMatchObject({ message: 'E-mail must be valid' });
  });

  it('rejects a password shorter than 6 characters with "Min 6 characters"', async () => {
    expect(await rejects({ password: '12345' })).toMatchObject({
      message: 'Min 6 characters',
      field: 'password',
    });
  });

  it('requires a password with "Password is required"', async () => {
    expect(await rejects({ password: '' })).toMatchObject({
      message: 'Password is required',
      field: 'password',
    });
  });

  it('requires a display name with "Name is required"', async () => {
    expect(await rejects({ displayName: '   ' })).toMatchObject({
      message: 'Name is required',
      field: 'displayName',
    });
  });

  it('rejects a display name over 20 characters with "Name must be less than 20 characters"', async () => {
    expect(await rejects({ displayName: 'x'.repeat(21) })).toMatchObject({
      message: 'Name must be less than 20 characters',
      field: 'displayName',
    });
  });

  it('accepts a display name of exactly 20 characters', async () => {
    const person = await signUpVerified(server, { displayName: 'y'.repeat(20) });
    expect(person.user.displayName).toBe('y'.repeat(20));
  });

  it('lets a person choose only the role person or org', async () => {
    for (const role of ['admin', 'user', '']) {
      // GraphQL's Role enum refuses a value outside it before any resolver runs; REST, which
      // has no types, answers with the spec's words.
      const refusal = await rejects({ role });
      expect(refusal.code).toBe('BAD_USER_INPUT');
      expect(refusal.message).toContain('"Role" enum');
      const overRest = await rest(server.url, 'POST', '/api/auth/signup', validSignUp({ role }));
      expect(overRest.status).toBe(422);
      expect(overRest.body.error).toMatchObject({
        message: 'Choose person or organisation',
        field: 'role',
      });
    }
    const org = await signUpVerified(server, { role: 'org' });
    expect(org.user.role).toBe('org');
  });

  it('answers invalid sign-up over REST with 422 and the error shape', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/auth/signup',
      validSignUp({ password: 'abc' }),
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'BAD_USER_INPUT', message: 'Min 6 characters', field: 'password' },
    });
  });

  it('stores nothing for a rejected sign-up', async () => {
    const email = uniqueEmail('rejected');
    await rejects({ email, displayName: 'z'.repeat(25) });
    expect(mailsTo(server.dataDir, email)).toHaveLength(0);
    const signIn = await rest(server.url, 'POST', '/api/auth/login', {
      email,
      password: 'secret-password',
    });
    expect(signIn.body.error?.message).toBe('Wrong e-mail or password');
  });
});

describe('sign-up, verification and sign-in (GraphQL)', () => {
  const typed = `Mixed.Case-${Date.now()}@Example.TEST`;
  const email = typed.toLowerCase();
  const password = 'first-password';

  it('signs up, lower-cases the e-mail and says "Please check your email."', async () => {
    const data = await gqlData<{ signUp: { success: boolean; message: string } }>(
      server.url,
      SIGN_UP,
      {
        input: validSignUp({ email: typed, password }),
      },
    );
    expect(data.signUp).toEqual({ success: true, message: 'Please check your email.' });
    expect(mailsTo(server.dataDir, typed)).toHaveLength(0);
    expect(mailsTo(server.dataDir, email)).toHaveLength(1);
  });

  it('mails a verification link carrying ?token=', () => {
    const mail = latestMailTo(server.dataDir, email);
    expect(mail.subject).toMatch(/verify/i);
    expect(mail.link).toMatch(/\?[^#]*token=/u);
    expect(mail.text).toContain(mail.link);
    expect(tokenFromMail(mail).length).toBeGreaterThan(20);
  });

  it('refuses sign-in before verifying with "Please Verify your email" and starts no session', async () => {
    const result = await gql<SignInData>(server.url, SIGN_IN, { email, password });
    expect(result.data).toBeNull();
    expect(result.errors?.[0]).toMatchObject({
      message: 'Please Verify your email',
      extensions: { code: 'FORBIDDEN' },
    });
    expect(result.headers.get('set-cookie')).toBeNull();

    const overRest = await rest(server.url, 'POST', '/api/auth/login', { email, password });
    expect(overRest.status).toBe(403);
    expect(overRest.body).toMatchObject({
      success: false,
      error: { message: 'Please Verify your email' },
    });
    expect(overRest.body).not.toHaveProperty('token');
  });

  it('resends the verification e-mail with a new link; the earlier link stops working', async () => {
    const first = tokenFromMail(latestMailTo(server.dataDir, email));
    const resend = await gqlData<{ resendVerification: { success: boolean; message: string } }>(
      server.url,
      `mutation($email: String!) { resendVerification(email: $email) { success message } }`,
      { email: typed },
    );
    expect(resend.resendVerification).toEqual({
      success: true,
      message: 'Please check your email.',
    });
    expect(mailsTo(server.dataDir, email)).toHaveLength(2);
    const second = tokenFromMail(latestMailTo(server.dataDir, email));
    expect(second).not.toBe(first);

    const stale = await gqlError(
      server.url,
      `mutation($token: String!) { verifyEmail(token: $token) }`,
      { token: first },
    );
    expect(stale).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'This link is invalid or has expired',
    });
  });

  it('verifies with the link, after which sign-in works (e-mail in any case) and returns a token', async () => {
    const token = tokenFromMail(latestMailTo(server.dataDir, email));
    const verified = await gqlData<{ verifyEmail: boolean }>(
      server.url,
      `mutation($token: String!) { verifyEmail(token: $token) }`,
      {
        token,
      },
    );
    expect(verified.verifyEmail).toBe(true);

    const again = await gqlError(
      server.url,
      `mutation($token: String!) { verifyEmail(token: $token) }`,
      { token },
    );
    expect(again.message).toBe('This link is invalid or has expired');

    const result = await gql<SignInData>(server.url, SIGN_IN, { email: typed, password });
    expect(result.errors).toBeUndefined();
    expect(result.data?.signIn.token).toEqual(expect.any(String));
    expect(result.data?.signIn.user).toMatchObject({
      email,
      emailVerified: true,
      defaultSpace: { spaceId: 'ww' },
    });
    const cookie = result.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^session=/u);
    expect(cookie).toMatch(/HttpOnly/iu);
    expect(cookie).toMatch(/SameSite=Lax/iu);
  });

  it('refuses a second account with the same e-mail in another case with 409 "This e-mail is already in use"', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/auth/signup',
      validSignUp({ email: email.toUpperCase() }),
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'CONFLICT', message: 'This e-mail is already in use', field: 'email' },
    });
  });
});

describe('sign-up, verification and sign-in (REST /api/auth)', () => {
  it('goes from sign-up to a working token without a browser', async () => {
    const email = uniqueEmail('rest');
    const signup = await rest<{ message: string }>(server.url, 'POST', '/api/auth/signup', {
      email,
      password: 'rest-password',
      displayName: 'Rest Person',
      role: 'org',
    });
    expect(signup.status).toBe(201);
    expect(signup.body).toEqual({ success: true, message: 'Please check your email.' });

    const unverified = await rest(server.url, 'POST', '/api/auth/login', {
      email,
      password: 'rest-password',
    });
    expect(unverified.status).toBe(403);
    const resend = await rest(server.url, 'POST', '/api/auth/resend-verification', { email });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({ success: true, message: 'Please check your email.' });
    expect(mailsTo(server.dataDir, email)).toHaveLength(2);

    const verify = await rest(server.url, 'POST', '/api/auth/verify', {
      token: tokenFromMail(latestMailTo(server.dataDir, email)),
    });
    expect(verify.status).toBe(200);
    expect(verify.body).toEqual({ success: true });

    const login = await rest<{ token: string; user: { email: string; role: string } }>(
      server.url,
      'POST',
      '/api/auth/login',
      {
        email,
        password: 'rest-password',
      },
    );
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({
      success: true,
      token: expect.any(String),
      user: { email, role: 'org' },
    });

    const info = await rest<{ user: { email: string } }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      login.body.token,
    );
    expect(info.status).toBe(200);
    expect(info.body.user.email).toBe(email);
  });

  it('answers a made-up verification token with 422 "This link is invalid or has expired"', async () => {
    const response = await rest(server.url, 'POST', '/api/auth/verify', {
      token: 'not-a-real-token',
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'This link is invalid or has expired',
      field: 'token',
    });
  });
});

describe('sessions', () => {
  it('accepts the token as a Bearer header and as the session cookie', async () => {
    const person = await signUpVerified(server);
    const bearer = await gqlData<MeData>(server.url, ME, {}, { token: person.token });
    expect(bearer.me?.email).toBe(person.email);
    const cookie = await gqlData<MeData>(server.url, ME, {}, { cookie: `session=${person.token}` });
    expect(cookie.me?.email).toBe(person.email);
    const restCookie = await rest<{ user: { email: string } }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      undefined,
      {
        cookie: `session=${person.token}`,
      },
    );
    expect(restCookie.body.user.email).toBe(person.email);
  });

  it('refuses a made-up token with 401 rather than treating it as signed out', async () => {
    const me = await gql<MeData>(server.url, ME, {}, { token: 'forged-token' });
    expect(me.status).toBe(401);
    expect(me.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const info = await rest(server.url, 'GET', '/api/user/userinfo', undefined, 'forged-token');
    expect(info.status).toBe(401);
  });

  it('rejects a wrong password with "Wrong e-mail or password" and starts no session', async () => {
    const person = await signUpVerified(server);
    const overGraphql = await gql<SignInData>(server.url, SIGN_IN, {
      email: person.email,
      password: 'not-the-password',
    });
    expect(overGraphql.errors?.[0]).toMatchObject({
      message: 'Wrong e-mail or password',
      extensions: { code: 'UNAUTHENTICATED' },
    });
    expect(overGraphql.headers.get('set-cookie')).toBeNull();

    const overRest = await rest(server.url, 'POST', '/api/auth/login', {
      email: person.email,
      password: 'not-the-password',
    });
    expect(overRest.status).toBe(401);
    expect(overRest.body).toEqual({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'Wrong e-mail or password', field: null },
    });
  });

  it('gives an unknown e-mail the same answer as a wrong password', async () => {
    const response = await rest(server.url, 'POST', '/api/auth/login', {
      email: uniqueEmail('nobody'),
      password: 'whatever1',
    });
    expect(response.status).toBe(401);
    expect(response.body.error?.message).toBe('Wrong e-mail or password');
  });

  it('signs out: the token stops working and the cookie is cleared', async () => {
    const person = await signUpVerified(server);
    const other = await rest<{ token: string }>(server.url, 'POST', '/api/auth/login', {
      email: person.email,
      password: person.password,
    });

    const out = await gql<{ signOut: boolean }>(
      server.url,
      `mutation { signOut }`,
      {},
      { token: person.token },
    );
    expect(out.data?.signOut).toBe(true);
    expect(out.headers.get('set-cookie')).toMatch(/^session=;/u);
    // The ended session's token is refused, so its holder learns to sign in again.
    expect((await gql<MeData>(server.url, ME, {}, { token: person.token })).status).toBe(401);
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, person.token)).status,
    ).toBe(401);

    // Only that session ends: the same person signed in elsewhere stays signed in until they sign out there.
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, other.body.token)).status,
    ).toBe(200);
    const restOut = await rest(server.url, 'POST', '/api/auth/logout', {}, other.body.token);
    expect(restOut.body).toEqual({ success: true });
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, other.body.token)).status,
    ).toBe(401);
  });
});

describe('forgotten password', () => {
  it('mails a reset link that works once; the old password and old sessions stop working', async () => {
    const person = await signUpVerified(server);
    const forgot = await rest<{ message: string }>(
      server.url,
      'POST',
      '/api/auth/forgot-password',
      { email: person.email.toUpperCase() },
    );
    expect(forgot.status).toBe(200);
    expect(forgot.body).toEqual({ success: true, message: 'Reset email is sent to your mail.' });
    const mail = latestMailTo(server.dataDir, person.email);
    expect(mail.subject).toMatch(/reset/iu);
    const token = tokenFromMail(mail);

    // A too-short new password is refused without using up the link.
    const weak = await rest(server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: '123',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.error?.message).toBe('Min 6 characters');

    const reset = await rest(server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: 'brand-new-password',
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true });

    const reused = await rest(server.url, 'POST', '/api/auth/reset-password', {
      token,
      password: 'another-password',
    });
    expect(reused.status).toBe(422);
    expect(reused.body.error?.message).toBe('This link is invalid or has expired');

    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, person.token)).status,
    ).toBe(401);
    const oldPassword = await rest(server.url, 'POST', '/api/auth/login', {
      email: person.email,
      password: person.password,
    });
    expect(oldPassword.body.error?.message).toBe('Wrong e-mail or password');
    const newPassword = await rest(server.url, 'POST', '/api/auth/login', {
      email: person.email,
      password: 'brand-new-password',
    });
    expect(newPassword.status).toBe(200);
  });

  it('answers an unknown e-mail the same way and mails nothing', async () => {
    const email = uniqueEmail('unknown');
    const data = await gqlData<{ requestPasswordReset: { success: boolean; message: string } }>(
      server.url,
      `mutation($email: String!) { requestPasswordReset(email: $email) { success message } }`,
      { email },
    );
    expect(data.requestPasswordReset).toEqual({
      success: true,
      message: 'Reset email is sent to your mail.',
    });
    expect(mailsTo(server.dataDir, email)).toHaveLength(0);
  });

  it('validates the e-mail of a reset request', async () => {
    const response = await rest(server.url, 'POST', '/api/auth/forgot-password', {
      email: 'not-an-email',
    });
    expect(response.status).toBe(422);
    expect(response.body.error).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'E-mail must be valid',
      field: 'email',
    });
  });
});

describe('account deletion', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, `mutation { deleteAccount }`)).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in',
    });
    const response = await rest(server.url, 'DELETE', '/api/user/delete');
    expect(response.status).toBe(401);
  });

  it('removes the user and their stories, and the token stops working', async () => {
    const leaving = await signUpVerified(server);
    const reader = await signUpVerified(server);
    const story = await postStory(server, leaving, '<p>Goodbye from #leaving</p>');
    await postStory(server, leaving, '<p>An unfinished #draft</p>', { isDraft: true });
    expect(
      (await listStories(server, { token: reader.token })).items.map((item) => item.id),
    ).toContain(story.id);

    const deleted = await rest(server.url, 'DELETE', '/api/user/delete', undefined, leaving.token);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });

    expect(
      (await listStories(server, { token: reader.token })).items.map((item) => item.id),
    ).not.toContain(story.id);
    const byId = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
      undefined,
      reader.token,
    );
    expect(byId.status).toBe(404);
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, leaving.token)).status,
    ).toBe(401);
    const signIn = await rest(server.url, 'POST', '/api/auth/login', {
      email: leaving.email,
      password: leaving.password,
    });
    expect(signIn.body.error?.message).toBe('Wrong e-mail or password');
    // Drafts are never visible to others, so the database says whether they went too.
    expect(await server.deps.db.$count(stories, eq(stories.authorId, leaving.id))).toBe(0);
  });
});
