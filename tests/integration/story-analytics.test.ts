import { AI_MESSAGES } from '@rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_AI_KEY, type TestAiProvider } from '../helpers/ai-provider';
import { startAiTestServer, type AiTestServer } from '../helpers/ai-server';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  createApiToken,
  createAiConfig,
  addComment,
  createPrivateSpace,
  postStory,
  signUpVerified,
  UPDATE_STORY,
  type TestUser,
} from '../helpers/factories';
import { type TestServer } from '../helpers/server';

let ai: AiTestServer;
let provider: TestAiProvider;
let server: TestServer;
let asha: TestUser;

const FIELDS = `id source computedAt viewerCanAnalyze entities { name type salience wikipediaUrl }`;
const ANALYTICS = `query($storyId: ID!) { storyAnalytics(storyId: $storyId) { ${FIELDS} } }`;
const ANALYZE = `mutation($storyId: ID!, $configId: ID) { analyzeStory(storyId: $storyId, configId: $configId) { ${FIELDS} } }`;

interface Entity {
  name: string;
  type: string;
  salience: number;
  wikipediaUrl: string | null;
}
interface Analytics {
  id: string;
  source: 'provider' | 'fallback';
  computedAt: string;
  viewerCanAnalyze: boolean;
  entities: Entity[];
}

const PUMP_STORY =
  '<p>The water pump in Kibera broke again. The water pump was fixed last year, but the ' +
  'water pump breaks every dry season. #water #kibera</p><p>Neighbours walk to the river. #water</p>';

/** What the fallback finds in PUMP_STORY: the phrase said three times, then the hashtags. */
const PUMP_FALLBACK: Entity[] = [
  { name: 'water pump', type: 'OTHER', salience: 0.5, wikipediaUrl: null },
  { name: '#water', type: 'OTHER', salience: 0.333, wikipediaUrl: null },
  { name: '#kibera', type: 'OTHER', salience: 0.167, wikipediaUrl: null },
];

const entitiesAnswer = (
  entities: { name: string; type: string; salience: number; wikipediaUrl: string | null }[],
) => ({ content: JSON.stringify({ entities }) });

const analytics = async (storyId: string, token?: string) =>
  (await gqlData<{ storyAnalytics: Analytics }>(server.url, ANALYTICS, { storyId }, { token }))
    .storyAnalytics;

const analyze = async (storyId: string, user: TestUser) =>
  (
    await gqlData<{ analyzeStory: Analytics }>(
      server.url,
      ANALYZE,
      { storyId },
      { token: user.token },
    )
  ).analyzeStory;

beforeAll(async () => {
  ai = await startAiTestServer('Asha Wanjiru');
  ({ provider, server, person: asha } = ai);
});
afterAll(() => ai?.stop());

describe('story analytics: the fallback', () => {
  it('gives a signed-out reader the hashtags and repeated phrases, marked as the fallback, and asks no provider', async () => {
    const author = await signUpVerified(server);
    const story = await postStory(server, author, PUMP_STORY);
    const before = provider.completions().length;
    const answer = await analytics(story.id);
    expect(answer).toMatchObject({ id: story.id, source: 'fallback', viewerCanAnalyze: false });
    expect(answer.entities).toEqual(PUMP_FALLBACK);
    const total = answer.entities.reduce((sum, entity) => sum + entity.salience, 0);
    expect(total).toBeCloseTo(1, 2);
    expect(provider.completions().length).toBe(before);

    const signedOut = await gqlError(server.url, ANALYZE, { storyId: story.id });
    expect(signedOut.code).toBe('UNAUTHENTICATED');
    expect(provider.completions().length).toBe(before);
  });

  it('gives a reader without an AI config the same fallback, and asks them to add one to use AI', async () => {
    const reader = await signUpVerified(server);
    const story = await postStory(server, asha, PUMP_STORY);
    const answer = await analytics(story.id, reader.token);
    expect(answer).toMatchObject({ source: 'fallback', viewerCanAnalyze: false });
    expect(answer.entities).toEqual(PUMP_FALLBACK);
    const error = await gqlError(
      server.url,
      ANALYZE,
      { storyId: story.id },
      { token: reader.token },
    );
    expect(error).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.noConfig });
  });

  it('keeps stop words, numbers and one-off phrases out, and a phrase does not run across sentences', async () => {
    const story = await postStory(
      server,
      asha,
      '<p>We need clean water. Clean water for 200 homes. Water for all of the homes, and it is ' +
        'the same for the school. School fees rise. #cleanwater</p>',
    );
    const answer = await analytics(story.id);
    expect(answer.entities.map((entity) => entity.name)).toEqual(['clean water', '#cleanwater']);
  });

  it('shares a story without repeats between its hashtags, in the order they are written', async () => {
    const story = await postStory(server, asha, '<p>Short and sweet. #tiny #sweet</p>');
    expect((await analytics(story.id)).entities).toEqual([
      { name: '#tiny', type: 'OTHER', salience: 0.5, wikipediaUrl: null },
      { name: '#sweet', type: 'OTHER', salience: 0.5, wikipediaUrl: null },
    ]);
  });
});

