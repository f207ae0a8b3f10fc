import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@rules';
import { gql, gqlData, gqlError, rest } from '../helpers/clients';
import {
  CREATE_STORY,
  listStories,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
  STORY,
  UPDATE_STORY,
} from '../helpers/factories';
import { expectRateLimited } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

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

const DELETE = `mutation($id: ID!) { deleteStory(id: $id) }`;

const idsOf = (page: { items: StoryView[] }) => page.items.map((story) => story.id);
const publicFeed = (token?: string) => listStories(server, { token }).then(idsOf);
/** Every story of a user, in every list they have. */
async function everythingBy(user: TestUser) {
  const lists = await Promise.all(
    (['mystories', 'mydrafts', 'anonymous'] as const).map((list) =>
      listStories(server, { token: user.token, list }),
    ),
  );
  return lists.flatMap((page) => page.items);
}

describe('posting a story', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, CREATE_STORY, { input: { story: '<p>Hello #world</p>' } }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in',
    });
    const response = await rest(server.url, 'POST', '/api/stories', {
      data: { story: '<p>Hello #world</p>' },
    });
    expect(response.status).toBe(401);
    expect(response.body).toEqual({
      success: false,
      error: { code: 'UNAUTHENTICATED', message: 'Please sign in', field: null },
    });
  });

  it('posts as oneself: shown with the author, tags and zero counters, newest first in the feed', async () => {
    const story = await postStory(
      server,
      alice,
      '<p>Planting trees in #Kenya with #Community help</p>',
    );
    expect(story).toMatchObject({
      story: '<p>Planting trees in #Kenya with #Community help</p>',
      tags: ['kenya', 'community'],
      spaceId: 'ww',
      isAnonymousPost: false,
      isDraft: false,
      isApproved: true,
      canEdit: true,
      author: { id: alice.id, displayName: 'Alice', photoURL: '', role: 'person' },
      counters: { totalReactions: 0, totalComments: 0 },
    });
    expect(new Date(story.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const feed = await listStories(server, {});
    expect(feed.items[0]).toMatchObject({ id: story.id, canEdit: false });
  });

  describe('rejects bad text with the rule’s message and stores nothing', () => {
    let writer: TestUser;
    beforeAll(async () => {
      writer = await signUpVerified(server, { displayName: 'Rejected Writer' });
    });

    const cases = [
      { name: 'an empty story', html: '', message: 'Text is required' },
      {
        name: 'a whitespace-only story',
        html: '<p>   </p><p>&nbsp;</p>',
        message: 'Text is required',
      },
      {
        name: 'a story that is only a script',
        html: '<script>alert("#evil")</script>',
        message: 'Text is required',
      },
      {
        name: 'a story of 2 characters',
        html: '<p>ab</p>',
        message: 'Text must be at least 3 characters',
      },
      {
        name: 'a story of a 1-letter tag',
        html: '<p>#a</p>',
        message: 'Text must be at least 3 characters',
      },
      {
        name: 'a story without a hashtag',
        html: '<p>No tags in this story</p>',
        message: 'Add at least one #hashtag',
      },
      {
        name: 'a story whose # is inside a word',
        html: '<p>write to me at box#42 please</p>',
        message: 'Add at least one #hashtag',
      },
      {
        name: 'a tag with a dot such as #node.js',
        html: '<p>Learning #node.js today</p>',
        message: "Hashtags cannot contain '.'",
      },
      {
        name: 'more than 10 tags',
        html: `<p>${Array.from({ length: 11 }, (_, i) => `#t${i}`).join(' ')}</p>`,
        message: 'Max 10 tags',
      },
      {
        name: 'more than 10000 characters',
        html: `<p>#long ${'x'.repeat(10_001)}</p>`,
        message: 'Text must be at most 10000 characters',
      },
    ];

    it.each(cases)('rejects $name with "$message"', async ({ html, message }) => {
      const error = await gqlError(
        server.url,
        CREATE_STORY,
        { input: { story: html } },
        { token: writer.token },
      );
      expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message });
      const overRest = await rest(
        server.url,
        'POST',
        '/api/stories',
        { data: { story: html } },
        writer.token,
      );
      expect(overRest.status).toBe(422);
      expect(overRest.body).toMatchObject({
        success: false,
        error: { code: 'BAD_USER_INPUT', message },
      });
    });

    it('stored none of the rejected stories anywhere', async () => {
      expect(await everythingBy(writer)).toEqual([]);
      const feed = await listStories(server, {});
      expect(feed.items.filter((story) => story.author.id === writer.id)).toEqual([]);
    });

    it('rejects a REST story with no text field with "Text is required"', async () => {
      const response = await rest(server.url, 'POST', '/api/stories', { data: {} }, writer.token);
      expect(response.status).toBe(422);
      expect(response.body.error).toMatchObject({
        code: 'BAD_USER_INPUT',
        message: 'Text is required',
      });
    });
  });

  it('extracts the tags lower-cased and de-duplicated, in order of first appearance', async () => {
    const story = await postStory(
      server,
      alice,
      '<p>#Water matters.</p><p>Clean #WATER, clean #air! #e-Mobility #fire_2 #water</p>',
    );
    expect(story.tags).toEqual(['water', 'air', 'e-mobility', 'fire_2']);
  });

  it('accepts exactly 10 tags, and repeated tags count once', async () => {
    const ten = Array.from({ length: 10 }, (_, i) => `#Tag${i}`).join(' ');
    const story = await postStory(server, alice, `<p>${ten} #tag0 #TAG1</p>`);
    expect(story.tags).toHaveLength(10);
  });

  it('accepts hashtags in Telugu', async () => {
    const story = await postStory(server, alice, '<p>వర్షం వచ్చింది #తెలుగు #నీరు</p>');
    expect(story.tags).toEqual(['తెలుగు', 'నీరు']);
  });

  it('ignores tags sent alongside the text: tags always come from the text', async () => {
    const response = await rest<{ data: StoryView }>(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>Only #real tags</p>', tags: ['fake', 'injected'] } },
      alice.token,
    );
    expect(response.body.data.tags).toEqual(['real']);
  });

  it('never stores <script>, onerror= or javascript: links', async () => {
    const html =
      '<p onclick="steal()">Safe #html <script>alert(1)</script><img src="x" onerror="alert(1)">' +
      '<a href="javascript:alert(1)">bad</a> <a href="https://example.com">good</a></p>';
    const story = await postStory(server, alice, html);
    const stored = (
      await rest<{ data: StoryView }>(server.url, 'GET', `/api/get/v2?path=stories/${story.id}`)
    ).body.data.story;
    for (const text of [story.story, stored]) {
      expect(text).not.toMatch(/<script|onerror|onclick|javascript:|<img/iu);
      expect(text).toContain(
        '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">good</a>',
      );
      expect(text).toContain('Safe #html');
    }
  });
});

