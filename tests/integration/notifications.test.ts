import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gql, gqlData, gqlError } from '../helpers/clients';
import {
  addComment,
  askAccess,
  CLEAR_NOTIFICATIONS,
  CREATE_PROBLEM,
  createPrivateSpace,
  DELETE_NOTIFICATION,
  follow,
  invite,
  listNotifications,
  listNotificationsOverRest,
  MARK_ALL_READ,
  markRead,
  mentionOf,
  moderate,
  NOTIFICATIONS,
  notificationsOfKind,
  postProblem,
  postSolution,
  postStory,
  react,
  SET_SPACE_NOTIFICATIONS,
  setWatchLevel,
  signUpVerified,
  totalNotificationsOf,
  vote,
  UPDATE_PROBLEM,
  WATCH_LEVEL,
  type ProblemView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Each kind of notification is made once, for the right people and nobody else (never the actor);
 * grouping; watch levels; reading, deleting and clearing.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
});

const people = (count: number) =>
  Promise.all(Array.from({ length: count }, () => signUpVerified(server)));

const storyThread = (story: { id: string }) => ({ itemType: 'stories' as const, itemId: story.id });

describe('notifications query', () => {
  it('answers UNAUTHENTICATED signed out', async () => {
    expect(await gqlError(server.url, NOTIFICATIONS, {})).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('starts empty, with a total of 0', async () => {
    const [ada] = await people(1);
    expect(await listNotifications(server, ada!)).toEqual({ items: [], nextCursor: null });
    expect(await totalNotificationsOf(server, ada!)).toBe(0);
  });
});

describe('comments', () => {
  it("tell the post's author, with the comment's opening words and a route to the post", async () => {
    const [author, commenter] = await people(2);
    const story = await postStory(server, author!, '<p>Our well is dry #water</p>');
    await addComment(server, commenter!, storyThread(story), '<p>We can help dig</p>');

    const [note] = await notificationsOfKind(server, author!, 'comment');
    expect(note).toMatchObject({
      itemType: 'stories',
      itemId: story.id,
      actorCount: 1,
      actors: [{ id: commenter!.id }],
      snippet: 'We can help dig',
      route: `/story/${story.id}`,
      isRead: false,
    });
    expect(await totalNotificationsOf(server, author!)).toBe(1);
    expect(await listNotifications(server, commenter!)).toMatchObject({ items: [] });
  });

  it('never tell the actor about their own comment', async () => {
    const [author] = await people(1);
    const story = await postStory(server, author!, '<p>Notes to self #water</p>');
    await addComment(server, author!, storyThread(story));
    expect((await listNotifications(server, author!)).items).toEqual([]);
  });

  it('group on one post: two commenters make one notification, newest first', async () => {
    const [author, first, second] = await people(3);
    const story = await postStory(server, author!, '<p>Busy thread #water</p>');
    await addComment(server, first!, storyThread(story));
    await addComment(server, second!, storyThread(story));
    const notes = await notificationsOfKind(server, author!, 'comment');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.actorCount).toBe(2);
    expect(notes[0]!.actors.map((actor) => actor.id)).toEqual([second!.id, first!.id]);
  });

  it("tell watchers at everything (commenters watch), never a muted one, and a reply tells the comment's author", async () => {
    const [author, first, second, muter] = await people(4);
    const story = await postStory(server, author!, '<p>Watch this #water</p>');
    const comment = await addComment(server, first!, storyThread(story));
    await addComment(server, muter!, storyThread(story));
    await setWatchLevel(server, muter!, storyThread(story), 'muted');

    await addComment(server, second!, storyThread(story), '<p>A reply</p>', comment.id);

    const reply = await notificationsOfKind(server, first!, 'reply');
    expect(reply).toMatchObject([
      { itemType: 'comments', itemId: comment.id, route: `/story/${story.id}`, actorCount: 1 },
    ]);
    // The first commenter watches: the muter's comment told them; the reply told them as a reply only.
    expect(await notificationsOfKind(server, first!, 'watched')).toMatchObject([
      { actorCount: 1, actors: [{ id: muter!.id }] },
    ]);
    expect(await notificationsOfKind(server, muter!, 'watched')).toEqual([]);
    const watched = await notificationsOfKind(server, author!, 'comment');
    expect(watched[0]!.actorCount).toBe(3);
  });

  it('a watcher at everything hears of new comments as kind watched', async () => {
    const [author, watcher, commenter] = await people(3);
    const story = await postStory(server, author!, '<p>Watched #water</p>');
    await setWatchLevel(server, watcher!, storyThread(story), 'everything');
    await addComment(server, commenter!, storyThread(story));
    expect(await notificationsOfKind(server, watcher!, 'watched')).toMatchObject([
      { itemId: story.id, actors: [{ id: commenter!.id }] },
    ]);
  });

  it('an @mention tells the person mentioned even if not watching, at level mentions too, but not when muted', async () => {
    const [author, commenter, mentioned, mentionsOnly, muted] = await people(5);
    const story = await postStory(server, author!, '<p>Who can help? #water</p>');
    await setWatchLevel(server, mentionsOnly!, storyThread(story), 'mentions');
    await setWatchLevel(server, muted!, storyThread(story), 'muted');
    const html = `<p>${mentionOf(mentioned!)} ${mentionOf(mentionsOnly!)} ${mentionOf(muted!)}</p>`;
    const comment = await addComment(server, commenter!, storyThread(story), html);

    for (const person of [mentioned!, mentionsOnly!]) {
      expect(await notificationsOfKind(server, person, 'mention')).toMatchObject([
        { itemType: 'comments', itemId: comment.id, route: `/story/${story.id}` },
      ]);
    }
    expect((await listNotifications(server, muted!)).items).toEqual([]);
  });

  it('an author at level mentions hears no plain comments on their post', async () => {
    const [author, commenter] = await people(2);
    const story = await postStory(server, author!, '<p>Quiet please #water</p>');
    await setWatchLevel(server, author!, storyThread(story), 'mentions');
    await addComment(server, commenter!, storyThread(story));
    expect((await listNotifications(server, author!)).items).toEqual([]);
  });
});

describe('reactions and votes', () => {
  it('4 reactions make one notification with actorCount 4, newest actor first, unread again after being read', async () => {
    const [author, ...reactors] = await people(5);
    const story = await postStory(server, author!, '<p>React to me #water</p>');
    for (const reactor of reactors.slice(0, 3))
      await react(server, reactor, storyThread(story), 'happy');
    const [first] = await notificationsOfKind(server, author!, 'reaction');
    await markRead(server, author!, first!.id);
    expect(await totalNotificationsOf(server, author!)).toBe(0);

    await react(server, reactors[3]!, storyThread(story), 'like');

    const notes = await notificationsOfKind(server, author!, 'reaction');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      id: first!.id,
      actorCount: 4,
      reaction: 'like',
      isRead: false,
    });
    expect(notes[0]!.actors.map((actor) => actor.id)).toEqual(
      [reactors[3]!, reactors[2]!, reactors[1]!].map((user) => user.id),
    );
    expect(await totalNotificationsOf(server, author!)).toBe(1);
  });

  it("changing one's reaction does not count the actor twice", async () => {
    const [author, reactor] = await people(2);
    const story = await postStory(server, author!, '<p>Change of heart #water</p>');
    await react(server, reactor!, storyThread(story), 'happy');
    await react(server, reactor!, storyThread(story), 'like');
    expect(await notificationsOfKind(server, author!, 'reaction')).toMatchObject([
      { actorCount: 1 },
    ]);
  });

  it("a reaction on a comment tells the comment's author", async () => {
    const [author, commenter, reactor] = await people(3);
    const story = await postStory(server, author!, '<p>Comment reactions #water</p>');
    const comment = await addComment(server, commenter!, storyThread(story));
    await react(server, reactor!, { itemType: 'comments', itemId: comment.id }, 'like');
    expect(await notificationsOfKind(server, commenter!, 'reaction')).toMatchObject([
      { itemType: 'comments', itemId: comment.id, route: `/story/${story.id}`, reaction: 'like' },
    ]);
    expect(await notificationsOfKind(server, author!, 'reaction')).toEqual([]);
  });

  it('30 people reacting at once make one notification with actorCount 30', async () => {
    const [author, ...reactors] = await people(31);
    const story = await postStory(server, author!, '<p>Popular #water</p>');
    await Promise.all(
      reactors.map((reactor) => react(server, reactor, storyThread(story), 'happy')),
    );
    const notes = await notificationsOfKind(server, author!, 'reaction');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.actorCount).toBe(30);
  });

  it('a vote on a solution tells its author once per voter', async () => {
    const [author, voter] = await people(2);
    const solution = await postSolution(server, author!);
    await vote(server, voter!, solution.id, 'up');
    await vote(server, voter!, solution.id, 'down');
    expect(await notificationsOfKind(server, author!, 'vote')).toMatchObject([
      {
        itemType: 'solutions',
        itemId: solution.id,
        route: `/solution/${solution.id}/info`,
        actorCount: 1,
      },
    ]);
  });
});