describe('story analytics: the provider, once per version', () => {
  it('offers a reader with a config to ask their provider, which reads the story’s text alone', async () => {
    const author = await signUpVerified(server, { displayName: 'Juma Otieno' });
    const story = await postStory(server, author, PUMP_STORY);
    await addComment(
      server,
      asha,
      { itemType: 'stories', itemId: story.id },
      '<p>A comment nobody sends anywhere</p>',
    );
    expect(await analytics(story.id, asha.token)).toMatchObject({
      source: 'fallback',
      viewerCanAnalyze: true,
    });

    const before = provider.completions().length;
    provider.script(
      entitiesAnswer([
        {
          name: 'Kibera',
          type: 'LOCATION',
          salience: 0.6,
          wikipediaUrl: 'https://en.wikipedia.org/wiki/Kibera',
        },
        { name: 'water pump', type: 'CONSUMER_GOOD', salience: 0.3, wikipediaUrl: null },
        { name: 'dry season', type: 'EVENT', salience: 0.1, wikipediaUrl: null },
      ]),
    );
    const answer = await analyze(story.id, asha);
    expect(answer).toMatchObject({ id: story.id, source: 'provider', viewerCanAnalyze: false });
    expect(answer.entities).toEqual([
      {
        name: 'Kibera',
        type: 'LOCATION',
        salience: 0.6,
        wikipediaUrl: 'https://en.wikipedia.org/wiki/Kibera',
      },
      { name: 'water pump', type: 'CONSUMER_GOOD', salience: 0.3, wikipediaUrl: null },
      { name: 'dry season', type: 'EVENT', salience: 0.1, wikipediaUrl: null },
    ]);

    const sent = provider.completions().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.authorization).toBe(`Bearer ${GOOD_AI_KEY}`);
    const messages = (sent[0]!.body as { messages: { role: string; content: string }[] }).messages;
    const user = messages.filter((message) => message.role === 'user');
    expect(user.map((message) => message.content)).toEqual([
      'Story:\nThe water pump in Kibera broke again. The water pump was fixed last year, but the ' +
        'water pump breaks every dry season. #water #kibera Neighbours walk to the river. #water',
    ]);
    const everything = provider.sentSince(before);
    for (const other of ['Juma', 'Otieno', 'Asha', 'nobody sends', '<p>', story.id, author.id])
      expect(everything).not.toContain(other);
  });

  it('gives a later reader the stored result without a call, and an edit makes a new version', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    provider.script(
      entitiesAnswer([{ name: 'Kibera', type: 'LOCATION', salience: 1, wikipediaUrl: null }]),
    );
    const first = await analyze(story.id, asha);
    expect(first.source).toBe('provider');

    const before = provider.completions().length;
    const other = await signUpVerified(server);
    await createAiConfig(server, other);
    const second = await analyze(story.id, other);
    expect(second).toEqual(first);
    expect(await analytics(story.id)).toEqual(first);
    expect(await analytics(story.id, other.token)).toEqual(first);
    expect(provider.completions().length).toBe(before);

    // A reaction or a comment changes nothing of the text: still the same version.
    await addComment(server, other, { itemType: 'stories', itemId: story.id });
    expect((await analytics(story.id)).source).toBe('provider');

    await gqlData(
      server.url,
      UPDATE_STORY,
      { id: story.id, input: { story: '<p>The borehole in Mathare is dry. #water</p>' } },
      { token: asha.token },
    );
    const edited = await analytics(story.id, other.token);
    expect(edited).toMatchObject({ source: 'fallback', viewerCanAnalyze: true });
    expect(edited.entities.map((entity) => entity.name)).toEqual(['#water']);
    provider.script(
      entitiesAnswer([{ name: 'Mathare', type: 'LOCATION', salience: 1, wikipediaUrl: null }]),
    );
    const again = await analyze(story.id, other);
    expect(again.entities.map((entity) => entity.name)).toEqual(['Mathare']);
    expect(provider.sentSince(before)).toContain('The borehole in Mathare is dry.');
    expect(provider.completions().length).toBe(before + 1);
  });

  it('asks a malformed answer once more; twice malformed says so, stores nothing, and the fallback stays', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    provider.script(
      { content: 'not json at all' },
      entitiesAnswer([{ name: 'Kibera', type: 'LOCATION', salience: 1, wikipediaUrl: null }]),
    );
    expect((await analyze(story.id, asha)).entities.map((entity) => entity.name)).toEqual([
      'Kibera',
    ]);

    const other = await postStory(server, asha, PUMP_STORY.replace('Kibera', 'Kisumu'));
    const before = provider.completions().length;
    provider.script(
      { content: '{"entities": "nope"}' },
      { content: '{"entities": [{"name": 1}]}' },
    );
    const error = await gqlError(server.url, ANALYZE, { storyId: other.id }, { token: asha.token });
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: AI_MESSAGES.answerUnreadable });
    expect(provider.completions().length).toBe(before + 2);
    expect(await analytics(other.id, asha.token)).toMatchObject({
      source: 'fallback',
      viewerCanAnalyze: true,
    });
  });

  it('says a failed provider in the app’s words and keeps the fallback readable', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    provider.script({ status: 500 });
    const error = await gqlError(server.url, ANALYZE, { storyId: story.id }, { token: asha.token });
    expect(error).toMatchObject({ code: 'BAD_GATEWAY', message: AI_MESSAGES.providerFailed });
    expect((await analytics(story.id)).source).toBe('fallback');
  });
});

