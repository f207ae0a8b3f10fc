import { and, inArray, isNull } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/src/db/schema';
import { gqlData, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  diffCounts,
  startCountingProxy,
  type CountingProxy,
  type MessageCounts,
} from '../helpers/count-proxy';
import {
  STORY_FIELDS,
  UPDATE_STORY,
  bookmark,
  postStory,
  react,
  signUpVerified,
  type StoryView,
  type TestUser,
  addParticipant,
  createPrivateSpace,
  setStatus,
} from '../helpers/factories';
import {
  createTestDatabase,
  startTestServer,
  startTestServerOn,
  type TestServer,
} from '../helpers/server';

/**
 * Live fan-out: an event's item is loaded once per process and judged for each subscriber from
 * what is in memory, yet a subscriber never sees what they may no longer read.
 */

const STORY_ADDED = `subscription($spaceId: ID) { storyAdded(spaceId: $spaceId) { ${STORY_FIELDS} bookmarked reaction } }`;
type Added = { storyAdded: StoryView & { bookmarked: boolean; reaction: string | null } };

const open: LiveSubscription<Added>[] = [];
const follow = async (server: TestServer, token: string | undefined, spaceId?: string) => {
  const subscription = await subscribe<Added>(server.url, STORY_ADDED, { spaceId }, { token });
  open.push(subscription);
  return subscription;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

const waitFor = async (condition: () => boolean, what: string, timeoutMs = 5000) => {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

describe('live subscriptions in a private space', () => {
  let server: TestServer;
  let owner: TestUser;
  let member: TestUser;
  beforeAll(async () => {
    server = await startTestServer();
    [owner, member] = await Promise.all([
      signUpVerified(server, { displayName: 'Owner' }),
      signUpVerified(server, { displayName: 'Member' }),
    ]);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('stop reaching a participant the moment they are blocked, and reach them again when unblocked', async () => {
    const space = await createPrivateSpace(server, owner, { name: 'Well keepers' });
    await addParticipant(server, owner, space.id, member);
    const feed = await follow(server, member.token, space.id);
    // The owner hears every story of the space: once they have the secret, the member's
    // inbox has been judged for it too (the hub hands an event to every inbox at once).
    const witness = await follow(server, owner.token, space.id);

    const before = await postStory(server, owner, '<p>Pump fixed #wells</p>', {
      spaceId: space.id,
    });
    expect((await feed.take(1))[0]!.storyAdded.id).toBe(before.id);

    await setStatus(server, owner, space.id, member, 'blocked');
    const secret = await postStory(server, owner, '<p>Secret plan #wells</p>', {
      spaceId: space.id,
    });
    expect((await witness.take(2))[1]!.storyAdded.id).toBe(secret.id);

    await setStatus(server, owner, space.id, member, 'contributor');
    const after = await postStory(server, owner, '<p>Welcome back #wells</p>', {
      spaceId: space.id,
    });
    // Events arrive in order: the secret would have come between the two.
    const received = await feed.take(2);
    expect(received.map((added) => added.storyAdded.id)).toEqual([before.id, after.id]);
  });

  it('release the channel and the follower’s access once the last subscriber leaves', async () => {
    const { hub, access } = server.deps.live;
    // The server hears a socket close a moment after its client does (the previous test's too).
    const quiet = () => hub.channelCount === 0 && access.trackedCount === 0;
    await waitFor(quiet, 'earlier subscriptions to end');
    const first = await follow(server, member.token);
    const second = await follow(server, member.token);
    expect([hub.channelCount, access.trackedCount]).toEqual([1, 1]);
    await first.close();
    await second.close();
    open.length = 0;
    await waitFor(quiet, 'the quiet channel to be released');
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'the cost of an event (needs TEST_DATABASE_URL: statements are counted on the wire)',
  () => {
    let server: TestServer;
    let proxy: CountingProxy;
    let writer: TestUser;
    const readers: TestUser[] = [];
    let dropDatabase: () => Promise<void>;

    beforeAll(async () => {
      const database = (await createTestDatabase())!;
      dropDatabase = () => database.drop();
      proxy = await startCountingProxy(database.url);
      server = await startTestServerOn(proxy.url);
      writer = await signUpVerified(server, { displayName: 'Writer' });
      for (let i = 0; i < 12; i++) readers.push(await signUpVerified(server));
      // A person's first request notes when they were last seen, without waiting for the write:
      // let every one land now, so none falls inside a counted window.
      const everyone = [writer, ...readers];
      for (const person of everyone)
        await gqlData(server.url, 'query { me { id } }', {}, { token: person.token });
      const unseen = async () =>
        (
          await server.deps.db
            .select({ id: users.id })
            .from(users)
            .where(
              and(
                inArray(
                  users.id,
                  everyone.map((person) => person.id),
                ),
                isNull(users.lastSeenAt),
              ),
            )
        ).length;
      for (let tries = 0; (await unseen()) > 0; tries++) {
        if (tries === 100) throw new Error('last-seen writes did not land');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    });
    afterAll(async () => {
      await server?.stop();
      await proxy?.close();
      await dropDatabase?.();
    });

    /**
     * The counts once the server has been quiet for a moment: sockets opening and closing record
     * presence in the background, and must not land in the window measured.
     */
    async function quietSnapshot() {
      const total = (counts: MessageCounts) => counts.execute + counts.query;
      for (let last = proxy.snapshot(); ;) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const now = proxy.snapshot();
        if (total(now) === total(last)) return now;
        last = now;
      }
    }

    /**
     * The try with the fewest statements of two: the presence heartbeat (every 5 s) may fall into
     * one window, never into both.
     */
    async function fewestOfTwo<Result extends { statements: number }>(
      measure: () => Promise<Result>,
    ) {
      const first = await measure();
      const second = await measure();
      return second.statements < first.statements ? second : first;
    }

    /** Statements the server sends from posting a story until every follower has it. */
    async function statementsForOneStory(followers: TestUser[]) {
      const feeds = await Promise.all(followers.map((reader) => follow(server, reader.token)));
      const before = await quietSnapshot();
      await postStory(server, writer, '<p>Counting #fanout</p>');
      await Promise.all(feeds.map((feed) => feed.take(1)));
      const delta = diffCounts(proxy.snapshot(), before);
      await Promise.all(open.splice(0).map((subscription) => subscription.close()));
      return { statements: delta.execute + delta.query };
    }

    it('loads a new story once per process, however many people follow the feed', async () => {
      await statementsForOneStory(readers.slice(0, 1)); // prepares the statements once
      const forOne = await fewestOfTwo(() => statementsForOneStory(readers.slice(0, 1)));
      const forTwelve = await fewestOfTwo(() => statementsForOneStory(readers));
      expect(forTwelve.statements).toBe(forOne.statements);
    });

    /** A published story that followers engaged with goes back to draft, then is published again. */
    async function republish(followers: TestUser[], engage: (storyId: string) => Promise<void>) {
      const story = await postStory(server, writer, '<p>Back again #fanout</p>');
      await engage(story.id);
      await gqlData(server.url, UPDATE_STORY, { id: story.id, input: { isDraft: true } }, writer);
      const feeds = await Promise.all(followers.map((reader) => follow(server, reader.token)));
      const before = await quietSnapshot();
      await gqlData(server.url, UPDATE_STORY, { id: story.id, input: { isDraft: false } }, writer);
      const events = await Promise.all(feeds.map((feed) => feed.take(1)));
      const delta = diffCounts(proxy.snapshot(), before);
      await Promise.all(open.splice(0).map((subscription) => subscription.close()));
      return { statements: delta.execute + delta.query, seen: events.map(([event]) => event!) };
    }

    it('tells each follower their own bookmark and reaction from that one load', async () => {
      const [bookmarker, reactor] = readers;
      const engage = async (storyId: string) => {
        const story = { itemType: 'stories' as const, itemId: storyId };
        await bookmark(server, bookmarker!, story);
        await react(server, reactor!, story, 'celebrate');
      };
      await republish(readers.slice(0, 1), engage); // prepares the statements once
      const forOne = await fewestOfTwo(() => republish(readers.slice(0, 1), engage));
      const forTwelve = await fewestOfTwo(() => republish(readers, engage));
      expect(forTwelve.statements).toBe(forOne.statements);
      const views = forTwelve.seen.map(({ storyAdded }) => [
        storyAdded.bookmarked,
        storyAdded.reaction,
      ]);
      expect(views[0]).toEqual([true, null]);
      expect(views[1]).toEqual([false, 'celebrate']);
      expect(views.slice(2)).toEqual(Array(10).fill([false, null]));
    });
  },
);