describe('people and spaces', () => {
  it("followers group into one notification that opens the newest follower's page", async () => {
    const [followed, first, second] = await people(3);
    await follow(server, first!, followed!);
    await follow(server, second!, followed!);
    expect(await notificationsOfKind(server, followed!, 'follower')).toMatchObject([
      { actorCount: 2, route: `/network/${second!.id}/info`, itemType: 'users' },
    ]);
  });

  it('an invitation tells the invitee; a request tells owners; the answer tells who asked', async () => {
    const [owner, invitee, asker, outsider] = await people(4);
    const space = await createPrivateSpace(server, owner!, { name: 'Well keepers' });
    await invite(server, owner!, space.id, invitee!);
    await askAccess(server, asker!, space.id);
    await gqlData(
      server.url,
      `mutation($spaceId: ID!, $userId: ID!) { approveRequest(spaceId: $spaceId, userId: $userId) }`,
      { spaceId: space.id, userId: asker!.id },
      { token: owner!.token },
    );

    expect(await listNotifications(server, invitee!, { filter: 'invites' })).toMatchObject({
      items: [{ kind: 'invite', spaceName: 'Well keepers', route: `/space/${space.id}/info` }],
    });
    expect(await notificationsOfKind(server, owner!, 'joinRequest')).toMatchObject([
      { actors: [{ id: asker!.id }] },
    ]);
    expect(await notificationsOfKind(server, asker!, 'joinAnswer')).toMatchObject([
      { status: 'accepted', actors: [{ id: owner!.id }] },
    ]);
    expect((await listNotifications(server, outsider!)).items).toEqual([]);
  });
});

