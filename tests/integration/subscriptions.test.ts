import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  STORY_FIELDS,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let reader: TestUser;
let writer: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [reader, writer] = await Promise.all([
    signUpVerified(server, { displayName: 'Reader' }),
    signUpVerified(server, { displayName: 'Writer' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const STORY_ADDED = `subscription OnStoryAdded($spaceId: ID) { storyAdded(spaceId: $spaceId) { ${STORY_FIELDS} } }`;
type Added = { storyAdded: StoryView };

const open: LiveSubscription<Added>[] = [];
const live = async (token?: string, variables: Record<string, unknown> = {}) => {
  const subscription = await subscribe<Added>(server.url, STORY_ADDED, variables, { token });
  open.push(subscription);
  return subscription;
};
afterEach(async () => {
  await Promise.all(open.splice(0).map((subscription) => subscription.close()));
});

describe('storyAdded', () => {
  it('delivers a story posted over HTTP by another person to a signed-in subscriber', async () => {
    const feed = await live(reader.token);
    const posted = await postStory(server, writer.token, '<p>Live from the field #live</p>');
    const [event] = await feed.take(1);
    expect(event?.storyAdded).toMatchObject({
      id: posted.id,
      story: '<p>Live from the field #live</p>',
      tags: ['live'],
      author: { id: writer.id, displayName: 'Writer' },
      // Fields are resolved for the subscriber, not for the author.
      canEdit: false,
    });
  });

  it('delivers public stories to signed-out subscribers too', async () => {
    const feed = await live();
    const posted = await postStory(server, writer.token, '<p>For everyone #open</p>');
    const [event] = await feed.take(1);
    expect(event?.storyAdded.id).toBe(posted.id);
  });

  it('does not deliver drafts or pending anonymous stories', async () => {
    const feed = await live(reader.token);
    const draft = await postStory(server, writer.token, '<p>Not ready #draft</p>', {
      isDraft: true,
    });
    const anonymous = await postStory(server, writer.token, '<p>Quietly #anon</p>', {
      isAnonymousPost: true,
    });
    const published = await postStory(server, writer.token, '<p>Ready #now</p>');
    // Events arrive in order, so a leaked draft or anonymous story would come first.
    const [event] = await feed.take(1);
    expect(event?.storyAdded.id).toBe(published.id);
    await feed.expectNothingMore(400);
    expect(feed.received.map((item) => item.storyAdded.id)).not.toContain(draft.id);
    expect(feed.received.map((item) => item.storyAdded.id)).not.toContain(anonymous.id);
  });

  it('delivers a draft when its author publishes it', async () => {
    const draft = await postStory(server, writer.token, '<p>Soon #later</p>', { isDraft: true });
    const feed = await live();
    await gqlData(
      server.url,
      `mutation($id: ID!) { updateStory(id: $id, input: { isDraft: false }) { id } }`,
      { id: draft.id },
      { token: writer.token },
    );
    const [event] = await feed.take(1);
    expect(event?.storyAdded).toMatchObject({ id: draft.id, isDraft: false });
  });

  it('delivers to every subscriber, each with their own view', async () => {
    const [mine, theirs] = await Promise.all([live(writer.token), live(reader.token)]);
    const posted = await postStory(server, writer.token, '<p>Twice #echo</p>');
    const [[own], [other]] = await Promise.all([mine.take(1), theirs.take(1)]);
    expect(own?.storyAdded).toMatchObject({ id: posted.id, canEdit: true });
    expect(other?.storyAdded).toMatchObject({ id: posted.id, canEdit: false });
  });

  it('refuses a space that does not exist with "Item has been deleted"', async () => {
    const feed = await live(reader.token, { spaceId: 'no-such-space' });
    await expect(feed.take(1, 3000)).rejects.toThrow(/Item has been deleted|NOT_FOUND/u);
    // The server keeps serving others.
    const healthy = await live(reader.token);
    const posted = await postStory(server, writer.token, '<p>Still here #alive</p>');
    expect((await healthy.take(1))[0]?.storyAdded.id).toBe(posted.id);
  });
});
