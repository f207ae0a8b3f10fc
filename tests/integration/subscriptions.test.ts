import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, subscribe, type LiveSubscription } from '../helpers/clients';
import {
  STORY_FIELDS,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
  SOLUTION_FIELDS,
  createPrivateSpace,
  insertProblem,
  postSolution,
  type SolutionView,
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

const STORY_ADDED = `subscription OnStoryAdded($spaceId: ID, $problemId: ID) { storyAdded(spaceId: $spaceId, problemId: $problemId) { ${STORY_FIELDS} } }`;
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
    const posted = await postStory(server, writer, '<p>Live from the field #live</p>');
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
    const posted = await postStory(server, writer, '<p>For everyone #open</p>');
    const [event] = await feed.take(1);
    expect(event?.storyAdded.id).toBe(posted.id);
  });

  it('does not deliver drafts or pending anonymous stories', async () => {
    const feed = await live(reader.token);
    const draft = await postStory(server, writer, '<p>Not ready #draft</p>', {
      isDraft: true,
    });
    const anonymous = await postStory(server, writer, '<p>Quietly #anon</p>', {
      isAnonymousPost: true,
    });
    const published = await postStory(server, writer, '<p>Ready #now</p>');
    // Events arrive in order, so a leaked draft or anonymous story would come first.
    const [event] = await feed.take(1);
    expect(event?.storyAdded.id).toBe(published.id);
    expect(feed.received.map((item) => item.storyAdded.id)).not.toContain(draft.id);
    expect(feed.received.map((item) => item.storyAdded.id)).not.toContain(anonymous.id);
  });

  it('delivers a draft when its author publishes it', async () => {
    const draft = await postStory(server, writer, '<p>Soon #later</p>', { isDraft: true });
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
    const posted = await postStory(server, writer, '<p>Twice #echo</p>');
    const [[own], [other]] = await Promise.all([mine.take(1), theirs.take(1)]);
    expect(own?.storyAdded).toMatchObject({ id: posted.id, canEdit: true });
    expect(other?.storyAdded).toMatchObject({ id: posted.id, canEdit: false });
  });

  it('refuses a space that does not exist with "Item has been deleted"', async () => {
    const feed = await live(reader.token, { spaceId: 'no-such-space' });
    await expect(feed.take(1, 3000)).rejects.toThrow(/Item has been deleted|NOT_FOUND/u);
    // The server keeps serving others.
    const healthy = await live(reader.token);
    const posted = await postStory(server, writer, '<p>Still here #alive</p>');
    expect((await healthy.take(1))[0]?.storyAdded.id).toBe(posted.id);
  });
});

describe("storyAdded on a problem's Stories tab", () => {
  it('delivers the stories posted to the problem and nothing from the space feed', async () => {
    const problemId = await insertProblem(server, writer);
    const tab = await live(reader.token, { problemId });
    await postStory(server, writer, '<p>On the feed, not the problem #elsewhere</p>');
    const onProblem = await postStory(server, writer, '<p>Walked the route today #water</p>', {
      problemId,
    });
    const [event] = await tab.take(1);
    expect(event?.storyAdded).toMatchObject({
      id: onProblem.id,
      author: { displayName: 'Writer' },
      canEdit: false,
    });
  });

  it('delivers a story when its author moves it onto the problem', async () => {
    const problemId = await insertProblem(server, writer);
    const tab = await live(undefined, { problemId });
    const story = await postStory(server, writer, '<p>Belongs on the problem #move</p>');
    await gqlData(
      server.url,
      `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id } }`,
      { id: story.id, input: { problemId } },
      { token: writer.token },
    );
    expect((await tab.take(1))[0]?.storyAdded.id).toBe(story.id);
  });

  it("keeps a private space's problem to its participants: others are refused as not found", async () => {
    const member = await signUpVerified(server, { displayName: 'Member' });
    const spaceId = (
      await createPrivateSpace(server, writer, {
        members: [{ user: member, status: 'contributor' }],
      })
    ).id;
    const problemId = await insertProblem(server, writer, { spaceId });
    const outsider = await live(reader.token, { problemId });
    await expect(outsider.take(1, 3000)).rejects.toThrow(/Item has been deleted|NOT_FOUND/u);
    const signedOut = await live(undefined, { problemId });
    await expect(signedOut.take(1, 3000)).rejects.toThrow(/Item has been deleted|NOT_FOUND/u);

    const tab = await live(member.token, { problemId });
    const posted = await postStory(server, writer, '<p>Inside only #private</p>', {
      problemId,
    });
    expect((await tab.take(1))[0]?.storyAdded).toMatchObject({ id: posted.id, canEdit: false });
  });
});