describe('problems', () => {
  it('a status change tells the people who joined, not the one who changed it', async () => {
    const [author, joiner, stranger] = await people(3);
    const problem = await postProblem(server, author!, 'Dry wells');
    await gqlData(
      server.url,
      `mutation($id: ID!) { joinProblem(id: $id) { id } }`,
      { id: problem.id },
      {
        token: joiner!.token,
      },
    );
    await gqlData(
      server.url,
      `mutation($id: ID!, $status: ProblemStatus!) { setProblemStatus(id: $id, status: $status) { id } }`,
      { id: problem.id, status: 'solving' },
      { token: author!.token },
    );
    expect(await notificationsOfKind(server, joiner!, 'statusChange')).toMatchObject([
      { status: 'solving', route: `/problem/${problem.id}/info` },
    ]);
    expect(await notificationsOfKind(server, author!, 'statusChange')).toEqual([]);
    expect((await listNotifications(server, stranger!)).items).toEqual([]);
  });

  it('a new listed problem in my space matching my alerts tells me; a draft does not until published', async () => {
    const [author, alerted, elsewhere] = await people(3);
    const space = await createPrivateSpace(server, author!, {
      name: 'Farmers',
      members: [
        { user: alerted!, status: 'contributor' },
        { user: elsewhere!, status: 'invited' },
      ],
    });
    for (const person of [alerted!, elsewhere!])
      await gqlData(
        server.url,
        `mutation($tags: [String!]!) { setNotificationTags(tags: $tags) }`,
        { tags: ['irrigation'] },
        {
          token: person.token,
        },
      );
    const create = (isDraft: boolean) =>
      gqlData<{ createProblem: ProblemView }>(
        server.url,
        CREATE_PROBLEM,
        {
          input: {
            name: 'Canal silt',
            description: '<p>The canal is full of silt #irrigation</p>',
            spaceId: space.id,
            isDraft,
          },
        },
        { token: author!.token },
      );
    const draft = (await create(true)).createProblem;
    expect(await notificationsOfKind(server, alerted!, 'problemAlert')).toEqual([]);
    const listed = (await create(false)).createProblem;
    expect(await notificationsOfKind(server, alerted!, 'problemAlert')).toMatchObject([
      { itemId: listed.id, spaceId: space.id },
    ]);
    await gqlData(
      server.url,
      `mutation($id: ID!, $input: UpdateProblemInput!) { updateProblem(id: $id, input: $input) { id } }`,
      { id: draft.id, input: { isDraft: false } },
      { token: author!.token },
    );
    expect(await notificationsOfKind(server, alerted!, 'problemAlert')).toHaveLength(2);
    // Invited, not yet in: cannot read the space's problems.
    expect(await notificationsOfKind(server, elsewhere!, 'problemAlert')).toEqual([]);
  });

  it('an anonymous problem alerts nobody while it waits, and alerts when its space owner approves it', async () => {
    const [owner, author, alerted] = await people(3);
    const space = await createPrivateSpace(server, owner!, {
      name: 'Weavers',
      members: [
        { user: author!, status: 'contributor' },
        { user: alerted!, status: 'contributor' },
      ],
    });
    await gqlData(
      server.url,
      `mutation($tags: [String!]!) { setNotificationTags(tags: $tags) }`,
      { tags: ['looms'] },
      { token: alerted!.token },
    );
    const { createProblem: pending } = await gqlData<{ createProblem: ProblemView }>(
      server.url,
      CREATE_PROBLEM,
      {
        input: {
          name: 'Broken looms',
          description: '<p>Half the #looms are broken</p>',
          spaceId: space.id,
          isAnonymousPost: true,
        },
      },
      { token: author!.token },
    );
    expect(await notificationsOfKind(server, alerted!, 'problemAlert')).toEqual([]);

    await moderate(server, owner!, 'approve', { itemType: 'problems', itemId: pending.id });
    expect(await notificationsOfKind(server, alerted!, 'problemAlert')).toMatchObject([
      { itemId: pending.id, spaceId: space.id, actors: [{ id: '', displayName: 'Anonymous' }] },
    ]);
  });
});