describe('anonymous stories', () => {
  let anonymous: StoryView;
  beforeAll(async () => {
    anonymous = await postStory(server, alice, '<p>Something I cannot say openly #whistle</p>', {
      isAnonymousPost: true,
    });
  });

  it('shows the author as Anonymous, with no id or photo, even to the author', async () => {
    const anonymousAuthor = { id: '', displayName: 'Anonymous', photoURL: '', role: 'user' };
    expect(anonymous).toMatchObject({
      isAnonymousPost: true,
      isApproved: false,
      author: anonymousAuthor,
    });
    const own = await gqlData<{ story: StoryView }>(
      server.url,
      STORY,
      { id: anonymous.id },
      { token: alice.token },
    );
    expect(own.story.author).toEqual(anonymousAuthor);
    const overRest = await rest<{ data: StoryView }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${anonymous.id}`,
      undefined,
      alice.token,
    );
    expect(overRest.body.data.author).toEqual(anonymousAuthor);
  });

  it('keeps a pending anonymous story out of the public feed, for everyone', async () => {
    expect(await publicFeed()).not.toContain(anonymous.id);
    expect(await publicFeed(bob.token)).not.toContain(anonymous.id);
    expect(await publicFeed(alice.token)).not.toContain(anonymous.id);
  });

  it('hides it by id from others (not found)', async () => {
    expect(
      await gqlError(server.url, STORY, { id: anonymous.id }, { token: bob.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await gqlError(server.url, STORY, { id: anonymous.id })).toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(
      (
        await rest(
          server.url,
          'GET',
          `/api/get/v2?path=stories/${anonymous.id}`,
          undefined,
          bob.token,
        )
      ).status,
    ).toBe(404);
  });

  it("lists it in the author's anonymous list only", async () => {
    expect(idsOf(await listStories(server, { token: alice.token, list: 'anonymous' }))).toContain(
      anonymous.id,
    );
    expect(
      idsOf(await listStories(server, { token: alice.token, list: 'mystories' })),
    ).not.toContain(anonymous.id);
    expect(idsOf(await listStories(server, { token: bob.token, list: 'anonymous' }))).not.toContain(
      anonymous.id,
    );
  });

  it('asks a signed-out visitor to sign in for the personal lists', async () => {
    for (const list of ['anonymous', 'mydrafts', 'mystories']) {
      expect(
        await gqlError(
          server.url,
          `query($list: StoryListKind) { stories(list: $list) { last } }`,
          { list },
        ),
      ).toMatchObject({
        code: 'UNAUTHENTICATED',
      });
    }
  });
});

describe('drafts', () => {
  let draft: StoryView;
  beforeAll(async () => {
    draft = await postStory(server, alice, '<p>Half-written thoughts on #soil</p>', {
      isDraft: true,
    });
  });

  it('keeps a draft out of every public list and out of the author’s published stories', async () => {
    expect(draft.isDraft).toBe(true);
    expect(await publicFeed()).not.toContain(draft.id);
    expect(await publicFeed(bob.token)).not.toContain(draft.id);
    expect(await publicFeed(alice.token)).not.toContain(draft.id);
    expect(
      idsOf(await listStories(server, { token: alice.token, list: 'mystories' })),
    ).not.toContain(draft.id);
  });

  it("lists it in the author's drafts (mydrafts) only", async () => {
    expect(idsOf(await listStories(server, { token: alice.token, list: 'mydrafts' }))).toContain(
      draft.id,
    );
    expect(idsOf(await listStories(server, { token: bob.token, list: 'mydrafts' }))).not.toContain(
      draft.id,
    );
  });

  it('hides it by id from others', async () => {
    expect(await gqlError(server.url, STORY, { id: draft.id }, { token: bob.token })).toMatchObject(
      { code: 'NOT_FOUND' },
    );
    expect(
      (
        await gqlData<{ story: StoryView }>(
          server.url,
          STORY,
          { id: draft.id },
          { token: alice.token },
        )
      ).story.id,
    ).toBe(draft.id);
  });

  it('lets nobody else edit or delete it: it does not exist for them', async () => {
    expect(
      await gqlError(
        server.url,
        UPDATE_STORY,
        { id: draft.id, input: { isDraft: false } },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('publishes the draft (isDraft false): it appears in the public feed and leaves mydrafts', async () => {
    const published = await gqlData<{ updateStory: StoryView }>(
      server.url,
      UPDATE_STORY,
      { id: draft.id, input: { isDraft: false } },
      { token: alice.token },
    );
    expect(published.updateStory).toMatchObject({ id: draft.id, isDraft: false, isApproved: true });
    expect(await publicFeed(bob.token)).toContain(draft.id);
    expect(await publicFeed()).toContain(draft.id);
    expect(
      idsOf(await listStories(server, { token: alice.token, list: 'mydrafts' })),
    ).not.toContain(draft.id);
    expect(idsOf(await listStories(server, { token: alice.token, list: 'mystories' }))).toContain(
      draft.id,
    );
  });
});

describe('editing and deleting', () => {
  let story: StoryView;
  beforeAll(async () => {
    story = await postStory(server, alice, '<p>Original text about #rivers</p>');
  });
  const unchanged = async () => {
    const current = await gqlData<{ story: StoryView }>(server.url, STORY, { id: story.id });
    expect(current.story.story).toBe(story.story);
  };

  it('asks a signed-out visitor to sign in (UNAUTHENTICATED / 401)', async () => {
    expect(
      await gqlError(server.url, UPDATE_STORY, {
        id: story.id,
        input: { story: '<p>Hijacked #x1</p>' },
      }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(await gqlError(server.url, DELETE, { id: story.id })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const patch = await rest(server.url, 'PATCH', `/api/stories/${story.id}`, {
      data: { story: '<p>Hijacked #x1</p>' },
    });
    expect(patch.status).toBe(401);
    expect((await rest(server.url, 'DELETE', `/api/stories/${story.id}`)).status).toBe(401);
    await unchanged();
  });

  it('refuses another person (FORBIDDEN / 403) and tells them they may not', async () => {
    expect(
      await gqlError(
        server.url,
        UPDATE_STORY,
        { id: story.id, input: { story: '<p>Hijacked #x1</p>' } },
        { token: bob.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You do not have permission to do that',
    });
    expect(
      await gqlError(server.url, DELETE, { id: story.id }, { token: bob.token }),
    ).toMatchObject({ code: 'FORBIDDEN' });
    const patch = await rest(
      server.url,
      'PATCH',
      `/api/stories/${story.id}`,
      { data: { story: '<p>Hijacked #x1</p>' } },
      bob.token,
    );
    expect(patch.status).toBe(403);
    expect(patch.body).toEqual({
      success: false,
      error: { code: 'FORBIDDEN', message: 'You do not have permission to do that', field: null },
    });
    expect(
      (await rest(server.url, 'DELETE', `/api/stories/${story.id}`, undefined, bob.token)).status,
    ).toBe(403);
    await unchanged();
    const asBob = await gqlData<{ story: StoryView }>(
      server.url,
      STORY,
      { id: story.id },
      { token: bob.token },
    );
    expect(asBob.story.canEdit).toBe(false);
  });

  it('applies the text rules to an edit and keeps the old text when one fails', async () => {
    const error = await gqlError(
      server.url,
      UPDATE_STORY,
      { id: story.id, input: { story: '<p>No tags now</p>' } },
      { token: alice.token },
    );
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Add at least one #hashtag' });
    await unchanged();
  });

  it('lets the author edit: text sanitised and tags extracted again', async () => {
    const edited = await gqlData<{ updateStory: StoryView }>(
      server.url,
      UPDATE_STORY,
      { id: story.id, input: { story: '<p>Now about #Lakes and #rivers<script>x()</script></p>' } },
      { token: alice.token },
    );
    expect(edited.updateStory).toMatchObject({
      story: '<p>Now about #Lakes and #rivers</p>',
      tags: ['lakes', 'rivers'],
      canEdit: true,
    });
    expect(new Date(edited.updateStory.updatedAt).getTime()).toBeGreaterThanOrEqual(
      new Date(story.createdAt).getTime(),
    );
  });

  it('answers NOT_FOUND for a story that does not exist', async () => {
    expect(
      await gqlError(server.url, DELETE, { id: 'no-such-story' }, { token: alice.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Item has been deleted',
    });
  });

  it('lets the author delete: gone from the feed and by id', async () => {
    expect(
      (
        await gqlData<{ deleteStory: boolean }>(
          server.url,
          DELETE,
          { id: story.id },
          { token: alice.token },
        )
      ).deleteStory,
    ).toBe(true);
    expect(await publicFeed()).not.toContain(story.id);
    expect(
      await gqlError(server.url, STORY, { id: story.id }, { token: alice.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('feed pagination', () => {
  it('pages newest first with no duplicates or gaps', async () => {
    const carol = await signUpVerified(server, { displayName: 'Carol' });
    const posted: string[] = [];
    for (let i = 0; i < 12; i += 1)
      posted.push((await postStory(server, carol, `<p>Entry ${i} of #series</p>`)).id);

    const all = await listStories(server, { first: 100 });
    expect(all.last).toBeNull();
    const walked: StoryView[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await listStories(server, { first: 5, after });
      expect(page.items.length).toBeLessThanOrEqual(5);
      walked.push(...page.items);
      after = page.last ?? undefined;
      pages += 1;
    } while (after && pages < 50);

    expect(walked.map((story) => story.id)).toEqual(all.items.map((story) => story.id));
    expect(new Set(walked.map((story) => story.id)).size).toBe(walked.length);
    const times = walked.map((story) => new Date(story.createdAt).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Carol's stories, newest first, in one unbroken run at the top.
    expect(walked.slice(0, 12).map((story) => story.id)).toEqual([...posted].reverse());
  });

  it('pages the personal lists the same way', async () => {
    const dave = await signUpVerified(server);
    for (let i = 0; i < 5; i += 1)
      await postStory(server, dave, `<p>Draft ${i} #drafts</p>`, { isDraft: true });
    const first = await listStories(server, { token: dave.token, list: 'mydrafts', first: 3 });
    expect(first.items).toHaveLength(3);
    const second = await listStories(server, {
      token: dave.token,
      list: 'mydrafts',
      first: 3,
      after: first.last ?? undefined,
    });
    expect(second.items).toHaveLength(2);
    expect(second.last).toBeNull();
    expect(new Set([...idsOf(first), ...idsOf(second)]).size).toBe(5);
  });

  it('rejects a made-up cursor with "Invalid cursor"', async () => {
    const result = await gql(server.url, `query { stories(after: "bm9wZQ") { last } }`);
    expect(result.errors?.[0]).toMatchObject({
      message: 'Invalid cursor',
      extensions: { code: 'BAD_USER_INPUT', field: 'after' },
    });
  });

  it('refuses a GraphQL page of 1000 stories, saying the bound, rather than cutting it quietly', async () => {
    const refused = await gqlError(server.url, `{ stories(first: 1000) { last } }`);
    expect(refused).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'first must be between 1 and 100',
    });
  });
});