describe('story analytics: what is shown of an answer', () => {
  it('keeps only https Wikipedia articles, plain names, known saliences re-shared, at most 12', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    const links = [
      'https://en.wikipedia.org/wiki/Nairobi',
      'https://sw.m.wikipedia.org/wiki/Nairobi',
      'http://en.wikipedia.org/wiki/Nairobi',
      'https://en.wikipedia.org.evil.example/wiki/Nairobi',
      'https://evil.example/wiki/Nairobi',
      'javascript:alert(1)',
      'https://user:pw@en.wikipedia.org/wiki/Nairobi',
      'https://en.wikipedia.org/w/index.php?title=Nairobi',
      'https://en.wikipedia.org:8443/wiki/Nairobi',
      `https://en.wikipedia.org/wiki/${'x'.repeat(400)}`,
    ];
    provider.script(
      entitiesAnswer([
        ...links.map((wikipediaUrl, index) => ({
          name: `Place ${index}`,
          type: 'LOCATION',
          salience: 0.5,
          wikipediaUrl,
        })),
        {
          name: '<b>Asha</b>\n <script>x</script>',
          type: 'PERSON',
          salience: 2,
          wikipediaUrl: null,
        },
        { name: 'place 0', type: 'OTHER', salience: 0.9, wikipediaUrl: null },
        { name: '   ', type: 'OTHER', salience: 0.9, wikipediaUrl: null },
        { name: 'Pump', type: 'CONSUMER_GOOD', salience: -3, wikipediaUrl: null },
        { name: 'River', type: 'LOCATION', salience: 0.1, wikipediaUrl: null },
      ]),
    );
    const answer = await analyze(story.id, asha);
    expect(answer.entities).toHaveLength(12);
    expect(answer.entities[0]).toMatchObject({ name: 'Asha x', type: 'PERSON' });
    const total = answer.entities.reduce((sum, entity) => sum + entity.salience, 0);
    expect(total).toBeCloseTo(1, 2);
    for (const entity of answer.entities) {
      expect(entity.salience).toBeGreaterThanOrEqual(0);
      expect(entity.salience).toBeLessThanOrEqual(1);
    }
    expect(
      answer.entities.filter((entity) => entity.name.toLowerCase() === 'place 0'),
    ).toHaveLength(1);
    const shown = Object.fromEntries(
      answer.entities.map((entity) => [entity.name, entity.wikipediaUrl]),
    );
    expect(shown['Place 0']).toBe('https://en.wikipedia.org/wiki/Nairobi');
    expect(shown['Place 1']).toBe('https://sw.m.wikipedia.org/wiki/Nairobi');
    for (const index of [2, 3, 4, 5, 6, 7, 8, 9]) expect(shown[`Place ${index}`]).toBeNull();
  });
});