describe('naming the item', () => {
  const JOIN = `mutation($id: ID!) { joinProblem(id: $id) { id } }`;
  const SET_STATUS = `mutation($id: ID!, $status: ProblemStatus!) { setProblemStatus(id: $id, status: $status) { id } }`;

  it('a status change names the problem over GraphQL and REST, as it is named now', async () => {
    const [author, joiner] = await people(2);
    const problem = await postProblem(server, author!, 'Dry wells in Ward 12');
    await gqlData(server.url, JOIN, { id: problem.id }, { token: joiner!.token });
    await gqlData(
      server.url,
      SET_STATUS,
      { id: problem.id, status: 'solved' },
      { token: author!.token },
    );

    expect(await notificationsOfKind(server, joiner!, 'statusChange')).toMatchObject([
      { postType: 'problems', title: 'Dry wells in Ward 12', status: 'solved' },
    ]);
    const overRest = await listNotificationsOverRest(server, joiner!.id, joiner!.token);
    expect(overRest.body.items).toMatchObject([
      { kind: 'statusChange', postType: 'problems', title: 'Dry wells in Ward 12' },
    ]);

    await gqlData(
      server.url,
      UPDATE_PROBLEM,
      { id: problem.id, input: { name: 'Dry wells in Ward 12 and 13' } },
      { token: author!.token },
    );
    expect(await notificationsOfKind(server, joiner!, 'statusChange')).toMatchObject([
      { title: 'Dry wells in Ward 12 and 13' },
    ]);
  });

  it("a reply, a mention and a reaction on a comment name the comment's post by its opening words", async () => {
    const [author, first, second] = await people(3);
    const words =
      'Our well ran dry in May and the hand pump broke the same week, so we carry water';
    const story = await postStory(server, author!, `<p>${words} from the river #water</p>`);
    const comment = await addComment(server, first!, storyThread(story));
    await addComment(
      server,
      second!,
      storyThread(story),
      `<p>${mentionOf(author!)} look</p>`,
      comment.id,
    );
    await react(server, second!, { itemType: 'comments', itemId: comment.id }, 'like');

    // 80 characters of the story stand for its title.
    const title = `${words.slice(0, 79)}…`;
    expect(title).toHaveLength(80);
    for (const kind of ['reply', 'reaction']) {
      expect(await notificationsOfKind(server, first!, kind)).toMatchObject([
        { itemType: 'comments', postType: 'stories', title },
      ]);
    }
    expect(await notificationsOfKind(server, author!, 'mention')).toMatchObject([
      { itemType: 'comments', postType: 'stories', title },
    ]);
  });

  it('names a solution voted on, and nothing for spaces and followers (their sentence names them)', async () => {
    const [author, voter] = await people(2);
    const solution = await postSolution(server, author!, { name: 'Rainwater tanks' });
    await vote(server, voter!, solution.id, 'up');
    await follow(server, voter!, author!);
    expect(await notificationsOfKind(server, author!, 'vote')).toMatchObject([
      { postType: 'solutions', title: 'Rainwater tanks' },
    ]);
    expect(await notificationsOfKind(server, author!, 'follower')).toMatchObject([
      { postType: null, title: null },
    ]);
  });
});

