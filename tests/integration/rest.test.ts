import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rest } from '../helpers/clients';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The REST compatibility shell (001 §7): the spec's rows, response shapes and general rules, on
 * /api and /apiv1 alike. Each row: signed out first, then the success path, then permissions and
 * bad input.
 */
let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

interface RestStory {
  id: string;
  story: string;
  tags: string[];
  author: { id: string; displayName: string; photoURL: string; role: string };
  isAnonymousPost: boolean;
  isDraft: boolean;
  counters: { totalReactions: number; totalComments: number };
  createdAt: string;
  when: string;
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/u;
const storyShape = {
  id: expect.any(String),
  story: expect.any(String),
  tags: expect.any(Array),
  author: {
    id: expect.any(String),
    displayName: expect.any(String),
    photoURL: expect.any(String),
    role: expect.any(String),
  },
  isAnonymousPost: expect.any(Boolean),
  isDraft: expect.any(Boolean),
  counters: { totalReactions: expect.any(Number), totalComments: expect.any(Number) },
  createdAt: expect.stringMatching(ISO),
  when: expect.stringMatching(ISO),
};
const errorBody = (code: string, message: string | RegExp, field: string | null = null) => ({
  success: false,
  error: {
    code,
    message: typeof message === 'string' ? message : expect.stringMatching(message),
    field,
  },
});

const createStory = (token: string | undefined, data: Record<string, unknown>, base = '/api') =>
  rest<{ data: RestStory }>(server.url, 'POST', `${base}/stories`, { data }, token);

describe('POST /api/stories', () => {
  it('answers 401 signed out', async () => {
    const response = await createStory(undefined, { story: '<p>Hello #rest</p>' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody('UNAUTHENTICATED', 'Please sign in'));
  });

  it('creates a story from { data: { story, tags?, isAnonymousPost?, isDraft? } } and answers { success, data }', async () => {
    const response = await createStory(alice.token, {
      story: '<p>Bridges for #Villages</p>',
      tags: ['ignored'],
      isAnonymousPost: false,
      isDraft: false,
    });
    expect(response.status).toBe(201);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject(storyShape);
    expect(response.body.data).toMatchObject({
      story: '<p>Bridges for #Villages</p>',
      tags: ['villages'],
      author: { id: alice.id, displayName: 'Alice', photoURL: '', role: 'person' },
      isAnonymousPost: false,
      isDraft: false,
      counters: { totalReactions: 0, totalComments: 0 },
    });
  });

  it('takes the space from the spaceId the client adds to the body or the query', async () => {
    const inBody = await rest<{ data: RestStory & { spaceId: string } }>(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>In the body #space</p>' }, spaceId: 'ww' },
      alice.token,
    );
    expect(inBody.body.data.spaceId).toBe('ww');
    const inQuery = await rest(
      server.url,
      'POST',
      `/api/stories?spaceId=nowhere&_t=${Date.now()}`,
      { data: { story: '<p>Lost #space</p>' } },
      alice.token,
    );
    expect(inQuery.status).toBe(404);
    expect(inQuery.body).toEqual(errorBody('NOT_FOUND', 'Item has been deleted'));
  });

  it('answers 422 with the rule’s message for bad text', async () => {
    const response = await createStory(alice.token, { story: '<p>No hashtag here</p>' });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      errorBody('BAD_USER_INPUT', 'Add at least one #hashtag', 'story'),
    );
  });

  it('answers 400 for a body that is not JSON, as GraphQL does', async () => {
    const response = await fetch(`${server.url}/api/stories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${alice.token}` },
      body: '{"data": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual(
      errorBody('BAD_REQUEST', 'The request body is not valid JSON'),
    );
  });
});