describe('solutionAdded', () => {
  const SOLUTION_ADDED = `subscription($spaceId: ID, $problemId: ID) { solutionAdded(spaceId: $spaceId, problemId: $problemId) { ${SOLUTION_FIELDS} } }`;
  type SolutionAdded = { solutionAdded: SolutionView };
  const opened: LiveSubscription<SolutionAdded>[] = [];
  const liveSolutions = async (token?: string, variables: Record<string, unknown> = {}) => {
    const subscription = await subscribe<SolutionAdded>(server.url, SOLUTION_ADDED, variables, {
      token,
    });
    opened.push(subscription);
    return subscription;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((subscription) => subscription.close()));
  });

  it("delivers a published solution to its space's list, and not a draft", async () => {
    const list = await liveSolutions(reader.token);
    await postSolution(server, writer, { name: 'Still a draft', isDraft: true });
    const posted = await postSolution(server, writer, { name: 'Rainwater tanks' });
    const [event] = await list.take(1);
    expect(event?.solutionAdded).toMatchObject({
      id: posted.id,
      name: 'Rainwater tanks',
      author: { displayName: 'Writer' },
      canEdit: false,
    });
  });

  it("delivers a solution to a problem's tab when it is posted under it or linked to it", async () => {
    const problemId = await insertProblem(server, writer);
    const tab = await liveSolutions(undefined, { problemId });
    const standalone = await postSolution(server, writer, { name: 'Standalone first' });
    const under = await postSolution(server, writer, { name: 'Posted under', problemId });
    await gqlData(
      server.url,
      `mutation($solutionId: ID!, $problemIds: [ID!]!) { linkSolution(solutionId: $solutionId, problemIds: $problemIds) { id } }`,
      { solutionId: standalone.id, problemIds: [problemId] },
      { token: writer.token },
    );
    const events = await tab.take(2);
    expect(events.map((event) => event.solutionAdded.id)).toEqual([under.id, standalone.id]);
  });

  it('shows a solution as it is each time it arrives, not as it was the first time', async () => {
    const [tabOf, elsewhere] = [
      await insertProblem(server, writer),
      await insertProblem(server, writer),
    ];
    const tab = await liveSolutions(reader.token, { problemId: tabOf });
    const solution = await postSolution(server, writer, {
      name: 'Arrives twice',
      problemId: tabOf,
    });
    const linking = (name: 'linkSolution' | 'unlinkSolution', problemId: string) =>
      gqlData(
        server.url,
        name === 'linkSolution'
          ? `mutation($solutionId: ID!, $problemId: ID!) { linkSolution(solutionId: $solutionId, problemIds: [$problemId]) { id } }`
          : `mutation($solutionId: ID!, $problemId: ID!) { unlinkSolution(solutionId: $solutionId, problemId: $problemId) { id } }`,
        { solutionId: solution.id, problemId },
        { token: writer.token },
      );
    await tab.take(1);
    // Taken off the tab, linked elsewhere meanwhile, then back: its problems are the current ones.
    await linking('unlinkSolution', tabOf);
    await linking('linkSolution', elsewhere);
    await linking('linkSolution', tabOf);
    const [first, again] = await tab.take(2);
    expect(first!.solutionAdded.problems.map((problem) => problem.id)).toEqual([tabOf]);
    expect(again!.solutionAdded.problems.map((problem) => problem.id).sort()).toEqual(
      [tabOf, elsewhere].sort(),
    );
  });

  it("refuses a private space's problem to outsiders as not found", async () => {
    const spaceId = (await createPrivateSpace(server, writer)).id;
    const problemId = await insertProblem(server, writer, { spaceId });
    const outsider = await liveSolutions(reader.token, { problemId });
    await expect(outsider.take(1, 3000)).rejects.toThrow(/Item has been deleted|NOT_FOUND/u);
  });
});