describe('reading, deleting and clearing', () => {
  async function twoNotifications() {
    const [author, other] = await people(2);
    const story = await postStory(server, author!, '<p>Read me #water</p>');
    await react(server, other!, storyThread(story), 'happy');
    await addComment(server, other!, storyThread(story));
    const { items } = await listNotifications(server, author!);
    expect(items).toHaveLength(2);
    return { author: author!, other: other!, items };
  }

  it('marks one read, and every one read', async () => {
    const { author, items } = await twoNotifications();
    expect(await markRead(server, author, items[0]!.id)).toMatchObject({ isRead: true });
    expect(await totalNotificationsOf(server, author)).toBe(1);
    await gqlData(server.url, MARK_ALL_READ, {}, { token: author.token });
    expect(await totalNotificationsOf(server, author)).toBe(0);
  });

  it("answers NOT_FOUND for someone else's notification, and changes nothing", async () => {
    const { author, other, items } = await twoNotifications();
    for (const query of [
      DELETE_NOTIFICATION,
      `mutation($id: ID!) { markNotificationRead(id: $id) { id } }`,
    ]) {
      expect(
        await gqlError(server.url, query, { id: items[0]!.id }, { token: other.token }),
      ).toMatchObject({
        code: 'NOT_FOUND',
      });
    }
    expect(await totalNotificationsOf(server, author)).toBe(2);
  });

  it('deletes one, then clears all', async () => {
    const { author, items } = await twoNotifications();
    expect(
      await gqlData(server.url, DELETE_NOTIFICATION, { id: items[0]!.id }, { token: author.token }),
    ).toEqual({ deleteNotification: true });
    expect((await listNotifications(server, author)).items.map((item) => item.id)).toEqual([
      items[1]!.id,
    ]);
    await gqlData(server.url, CLEAR_NOTIFICATIONS, {}, { token: author.token });
    expect(await listNotifications(server, author)).toEqual({ items: [], nextCursor: null });
  });

  it('pages newest first on (updatedAt, id)', async () => {
    const [author, ...reactors] = await people(4);
    const stories = [];
    for (const reactor of reactors) {
      const story = await postStory(server, author!, `<p>Story ${stories.length} #water</p>`);
      stories.push(story);
      await react(server, reactor, storyThread(story), 'happy');
    }
    const first = await listNotifications(server, author!, { first: 2 });
    const second = await listNotifications(server, author!, { first: 2, after: first.nextCursor! });
    expect([...first.items, ...second.items].map((item) => item.itemId)).toEqual(
      stories.map((story) => story.id).reverse(),
    );
    expect(second.nextCursor).toBeNull();
  });
});

