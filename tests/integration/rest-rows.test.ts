import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, rest } from '../helpers/clients';
import { diffCounts, startCountingProxy, type CountingProxy } from '../helpers/count-proxy';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * REST rows of 001 §7 that answer as the spec says (issue 26): page sizes up to the spec's 1000.
 * Each row: signed out first where it needs a person, then the success shape, then bad input.
 */
let server: TestServer;
let alice: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  alice = await signUpVerified(server, { displayName: 'Alice' });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

interface ListAnswer<Item = { id: string }> {
  items: Item[];
  last: string | null;
}

describe('results up to 1000 on REST lists', () => {
  /** 110 tags used in one country space: 11 stories of 10 new tags each. */
  const SPACE = 'is';
  beforeAll(async () => {
    for (let story = 0; story < 11; story++) {
      const tags = Array.from({ length: 10 }, (_, tag) => `#page${story}x${tag}`).join(' ');
      await postStory(server, alice, `<p>Tags for a long list ${tags}</p>`, { spaceId: SPACE });
    }
  }, 60_000);

  it('answers a page of up to 1000 rows in one answer, and 100 when results is not given', async () => {
    const all = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&lang=en&results=1000`,
    );
    expect(all.status).toBe(200);
    expect(all.body.items).toHaveLength(110);
    expect(all.body.last).toBeNull();
    const byDefault = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent`,
    );
    expect(byDefault.body.items).toHaveLength(100);
    expect(byDefault.body.last).toEqual(expect.any(String));
    const sized = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&results=105&lastDocumentID=`,
    );
    expect(sized.body.items).toHaveLength(105);
  });

  it('pages past 1000 by `last`, and keeps GraphQL’s `first` at 100', async () => {
    const beyond = await rest<ListAnswer>(
      server.url,
      'GET',
      `/api/list/v2?path=tags&spaceId=${SPACE}&orderBy=recent&results=5000`,
    );
    expect(beyond.status).toBe(200);
    expect(beyond.body.items).toHaveLength(110);
    const graphql = await gqlData<{ tags: ListAnswer }>(
      server.url,
      'query($spaceId: ID) { tags(spaceId: $spaceId, orderBy: recent, first: 1000) { items { id } last } }',
      { spaceId: SPACE },
    );
    expect(graphql.tags.items).toHaveLength(100);
    expect(graphql.tags.last).toEqual(expect.any(String));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the cost of a 1000-row REST page (needs TEST_DATABASE_URL: statements are counted on the wire)',
  () => {
    const SPACE = 'no';
    let counted: TestServer;
    let proxy: CountingProxy;
    let dropDatabase: () => Promise<void>;
    let reader: TestUser;

    beforeAll(async () => {
      const database = (await createTestDatabase({ migrated: true }))!;
      dropDatabase = () => database.drop();
      proxy = await startCountingProxy(database.url);
      counted = await startTestServerOn(proxy.url);
      reader = await signUpVerified(counted, { displayName: 'Reader' });
      const writer = await signUpVerified(counted, { displayName: 'Writer' });
      for (let index = 0; index < 12; index++)
        await postStory(counted, writer, `<p>Story ${index} #water</p>`, { spaceId: SPACE });
    }, 120_000);
    afterAll(async () => {
      await counted?.stop();
      await proxy?.close();
      await dropDatabase?.();
    });

    async function statementsFor(results: number) {
      const before = proxy.snapshot();
      const page = await rest<ListAnswer>(
        counted.url,
        'GET',
        `/api/list/v2?path=stories&spaceId=${SPACE}&results=${results}`,
        undefined,
        reader.token,
      );
      expect(page.body.items).toHaveLength(Math.min(results, 12));
      const delta = diffCounts(proxy.snapshot(), before);
      return delta.execute + delta.query;
    }

    it('costs the same statements for results=1000 as for results=5', async () => {
      // Prepares each size's statements once.
      await statementsFor(5);
      await statementsFor(1000);
      expect(await statementsFor(1000)).toBe(await statementsFor(5));
    });
  },
);