describe('story analytics: who reads what', () => {
  it('answers a story in a private space as missing to an outsider, and sends nothing of it', async () => {
    const owner = await signUpVerified(server);
    const space = await createPrivateSpace(server, owner, { name: 'Quiet committee' });
    const secret = await postStory(
      server,
      owner,
      '<p>The reservoir leaks and only the committee knows. #reservoir</p>',
      { spaceId: space.id },
    );
    const before = provider.completions().length;
    expect((await gqlError(server.url, ANALYTICS, { storyId: secret.id })).code).toBe('NOT_FOUND');
    const outsider = await gqlError(
      server.url,
      ANALYZE,
      { storyId: secret.id },
      { token: asha.token },
    );
    expect(outsider.code).toBe('NOT_FOUND');
    const restAnswer = await rest(
      server.url,
      'GET',
      `/api/analytics?collection=stories&docId=${secret.id}`,
      undefined,
      asha.token,
    );
    expect(restAnswer.status).toBe(404);
    expect(provider.completions().length).toBe(before);
    expect(provider.sentSince(before)).not.toContain('reservoir');
  });

  it('serves a token’s read scope the stored or fallback result, and never spends the key through it', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    const apiToken = await createApiToken(server, asha, {
      name: 'reader',
      scopes: ['read', 'write'],
    });
    const read = await analytics(story.id, apiToken.token);
    expect(read).toMatchObject({ source: 'fallback', viewerCanAnalyze: false });
    const error = await gqlError(
      server.url,
      ANALYZE,
      { storyId: story.id },
      { token: apiToken.token },
    );
    expect(error.code).toBe('FORBIDDEN');
  });
});

describe('story analytics over REST (001 §7)', () => {
  it('answers GET /analytics with success and the entities in the spec’s shape, on /api and /apiv1', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    const fallback = await rest<{ entities: unknown[]; source: string }>(
      server.url,
      'GET',
      `/api/analytics?collection=stories&docId=${story.id}`,
    );
    expect(fallback.status).toBe(200);
    expect(fallback.body).toEqual({
      success: true,
      source: 'fallback',
      entities: PUMP_FALLBACK.map(({ wikipediaUrl: _, ...entity }) => ({
        ...entity,
        metadata: {},
      })),
    });

    provider.script(
      entitiesAnswer([
        {
          name: 'Kibera',
          type: 'LOCATION',
          salience: 1,
          wikipediaUrl: 'https://en.wikipedia.org/wiki/Kibera',
        },
      ]),
    );
    await analyze(story.id, asha);
    const stored = await rest(
      server.url,
      'GET',
      `/apiv1/analytics?collection=stories&docId=stories/${story.id}`,
    );
    expect(stored.body).toEqual({
      success: true,
      source: 'provider',
      entities: [
        {
          name: 'Kibera',
          type: 'LOCATION',
          salience: 1,
          metadata: { wikipedia_url: 'https://en.wikipedia.org/wiki/Kibera' },
        },
      ],
    });
  });

  it('refuses another collection with 422 and says which one it takes', async () => {
    const story = await postStory(server, asha, PUMP_STORY);
    const refused = await rest(
      server.url,
      'GET',
      `/api/analytics?collection=problems&docId=${story.id}`,
    );
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({
      message: AI_MESSAGES.analyticsCollection,
      field: 'collection',
    });
    const missing = await rest(server.url, 'GET', '/api/analytics?collection=stories');
    expect(missing.status).toBe(422);
    expect(missing.body.error?.field).toBe('docId');
  });
});