describe('filters', () => {
  it('mySpaces lists items in my private spaces; thisSpace the given space; invites the membership kinds', async () => {
    const [owner, member] = await people(2);
    const space = await createPrivateSpace(server, owner!, {
      members: [{ user: member!, status: 'contributor' }],
    });
    const inside = await postStory(server, owner!, '<p>Inside #water</p>', {
      spaceId: space.id,
    });
    const outside = await postStory(server, owner!, '<p>Outside #water</p>');
    await react(server, member!, storyThread(inside), 'happy');
    await react(server, member!, storyThread(outside), 'happy');

    const itemIds = async (filter: string, spaceId?: string) =>
      (await listNotifications(server, owner!, { filter, spaceId })).items.map(
        (item) => item.itemId,
      );
    expect(await itemIds('all')).toEqual([outside.id, inside.id]);
    expect(await itemIds('mySpaces')).toEqual([inside.id]);
    expect(await itemIds('thisSpace', space.id)).toEqual([inside.id]);
    expect(await itemIds('thisSpace', 'ww')).toEqual([outside.id]);
    expect(await itemIds('invites')).toEqual([]);
    expect((await listNotifications(server, member!, { filter: 'invites' })).items).toMatchObject([
      { kind: 'invite', itemId: space.id },
    ]);
  });
});

describe('watch levels and the space switch', () => {
  it('the author watches their post at everything; anyone may set a level; a bad level is refused', async () => {
    const [author, reader] = await people(2);
    const story = await postStory(server, author!, '<p>Levels #water</p>');
    const levelOf = async (user: TestUser) =>
      (
        await gqlData<{ watchLevel: string | null }>(server.url, WATCH_LEVEL, storyThread(story), {
          token: user.token,
        })
      ).watchLevel;
    expect(await levelOf(author!)).toBe('everything');
    expect(await levelOf(reader!)).toBeNull();
    await setWatchLevel(server, reader!, storyThread(story), 'mentions');
    expect(await levelOf(reader!)).toBe('mentions');
    const refused = await gql(
      server.url,
      `mutation($itemType: CommentableType!, $itemId: ID!, $level: WatchLevel!) { setWatchLevel(itemType: $itemType, itemId: $itemId, level: $level) }`,
      { ...storyThread(story), level: 'loud' },
      { token: reader!.token },
    );
    expect(refused.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('turns the per-space switch on and off, and reads false signed out', async () => {
    const [owner] = await people(1);
    const space = await createPrivateSpace(server, owner!);
    const set = (on: boolean) =>
      gqlData<{ setSpaceNotifications: { notificationsOn: boolean } }>(
        server.url,
        SET_SPACE_NOTIFICATIONS,
        { spaceId: space.id, on },
        { token: owner!.token },
      );
    expect((await set(true)).setSpaceNotifications.notificationsOn).toBe(true);
    expect((await set(false)).setSpaceNotifications.notificationsOn).toBe(false);
    const signedOut = await gql<{ space: { notificationsOn: boolean } }>(
      server.url,
      `query { space(id: "ww") { id notificationsOn } }`,
    );
    expect(signedOut.data?.space.notificationsOn).toBe(false);
  });
});