describe('GET /api/list/v2?path=stories', () => {
  it('lists public stories newest first as { success, items, last }, signed out too', async () => {
    const first = await postStory(server, bob, '<p>First #list</p>');
    const second = await postStory(server, bob, '<p>Second #list</p>');
    const response = await rest<{ items: RestStory[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.last).toBeNull();
    const ids = response.body.items.map((item) => item.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    expect(ids.indexOf(second.id)).toBeGreaterThanOrEqual(0);
    for (const item of response.body.items) expect(item).toMatchObject(storyShape);
  });

  it('accepts the spec client’s extras: _t, spaceId, x-country, orderBy, lang and results=1000', async () => {
    const plain = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
    );
    const withExtras = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&_t=${Date.now()}&spaceId=ww&orderBy=recent&lang=en&results=1000`,
      undefined,
      alice.token,
      { 'x-country': 'ww' },
    );
    expect(withExtras.status).toBe(200);
    expect(withExtras.body.items.map((item) => item.id)).toEqual(
      plain.body.items.map((item) => item.id),
    );
    const countryOnly = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      undefined,
      {
        'x-country': 'WW',
      },
    );
    expect(countryOnly.body.items.map((item) => item.id)).toEqual(
      plain.body.items.map((item) => item.id),
    );
  });

  it('pages with results and lastDocumentID', async () => {
    const all = await rest<{ items: RestStory[] }>(server.url, 'GET', '/api/list/v2?path=stories');
    const page1 = await rest<{ items: RestStory[]; last: string }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories&results=2',
    );
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.last).toEqual(expect.any(String));
    const page2 = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      `/api/list/v2?path=stories&results=2&lastDocumentID=${encodeURIComponent(page1.body.last)}`,
    );
    expect([...page1.body.items, ...page2.body.items].map((item) => item.id)).toEqual(
      all.body.items.slice(0, 4).map((item) => item.id),
    );
  });

  it('leaves out drafts and pending anonymous stories', async () => {
    const draft = await postStory(server, alice, '<p>Draft #hidden</p>', { isDraft: true });
    const anonymous = await postStory(server, alice, '<p>Anonymous #hidden</p>', {
      isAnonymousPost: true,
    });
    const response = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      alice.token,
    );
    const ids = response.body.items.map((item) => item.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).not.toContain(anonymous.id);
  });

  it('answers 404 for a collection it does not serve', async () => {
    const response = await rest(server.url, 'GET', '/api/list/v2?path=nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorBody('NOT_FOUND', 'This page could not be found'));
  });

  it('answers 404 for a path below a collection it does not serve, never the collection', async () => {
    const story = await postStory(server, alice, '<p>Asked about #paths</p>');
    for (const path of [`stories/${story.id}/likes`, `stories/${story.id}`, 'problems/x/unknown']) {
      const listed = await rest(server.url, 'GET', `/api/list/v2?path=${path}`);
      expect(listed.status, path).toBe(404);
      expect(listed.body).toEqual(errorBody('NOT_FOUND', 'This page could not be found'));
    }
    // A served shape whose item is missing is a missing item, not an unknown page.
    const replies = await rest(
      server.url,
      'GET',
      `/api/list/v2?path=stories/${story.id}/comments/x/replies`,
    );
    expect(replies.status).toBe(404);
    expect(replies.body).toEqual(errorBody('NOT_FOUND', 'Item has been deleted'));
    for (const path of [`stories/${story.id}/comments`, `stories/${story.id}/x/y`, 'stories']) {
      const got = await rest(server.url, 'GET', `/api/get/v2?path=${path}`);
      expect(got.status, path).toBe(404);
    }
    const added = await rest(
      server.url,
      'POST',
      '/api/add',
      { path: `stories/${story.id}/comments`, data: { story: '<p>Not a story #paths</p>' } },
      alice.token,
    );
    expect(added.status).toBe(404);
    const mine = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories',
      undefined,
      alice.token,
    );
    expect(mine.body.items.filter((item) => item.story.includes('Not a story'))).toEqual([]);
  });
});

describe('GET /api/get/v2?path=stories/{id}', () => {
  it('answers { success, data } with the story, signed out too', async () => {
    const story = await postStory(server, alice, '<p>Readable #byid</p>');
    const response = await rest<{ data: RestStory }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}&_t=1`,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: expect.objectContaining({ ...storyShape, id: story.id }),
    });
  });

  it('answers 404 for a missing story', async () => {
    const response = await rest(server.url, 'GET', '/api/get/v2?path=stories/no-such-id');
    expect(response.status).toBe(404);
    expect(response.body).toEqual(errorBody('NOT_FOUND', 'Item has been deleted'));
  });

  it("answers 404 for someone else's draft, and the draft to its author", async () => {
    const draft = await postStory(server, alice, '<p>Private draft #mine</p>', {
      isDraft: true,
    });
    expect(
      (await rest(server.url, 'GET', `/api/get/v2?path=stories/${draft.id}`, undefined, bob.token))
        .status,
    ).toBe(404);
    expect((await rest(server.url, 'GET', `/api/get/v2?path=stories/${draft.id}`)).status).toBe(
      404,
    );
    const own = await rest<{ data: RestStory }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${draft.id}`,
      undefined,
      alice.token,
    );
    expect(own.body.data).toMatchObject({ id: draft.id, isDraft: true });
  });
});

describe('PATCH and DELETE /api/stories/{id}', () => {
  it('answers 401 signed out', async () => {
    const story = await postStory(server, alice, '<p>Target #patch</p>');
    expect(
      (
        await rest(server.url, 'PATCH', `/api/stories/${story.id}`, {
          data: { story: '<p>x #y1</p>' },
        })
      ).status,
    ).toBe(401);
    expect((await rest(server.url, 'DELETE', `/api/stories/${story.id}`)).status).toBe(401);
  });

  it('lets the author change a story: { success, data }', async () => {
    const story = await postStory(server, alice, '<p>Before #old</p>', { isDraft: true });
    const response = await rest<{ data: RestStory }>(
      server.url,
      'PATCH',
      `/api/stories/${story.id}`,
      { data: { story: '<p>After #new</p>', isDraft: false }, spaceId: 'ww' },
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.data).toMatchObject({
      ...storyShape,
      id: story.id,
      story: '<p>After #new</p>',
      tags: ['new'],
      isDraft: false,
    });
  });

  it('answers 403 to another person and 404 for a missing story', async () => {
    const story = await postStory(server, alice, '<p>Mine #owned</p>');
    const patch = await rest(
      server.url,
      'PATCH',
      `/api/stories/${story.id}`,
      { data: { story: '<p>Yours #now</p>' } },
      bob.token,
    );
    expect(patch.status).toBe(403);
    expect(patch.body).toEqual(errorBody('FORBIDDEN', 'You do not have permission to do that'));
    const del = await rest(server.url, 'DELETE', `/api/stories/${story.id}`, undefined, bob.token);
    expect(del.status).toBe(403);
    expect(
      (await rest(server.url, 'DELETE', '/api/stories/no-such-id', undefined, alice.token)).status,
    ).toBe(404);
  });

  it('answers 422 for bad text on PATCH', async () => {
    const story = await postStory(server, alice, '<p>Valid #text</p>');
    const response = await rest(
      server.url,
      'PATCH',
      `/api/stories/${story.id}`,
      { data: { story: 'ab' } },
      alice.token,
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual(
      errorBody('BAD_USER_INPUT', 'Text must be at least 3 characters', 'story'),
    );
  });

  it('lets the author delete: { success } and then 404', async () => {
    const story = await postStory(server, alice, '<p>Short-lived #gone</p>');
    const response = await rest(
      server.url,
      'DELETE',
      `/api/stories/${story.id}`,
      undefined,
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect((await rest(server.url, 'GET', `/api/get/v2?path=stories/${story.id}`)).status).toBe(
      404,
    );
  });
});

describe('users', () => {
  interface UserInfo {
    user: {
      id: string;
      uid: string;
      email: string;
      displayName: string;
      photoURL: string | null;
      bio: string | null;
      role: string;
      appLang: string;
      defaultSpace: { spaceId: string; spaceName: string };
      userSpaceDoc: { appLang: string };
    };
  }

  it('GET /api/user/userinfo answers 401 signed out', async () => {
    const response = await rest(server.url, 'GET', '/api/user/userinfo');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody('UNAUTHENTICATED', 'Please sign in'));
  });

  it('GET /api/user/userinfo answers { success, user } with the default space falling back to the global one', async () => {
    const response = await rest<UserInfo>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      alice.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      user: expect.objectContaining({
        id: alice.id,
        uid: alice.id,
        email: alice.email,
        displayName: 'Alice',
        role: 'person',
        appLang: 'en',
        defaultSpace: { spaceId: 'ww', spaceName: 'Global' },
        userSpaceDoc: { appLang: 'en' },
      }),
    });
    expect(response.body.user).not.toHaveProperty('hashedPassword');
  });

  it('POST /api/user/update changes the display name, bio and photo by key', async () => {
    const person = await signUpVerified(server);
    expect(
      (await rest(server.url, 'POST', '/api/user/update', { key: 'displayName', displayName: 'X' }))
        .status,
    ).toBe(401);
    const renamed = await rest<UserInfo>(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'displayName', displayName: 'Renamed' },
      person.token,
    );
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ success: true, user: { displayName: 'Renamed' } });
    await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'bio', bio: 'I grow food.' },
      person.token,
    );
    await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'photoURL', photoURL: 'https://example.com/me.png' },
      person.token,
    );
    const info = await rest<UserInfo>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user).toMatchObject({
      displayName: 'Renamed',
      bio: 'I grow food.',
      photoURL: 'https://example.com/me.png',
    });
    // The new name shows on their stories.
    const story = await postStory(server, person, '<p>Renamed #author</p>');
    expect(story.author).toMatchObject({
      displayName: 'Renamed',
      photoURL: 'https://example.com/me.png',
    });
  });

  it('POST /api/user/update answers 422 with the rule’s message', async () => {
    const tooLong = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'displayName', displayName: 'n'.repeat(21) },
      alice.token,
    );
    expect(tooLong.status).toBe(422);
    expect(tooLong.body).toEqual(
      errorBody('BAD_USER_INPUT', 'Name must be less than 20 characters', 'displayName'),
    );
    const badKey = await rest(
      server.url,
      'POST',
      '/api/user/update',
      { key: 'password', password: 'x' },
      alice.token,
    );
    expect(badKey.status).toBe(422);
    expect(badKey.body).toEqual(errorBody('BAD_USER_INPUT', /key must be one of/u, 'key'));
  });

  it('POST /api/user/updateLang saves appLang: { success }', async () => {
    const person = await signUpVerified(server);
    expect((await rest(server.url, 'POST', '/api/user/updateLang', { appLang: 'te' })).status).toBe(
      401,
    );
    const response = await rest(
      server.url,
      'POST',
      '/api/user/updateLang',
      { appLang: 'te', spaceId: 'ww' },
      person.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const info = await rest<UserInfo>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      person.token,
    );
    expect(info.body.user).toMatchObject({ appLang: 'te', userSpaceDoc: { appLang: 'te' } });
  });

  it('POST /api/user/updateLang answers 422 "Unsupported language" for a language it does not have', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/user/updateLang',
      { appLang: 'xx' },
      alice.token,
    );
    expect(response.status).toBe(422);
    expect(response.body).toEqual(errorBody('BAD_USER_INPUT', 'Unsupported language', 'appLang'));
  });

  it('DELETE /api/user/delete answers { success } and the account is gone', async () => {
    const leaving = await signUpVerified(server);
    const response = await rest(server.url, 'DELETE', '/api/user/delete', undefined, leaving.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    expect(
      (await rest(server.url, 'GET', '/api/user/userinfo', undefined, leaving.token)).status,
    ).toBe(401);
  });
});

describe('/apiv1', () => {
  it('serves the same rows as /api', async () => {
    const info = await rest<{ user: { id: string } }>(
      server.url,
      'GET',
      '/apiv1/user/userinfo',
      undefined,
      alice.token,
    );
    expect(info.body).toMatchObject({ success: true, user: { id: alice.id } });
    const created = await createStory(alice.token, { story: '<p>Via v1 #v1</p>' }, '/apiv1');
    expect(created.status).toBe(201);
    const list = await rest<{ items: RestStory[] }>(
      server.url,
      'GET',
      '/apiv1/list/v2?path=stories',
    );
    expect(list.body.items[0]?.id).toBe(created.body.data.id);
    const got = await rest<{ data: RestStory }>(
      server.url,
      'GET',
      `/apiv1/get/v2?path=stories/${created.body.data.id}`,
    );
    expect(got.body.data.id).toBe(created.body.data.id);
    expect((await rest(server.url, 'GET', '/apiv1/user/userinfo')).status).toBe(401);
  });
});

describe('auth rows', () => {
  it('answers 401 with the error shape for a wrong password on /apiv1 too', async () => {
    const response = await rest(server.url, 'POST', '/apiv1/auth/login', {
      email: alice.email,
      password: 'nope-nope',
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(errorBody('UNAUTHENTICATED', 'Wrong e-mail or password'));
  });

  it('answers 422 for a login without a password', async () => {
    const response = await rest(server.url, 'POST', '/api/auth/login', { email: alice.email });
    expect(response.status).toBe(422);
    expect(response.body).toEqual(errorBody('BAD_USER_INPUT', 'Password is required', 'password'));
  });
});
