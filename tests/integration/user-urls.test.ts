import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, rest } from '../helpers/clients';
import { signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Every URL a person gives is stored only when it is an absolute http(s) address: anything else
 * would run script, carry its own content or reach local files once shown as an image or a link.
 * Today the profile photo is the one such field (space images arrive with uploads).
 */
let server: TestServer;
let person: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  person = await signUpVerified(server);
});
afterAll(async () => {
  await server?.stop();
});

const UPDATE_PROFILE = `mutation UpdateProfile($input: UpdateProfileInput!) {
  updateProfile(input: $input) { photoURL }
}`;
const ME = `{ me { photoURL } }`;
const INVALID = 'Enter a web address starting with http:// or https://';

const REFUSED = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  '  javascript:alert(1)',
  'data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+',
  'data:text/html,<script>alert(1)</script>',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  'ftp://example.com/me.png',
  '/uploads/me.png',
  '//evil.example/me.png',
  'example.com/me.png',
  'http:example.com/me.png',
  'https://',
  'https://exa mple.com/me.png',
  'not a url',
];

const photoNow = async () =>
  (await gqlData<{ me: { photoURL: string | null } }>(server.url, ME, {}, { token: person.token }))
    .me.photoURL;

describe('profile photo URL', () => {
  it('keeps an https or http photo, as given over GraphQL and REST', async () => {
    const overGraphql = await gqlData<{ updateProfile: { photoURL: string } }>(
      server.url,
      UPDATE_PROFILE,
      { input: { photoURL: ' https://example.com/me.png?size=200 ' } },
      { token: person.token },
    );
    expect(overGraphql.updateProfile.photoURL).toBe('https://example.com/me.png?size=200');

    const overRest = await rest<{ user: { photoURL: string } }>(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'photoURL', photoURL: 'HTTP://Example.com:8080/photos/me.jpg' },
      person.token,
    );
    expect(overRest.status).toBe(200);
    expect(overRest.body.user.photoURL).toBe('HTTP://Example.com:8080/photos/me.jpg');
  });

  it('removes the photo when it is set to nothing', async () => {
    await gqlData(
      server.url,
      UPDATE_PROFILE,
      { input: { photoURL: 'https://example.com/a.png' } },
      { token: person.token },
    );
    await gqlData(
      server.url,
      UPDATE_PROFILE,
      { input: { photoURL: null } },
      { token: person.token },
    );
    expect(await photoNow()).toBeNull();
  });

  it.each(REFUSED)(
    'refuses %j over GraphQL with "Enter a web address…" and keeps the old photo',
    async (photoURL) => {
      const kept = 'https://example.com/kept.png';
      await gqlData(
        server.url,
        UPDATE_PROFILE,
        { input: { photoURL: kept } },
        { token: person.token },
      );
      const result = await gql(
        server.url,
        UPDATE_PROFILE,
        { input: { photoURL } },
        { token: person.token },
      );
      expect(result.errors?.[0]).toMatchObject({
        message: INVALID,
        extensions: { code: 'BAD_USER_INPUT', field: 'photoURL' },
      });
      expect(await photoNow()).toBe(kept);
    },
  );

  it.each(REFUSED)('refuses %j over REST with 422 and the error shape', async (photoURL) => {
    const result = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'photoURL', photoURL },
      person.token,
    );
    expect(result.status).toBe(422);
    expect(result.body).toEqual({
      success: false,
      error: { code: 'BAD_USER_INPUT', message: INVALID, field: 'photoURL' },
    });
    expect(await photoNow()).not.toBe(photoURL.trim());
  });

  it('refuses a photo URL over 2048 characters with "Web address must be at most 2048 characters"', async () => {
    const photoURL = `https://example.com/${'a'.repeat(2048)}`;
    const result = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'photoURL', photoURL },
      person.token,
    );
    expect(result.status).toBe(422);
    expect(result.body.error).toEqual({
      code: 'BAD_USER_INPUT',
      message: 'Web address must be at most 2048 characters',
      field: 'photoURL',
    });
  });

  it('refuses a photo that is not text over REST', async () => {
    const result = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'photoURL', photoURL: { href: 'https://example.com/me.png' } },
      person.token,
    );
    expect(result.status).toBe(422);
    expect(result.body.error).toMatchObject({ message: INVALID, field: 'photoURL' });
  });
});