describe('story creation limit', () => {
  it(`refuses story ${RATE_LIMITS.storyCreate.max + 1} within ${RATE_LIMITS.storyCreate.windowSeconds / 60} minutes with 429 and stores nothing`, async () => {
    const prolific = await signUpVerified(server);
    for (let i = 0; i < RATE_LIMITS.storyCreate.max; i += 1) {
      await postStory(server, prolific, `<p>Post number ${i} #busy</p>`, {
        isDraft: i % 2 === 0,
      });
    }
    const minutes = RATE_LIMITS.storyCreate.windowSeconds / 60;
    const message = `Too many attempts. Please try again in ${minutes} minutes.`;
    expect(
      await gqlError(
        server.url,
        CREATE_STORY,
        { input: { story: '<p>One more #busy</p>' } },
        { token: prolific.token },
      ),
    ).toMatchObject({
      code: 'RATE_LIMITED',
      message,
    });
    const overRest = await rest(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>One more #busy</p>' } },
      prolific.token,
    );
    expectRateLimited(overRest, message, RATE_LIMITS.storyCreate.windowSeconds);
    expect(await everythingBy(prolific)).toHaveLength(RATE_LIMITS.storyCreate.max);
    // Others can still post.
    await postStory(server, bob, '<p>Unaffected #calm</p>');
  });
});
