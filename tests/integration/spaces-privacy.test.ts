import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spaceParticipants, stories, tagFollows } from '../../server/src/db/schema';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import {
  STORY_FIELDS,
  listStories,
  postStory,
  signUpVerified,
  type StoryView,
  type TestUser,
  postProblem,
  ACCEPT_INVITE,
  CHANGE_SPACE,
  MY_SPACES,
  PARTICIPANTS,
  SET_STATUS,
  SPACE,
  addParticipant,
  askAccess,
  createPrivateSpace,
  invite,
  setStatus,
  type SpaceView,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * The privacy matrix of a private space: who may see the space itself, its participants and its
 * content. Owner and contributor are active participants; invited, requested and blocked are not;
 * a stranger has no relation; a signed-out visitor has no token.
 */
let server: TestServer;
let owner: TestUser;
let contributor: TestUser;
let invited: TestUser;
let requester: TestUser;
let blocked: TestUser;
let stranger: TestUser;
let space: SpaceView;
let secret: StoryView;

/** What a space card shows of its people: creator, participant count and the viewer's inviter. */
const INVITATION_FIELDS = `id name description status totalParticipants
  author { id displayName } invitedBy { id displayName photoURL role }`;
const SPACE_WITH_INVITER = `query($id: ID!) { space(id: $id) { ${INVITATION_FIELDS} } }`;
interface InvitationView {
  id: string;
  name: string;
  description: string | null;
  status: string | null;
  totalParticipants: number | null;
  author: { id: string; displayName: string } | null;
  invitedBy: { id: string; displayName: string; photoURL: string; role: string } | null;
}

beforeAll(async () => {
  server = await startTestServer();
  const make = (displayName: string) => signUpVerified(server, { displayName });
  [owner, contributor, invited, requester, blocked, stranger] = await Promise.all([
    make('Owner'),
    make('Contributor'),
    make('Invited'),
    make('Requester'),
    make('Blocked'),
    make('Stranger'),
  ]);
  space = await createPrivateSpace(server, owner, {
    name: 'Secret garden',
    description: 'Only for us',
  });
  await addParticipant(server, owner, space.id, contributor);
  await addParticipant(server, owner, space.id, blocked);
  await setStatus(server, owner, space.id, blocked, 'blocked');
  await invite(server, owner, space.id, invited);
  await askAccess(server, requester, space.id);
  secret = await postStory(server, owner, '<p>Hidden plans #garden</p>', {
    spaceId: space.id,
  });
});
afterAll(async () => {
  await server?.stop();
});

const who = () =>
  ({
    owner: owner.token,
    contributor: contributor.token,
    invited: invited.token,
    requester: requester.token,
    blocked: blocked.token,
    stranger: stranger.token,
    'signed out': undefined,
  }) as Record<string, string | undefined>;

describe('reading the private space itself', () => {
  it('shows the full space to active participants', async () => {
    for (const token of [owner.token, contributor.token]) {
      const data = await gqlData<{ space: SpaceView }>(
        server.url,
        SPACE,
        { id: space.id },
        { token },
      );
      expect(data.space).toMatchObject({
        name: 'Secret garden',
        description: 'Only for us',
        isPrivate: true,
      });
    }
  });

  it('shows only the name and purpose card to the invited and the requester, with their status', async () => {
    for (const [user, status] of [
      [invited, 'invited'],
      [requester, 'requested'],
    ] as const) {
      const data = await gqlData<{ space: SpaceView }>(
        server.url,
        SPACE,
        { id: space.id },
        { token: user.token },
      );
      expect(data.space).toMatchObject({
        name: 'Secret garden',
        description: 'Only for us',
        status,
        canEdit: false,
        canManage: false,
        author: null,
        totalParticipants: null,
      });
    }
  });

  it('shows its creator and participant count to active participants, who have no pending inviter', async () => {
    for (const token of [owner.token, contributor.token]) {
      const data = await gqlData<{ space: InvitationView }>(
        server.url,
        SPACE_WITH_INVITER,
        { id: space.id },
        { token },
      );
      expect(data.space).toMatchObject({
        author: { id: owner.id, displayName: 'Owner' },
        totalParticipants: 2,
        invitedBy: null,
      });
    }
  });

  it('answers NOT_FOUND to the blocked, a stranger and a signed-out visitor, as for a missing space', async () => {
    for (const token of [blocked.token, stranger.token, undefined]) {
      expect(await gqlError(server.url, SPACE, { id: space.id }, { token })).toMatchObject({
        code: 'NOT_FOUND',
        message: 'Item has been deleted',
      });
    }
    expect(await gqlError(server.url, SPACE, { id: 'missing-space' })).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('answers /get/v2?path=spaces/{id} with 404 to those who may not see it', async () => {
    for (const token of [blocked.token, stranger.token, undefined]) {
      const response = await rest(
        server.url,
        'GET',
        `/api/get/v2?path=spaces/${space.id}`,
        undefined,
        token,
      );
      expect(response.status).toBe(404);
      expect(response.body.success).toBe(false);
    }
    const seen = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=spaces/${space.id}`,
      undefined,
      contributor.token,
    );
    expect(seen.body).toMatchObject({
      success: true,
      data: { spaceId: space.id, status: 'contributor' },
    });
  });
});

describe('an invitation to the private space', () => {
  /** A second space where an admin, not the owner, invites. */
  let orchard: SpaceView;
  let admin: TestUser;
  let guest: TestUser;
  let asker: TestUser;
  beforeAll(async () => {
    const make = (displayName: string) => signUpVerified(server, { displayName });
    [admin, guest, asker] = await Promise.all([make('Admin'), make('Guest'), make('Asker')]);
    orchard = await createPrivateSpace(server, owner, {
      name: 'Quiet orchard',
      description: 'Apples for the school',
    });
    await addParticipant(server, owner, orchard.id, admin);
    await setStatus(server, owner, orchard.id, admin, 'admin');
    await invite(server, admin, orchard.id, guest);
    await askAccess(server, asker, orchard.id);
  });

  const seenBy = async (user: TestUser, spaceId: string) =>
    (
      await gqlData<{ space: InvitationView }>(
        server.url,
        SPACE_WITH_INVITER,
        { id: spaceId },
        { token: user.token },
      )
    ).space;

  it('names who invited you, and the owner only when the owner is that person', async () => {
    expect(await seenBy(guest, orchard.id)).toMatchObject({
      name: 'Quiet orchard',
      description: 'Apples for the school',
      status: 'invited',
      invitedBy: { id: admin.id, displayName: 'Admin' },
      author: null,
      totalParticipants: null,
    });
    expect(await seenBy(invited, space.id)).toMatchObject({
      status: 'invited',
      invitedBy: { id: owner.id, displayName: 'Owner' },
      author: null,
      totalParticipants: null,
    });
  });

  it('shows a requester neither an inviter, nor the owner, nor the participant count', async () => {
    expect(await seenBy(asker, orchard.id)).toMatchObject({
      status: 'requested',
      invitedBy: null,
      author: null,
      totalParticipants: null,
    });
  });

  it('shows the same over REST: /get/v2 and /spaces name the inviter, never the owner or count', async () => {
    const got = await rest<{ data: Record<string, unknown> }>(
      server.url,
      'GET',
      `/api/get/v2?path=spaces/${orchard.id}`,
      undefined,
      guest.token,
    );
    expect(got.body.data).toMatchObject({
      spaceName: 'Quiet orchard',
      description: 'Apples for the school',
      status: 'invited',
      invitedBy: { id: admin.id, displayName: 'Admin' },
      author: null,
      counters: { totalParticipants: null },
    });
    for (const [user, status] of [
      [guest, 'invited'],
      [asker, 'requested'],
      [blocked, 'blocked'],
    ] as const) {
      const listed = await rest<{ items: Record<string, unknown>[] }>(
        server.url,
        'GET',
        `/api/spaces?status=${status}`,
        undefined,
        user.token,
      );
      expect(listed.body.items.length, status).toBeGreaterThan(0);
      for (const item of listed.body.items)
        expect(item, status).toMatchObject({ author: null, counters: { totalParticipants: null } });
    }
  });

  it('shows the blocked, in their own list, neither the owner nor the participant count', async () => {
    const data = await gqlData<{ mySpaces: { items: InvitationView[] } }>(
      server.url,
      `query { mySpaces(status: blocked) { items { ${INVITATION_FIELDS} } } }`,
      {},
      { token: blocked.token },
    );
    expect(data.mySpaces.items).toEqual([
      expect.objectContaining({
        id: space.id,
        author: null,
        totalParticipants: null,
        invitedBy: null,
      }),
    ]);
  });

  it('shows the owner and the count once the invitation is accepted', async () => {
    const taker = await signUpVerified(server, { displayName: 'Taker' });
    await invite(server, admin, orchard.id, taker);
    await gqlData(server.url, ACCEPT_INVITE, { spaceId: orchard.id }, { token: taker.token });
    expect(await seenBy(taker, orchard.id)).toMatchObject({
      status: 'contributor',
      invitedBy: null,
      author: { id: owner.id },
      totalParticipants: 3,
    });
  });
});

describe('the participants of the private space', () => {
  it('are listed to active participants only', async () => {
    const data = await gqlData<{
      participants: { items: { user: { id: string } }[] };
    }>(server.url, PARTICIPANTS, { spaceId: space.id }, { token: contributor.token });
    expect(data.participants.items.map((row) => row.user.id).sort()).toEqual(
      [owner.id, contributor.id].sort(),
    );
    for (const token of [
      invited.token,
      requester.token,
      blocked.token,
      stranger.token,
      undefined,
    ]) {
      expect(
        await gqlError(server.url, PARTICIPANTS, { spaceId: space.id }, { token }),
      ).toMatchObject({ code: 'NOT_FOUND' });
      const response = await rest(
        server.url,
        'GET',
        `/api/spaces/${space.id}/participants?status=active`,
        undefined,
        token,
      );
      expect(response.status).toBe(404);
    }
  });
});

describe('the drawer lists', () => {
  it('put the space under each user’s own status only', async () => {
    const tabs = async (user: TestUser) => {
      const result: Record<string, string[]> = {};
      for (const status of ['active', 'invited', 'requested', 'blocked']) {
        const data = await gqlData<{ mySpaces: { items: { id: string }[] } }>(
          server.url,
          MY_SPACES,
          { status },
          { token: user.token },
        );
        result[status] = data.mySpaces.items.map((row) => row.id);
      }
      return result;
    };
    expect(await tabs(contributor)).toEqual({
      active: [space.id],
      invited: [],
      requested: [],
      blocked: [],
    });
    expect(await tabs(invited)).toEqual({
      active: [],
      invited: [space.id],
      requested: [],
      blocked: [],
    });
    expect(await tabs(requester)).toEqual({
      active: [],
      invited: [],
      requested: [space.id],
      blocked: [],
    });
    expect(await tabs(blocked)).toEqual({
      active: [],
      invited: [],
      requested: [],
      blocked: [space.id],
    });
    expect(await tabs(stranger)).toEqual({
      active: [],
      invited: [],
      requested: [],
      blocked: [],
    });
    expect(await gqlError(server.url, MY_SPACES, { status: 'active' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('never offer the private space as a favourite or recent space to those who cannot read it', async () => {
    for (const user of [invited, requester, blocked, stranger]) {
      expect(
        await gqlError(
          server.url,
          `mutation($s: ID!) { favoriteSpace(spaceId: $s, favorite: true) { id } }`,
          { s: space.id },
          { token: user.token },
        ),
      ).toMatchObject({
        code: 'NOT_FOUND',
      });
      const lists = await gqlData<{
        recentSpaces: { id: string }[];
        favoriteSpaces: { id: string }[];
      }>(server.url, '{ recentSpaces { id } favoriteSpaces { id } }', {}, { token: user.token });
      expect(lists).toEqual({ recentSpaces: [], favoriteSpaces: [] });
    }
  });
});

describe('entering the private space', () => {
  it('is allowed to active participants and shows it as their active space', async () => {
    await gqlData(server.url, CHANGE_SPACE, { spaceId: space.id }, { token: contributor.token });
    const me = await gqlData<{ me: { defaultSpace: { spaceId: string } } }>(
      server.url,
      '{ me { defaultSpace { spaceId } } }',
      {},
      {
        token: contributor.token,
      },
    );
    expect(me.me.defaultSpace.spaceId).toBe(space.id);
    const feed = await listStories(server, { token: contributor.token });
    expect(feed.items.map((story) => story.id)).toContain(secret.id);
  });

  it('is refused to the invited, the requester, the blocked and strangers, and to signed-out visitors', async () => {
    for (const [name, token] of Object.entries(who())) {
      if (name === 'owner' || name === 'contributor') continue;
      const error = await gqlError(server.url, CHANGE_SPACE, { spaceId: space.id }, { token });
      expect(error.code, name).toBe(token ? 'NOT_FOUND' : 'UNAUTHENTICATED');
      const response = await rest(
        server.url,
        'POST',
        '/api/user/changeSpace',
        { spaceId: space.id },
        token,
      );
      expect(response.status, name).toBe(token ? 404 : 401);
    }
  });

  it('falls back to the global feed when a participant whose active space it was gets blocked', async () => {
    const later = await signUpVerified(server, { displayName: 'Later' });
    await addParticipant(server, owner, space.id, later);
    await gqlData(server.url, CHANGE_SPACE, { spaceId: space.id }, { token: later.token });
    await setStatus(server, owner, space.id, later, 'blocked');
    const feed = await listStories(server, { token: later.token });
    expect(feed.items.map((story) => story.id)).not.toContain(secret.id);
  });
});

describe('a story posted in the private space', () => {
  const STORY = `query($id: ID!) { story(id: $id) { id } }`;
  const FEED = `query($s: ID) { stories(spaceId: $s, first: 100) { items { id } } }`;

  it('is visible to participants in the feed, by id and over REST', async () => {
    for (const token of [owner.token, contributor.token]) {
      const feed = await gqlData<{ stories: { items: { id: string }[] } }>(
        server.url,
        FEED,
        { s: space.id },
        { token },
      );
      expect(feed.stories.items.map((story) => story.id)).toContain(secret.id);
      expect(await gqlData(server.url, STORY, { id: secret.id }, { token })).toEqual({
        story: { id: secret.id },
      });
      const response = await rest(
        server.url,
        'GET',
        `/api/get/v2?path=stories/${secret.id}`,
        undefined,
        token,
      );
      expect(response.status).toBe(200);
    }
  });

  it('is invisible to the invited, the requester, the blocked, strangers and signed-out visitors', async () => {
    for (const [name, token] of Object.entries(who())) {
      if (name === 'owner' || name === 'contributor') continue;
      expect((await gqlError(server.url, STORY, { id: secret.id }, { token })).code, name).toBe(
        'NOT_FOUND',
      );
      expect((await gqlError(server.url, FEED, { s: space.id }, { token })).code, name).toBe(
        'NOT_FOUND',
      );
      const global = await gqlData<{ stories: { items: { id: string }[] } }>(
        server.url,
        FEED,
        { s: 'ww' },
        { token },
      );
      expect(
        global.stories.items.map((story) => story.id),
        name,
      ).not.toContain(secret.id);
      const byId = await rest(
        server.url,
        'GET',
        `/api/get/v2?path=stories/${secret.id}`,
        undefined,
        token,
      );
      expect(byId.status, name).toBe(404);
      const list = await rest(
        server.url,
        'GET',
        `/api/list/v2?path=stories&spaceId=${space.id}`,
        undefined,
        token,
      );
      expect(list.status, name).toBe(404);
    }
  });

  it('reaches only participants through the storyAdded subscription', async () => {
    const ADDED = `subscription($s: ID) { storyAdded(spaceId: $s) { ${STORY_FIELDS} } }`;
    const member = await subscribe<{ storyAdded: StoryView }>(
      server.url,
      ADDED,
      { s: space.id },
      { token: contributor.token },
    );
    const outsiders = await Promise.all(
      [invited.token, stranger.token].map((token) =>
        subscribe<{ storyAdded: StoryView }>(server.url, ADDED, { s: space.id }, { token }),
      ),
    );
    const globalWatcher = await subscribe<{ storyAdded: StoryView }>(server.url, ADDED, {
      s: 'ww',
    });
    try {
      const story = await postStory(server, owner, '<p>Live and hidden #garden</p>', {
        spaceId: space.id,
      });
      const [event] = await member.take(1);
      expect(event!.storyAdded.id).toBe(story.id);
      // Refused at subscribe: an error ends a graphql-ws operation, so nothing can follow it.
      for (const outsider of outsiders) {
        expect(outsider.received).toEqual([]);
        expect(JSON.stringify(outsider.errors)).toContain('NOT_FOUND');
      }
      // Events arrive in order: had the hidden story reached the global feed, it would come first.
      const open = await postStory(server, owner, '<p>Open to all #liveorder</p>');
      expect((await globalWatcher.take(1)).map((added) => added.storyAdded.id)).toEqual([open.id]);
      await gqlData(
        server.url,
        `mutation($id: ID!) { deleteStory(id: $id) }`,
        { id: open.id },
        {
          token: owner.token,
        },
      );
    } finally {
      await Promise.all([member, ...outsiders, globalWatcher].map((sub) => sub.close()));
    }
  });

  it('refuses a signed-out subscription to the private space as NOT_FOUND', async () => {
    const ADDED = `subscription($s: ID) { storyAdded(spaceId: $s) { id } }`;
    const live = await subscribe<{ storyAdded: { id: string } }>(server.url, ADDED, {
      s: space.id,
    });
    try {
      await postStory(server, owner, '<p>Still hidden #garden</p>', {
        spaceId: space.id,
      });
      // Refused at subscribe: an error ends a graphql-ws operation, so nothing can follow it.
      expect(live.received).toEqual([]);
      expect(JSON.stringify(live.errors)).toContain('Item has been deleted');
    } finally {
      await live.close();
    }
  });
});

/**
 * Someone who wrote in the private space and was then blocked, or left it, reads nothing of it,
 * so they write nothing to it either: every write answers NOT_FOUND (404 over REST), exactly as
 * for a space that does not exist, and changes nothing.
 */
describe('a participant blocked from (or gone from) the private space after writing there', () => {
  const UPDATE = `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id } }`;
  const DELETE = `mutation($id: ID!) { deleteStory(id: $id) }`;
  let admin: TestUser;
  let leaver: TestUser;
  const written = new Map<string, { published: StoryView; draft: StoryView; pending: StoryView }>();

  const storyRow = async (id: string) =>
    (await server.deps.db.select().from(stories).where(eq(stories.id, id)))[0];
  const formerMembers = () => [
    { who: 'blocked admin', user: admin },
    { who: 'departed member', user: leaver },
  ];
  const storiesOf = (user: TestUser) => written.get(user.id)!;

  beforeAll(async () => {
    [admin, leaver] = await Promise.all([
      signUpVerified(server, { displayName: 'Former admin' }),
      signUpVerified(server, { displayName: 'Leaver' }),
    ]);
    for (const user of [admin, leaver]) {
      await addParticipant(server, owner, space.id, user);
      const post = (html: string, options: { isDraft?: boolean; isAnonymousPost?: boolean }) =>
        postStory(server, user, html, { spaceId: space.id, ...options });
      written.set(user.id, {
        published: await post('<p>Our watering rota #garden</p>', {}),
        draft: await post('<p>Half-written plans #garden</p>', { isDraft: true }),
        pending: await post('<p>Who took the hoses? #garden</p>', { isAnonymousPost: true }),
      });
    }
    await setStatus(server, owner, space.id, admin, 'admin');
    await setStatus(server, owner, space.id, admin, 'blocked');
    await gqlData(
      server.url,
      'mutation($s: ID!) { leaveSpace(spaceId: $s) }',
      { s: space.id },
      { token: leaver.token },
    );
  });

  it('cannot edit their own stories there, over GraphQL or REST, and the stories stay as they were', async () => {
    for (const { who, user } of formerMembers()) {
      for (const story of Object.values(storiesOf(user))) {
        const before = await storyRow(story.id);
        const input = { story: '<p>Rewritten from outside #garden</p>' };
        const error = await gqlError(
          server.url,
          UPDATE,
          { id: story.id, input },
          { token: user.token },
        );
        expect(error.code, who).toBe('NOT_FOUND');
        const patched = await rest(
          server.url,
          'PATCH',
          `/api/stories/${story.id}`,
          { data: input },
          user.token,
        );
        expect(patched.status, who).toBe(404);
        expect(await storyRow(story.id), who).toEqual(before);
      }
    }
  });

  it('cannot publish an old draft there: refused, still a draft, and members receive nothing live', async () => {
    const ADDED = `subscription($s: ID) { storyAdded(spaceId: $s) { id } }`;
    const members = await Promise.all(
      [owner, contributor].map((user) =>
        subscribe<{ storyAdded: { id: string } }>(
          server.url,
          ADDED,
          { s: space.id },
          { token: user.token },
        ),
      ),
    );
    try {
      for (const { who, user } of formerMembers()) {
        const { draft, pending } = storiesOf(user);
        const publish = { isDraft: false };
        expect(
          (
            await gqlError(
              server.url,
              UPDATE,
              { id: draft.id, input: publish },
              { token: user.token },
            )
          ).code,
          who,
        ).toBe('NOT_FOUND');
        const patched = await rest(
          server.url,
          'PATCH',
          `/api/stories/${draft.id}`,
          { data: publish },
          user.token,
        );
        expect(patched.status, who).toBe(404);
        // Naming a pending anonymous post would publish it without moderation: refused too.
        const named = await gql(
          server.url,
          UPDATE,
          { id: pending.id, input: { isAnonymousPost: false } },
          { token: user.token },
        );
        expect(named.errors?.[0]?.extensions?.code, who).toBe('NOT_FOUND');
        expect(await storyRow(draft.id), who).toMatchObject({ isDraft: true });
        expect(await storyRow(pending.id), who).toMatchObject({ isApproved: false });
      }
      // Events arrive in order: a story the refused writes published would come before this one.
      const marker = await postStory(server, owner, '<p>Still ours #liveorder</p>', {
        spaceId: space.id,
      });
      for (const member of members)
        expect((await member.take(1)).map((added) => added.storyAdded.id)).toEqual([marker.id]);
      await gqlData(
        server.url,
        `mutation($id: ID!) { deleteStory(id: $id) }`,
        { id: marker.id },
        {
          token: owner.token,
        },
      );
    } finally {
      await Promise.all(members.map((member) => member.close()));
    }
  });

  it('cannot delete their own stories there; members still read them', async () => {
    for (const { who, user } of formerMembers()) {
      const { published } = storiesOf(user);
      expect(
        (await gqlError(server.url, DELETE, { id: published.id }, { token: user.token })).code,
        who,
      ).toBe('NOT_FOUND');
      const deleted = await rest(
        server.url,
        'DELETE',
        `/api/stories/${published.id}`,
        undefined,
        user.token,
      );
      expect(deleted.status, who).toBe(404);
      const seen = await gqlData<{ story: { id: string } }>(
        server.url,
        `query($id: ID!) { story(id: $id) { id } }`,
        { id: published.id },
        { token: contributor.token },
      );
      expect(seen.story.id, who).toBe(published.id);
    }
  });

  it('cannot move a story onto the space’s problems, nor post a new story there', async () => {
    const problem = await postProblem(server, owner, 'Hose theft #garden', {
      spaceId: space.id,
    });
    for (const { who, user } of formerMembers()) {
      const { published } = storiesOf(user);
      const moved = await gql(
        server.url,
        UPDATE,
        { id: published.id, input: { problemId: problem.id } },
        { token: user.token },
      );
      expect(moved.errors?.[0]?.extensions?.code, who).toBe('NOT_FOUND');
      expect(await storyRow(published.id), who).toMatchObject({ problemId: null });
      for (const options of [{ spaceId: space.id }, { problemId: problem.id }]) {
        const posted = await gql(
          server.url,
          `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
          { input: { story: '<p>Sneaking back in #garden</p>', ...options } },
          { token: user.token },
        );
        expect(posted.errors?.[0]?.extensions?.code, who).toBe('NOT_FOUND');
      }
      const rows = await server.deps.db.select().from(stories).where(eq(stories.authorId, user.id));
      expect(rows, who).toHaveLength(3);
    }
  });

  it('no longer find those stories in their own lists (my stories, drafts, anonymous)', async () => {
    for (const { who, user } of formerMembers()) {
      for (const list of ['mystories', 'mydrafts', 'anonymous'] as const) {
        const page = await listStories(server, { token: user.token, list });
        expect(page.items, `${who} ${list}`).toEqual([]);
      }
      const story = storiesOf(user).draft;
      expect(
        (
          await gqlError(
            server.url,
            `query($id: ID!) { story(id: $id) { id } }`,
            { id: story.id },
            { token: user.token },
          )
        ).code,
        who,
      ).toBe('NOT_FOUND');
    }
  });

  it('cannot follow a tag through the space, nor one used only there; nothing is followed', async () => {
    for (const { who, user } of formerMembers()) {
      const throughSpace = await gql(
        server.url,
        `mutation($tag: ID!, $s: ID) { followTag(tag: $tag, spaceId: $s) { id } }`,
        { tag: 'compost', s: space.id },
        { token: user.token },
      );
      expect(throughSpace.errors?.[0]?.extensions?.code, who).toBe('NOT_FOUND');
      const privateTag = await rest(
        server.url,
        'POST',
        '/api/tags/follow',
        { id: 'garden' },
        user.token,
      );
      expect(privateTag.status, who).toBe(404);
      const follows = await server.deps.db
        .select()
        .from(tagFollows)
        .where(eq(tagFollows.userId, user.id));
      expect(follows, who).toEqual([]);
    }
  });

  it('can do nothing to the space itself: invite, answer requests, change statuses, edit, delete, leave or join', async () => {
    const statuses = async () =>
      (
        await server.deps.db
          .select({ userId: spaceParticipants.userId, status: spaceParticipants.status })
          .from(spaceParticipants)
          .where(eq(spaceParticipants.spaceId, space.id))
      ).sort((a, b) => a.userId.localeCompare(b.userId));
    const before = await statuses();
    const s = space.id;
    for (const { who, user } of formerMembers()) {
      const token = user.token;
      for (const [query, variables] of [
        [
          'mutation($s: ID!, $u: [ID!]!) { sendInvites(spaceId: $s, userIds: $u) }',
          { s, u: [stranger.id] },
        ],
        [
          'mutation($s: ID!, $u: ID!) { approveRequest(spaceId: $s, userId: $u) }',
          { s, u: requester.id },
        ],
        [
          'mutation($s: ID!, $u: ID!) { denyRequest(spaceId: $s, userId: $u) }',
          { s, u: requester.id },
        ],
        [SET_STATUS, { spaceId: s, userId: contributor.id, status: 'blocked' }],
        ['mutation($s: ID!) { updateSpace(id: $s, input: { name: "Taken over" }) { id } }', { s }],
        ['mutation($s: ID!) { deleteSpace(id: $s) }', { s }],
        ['mutation($s: ID!) { leaveSpace(spaceId: $s) }', { s }],
        ['mutation($s: ID!) { acceptInvite(spaceId: $s) { id } }', { s }],
      ] as const) {
        const result = await gql(server.url, query, variables, { token });
        expect(result.errors?.[0]?.extensions?.code, `${who}: ${query}`).toBe('NOT_FOUND');
      }
      for (const [method, path, body] of [
        ['POST', '/api/spaces/sendInvites', { spaceId: s, userIds: [stranger.id] }],
        [
          'POST',
          `/api/spaces/${s}/participants/status`,
          { userId: contributor.id, status: 'blocked' },
        ],
        ['PATCH', `/api/spaces/${s}`, { data: { name: 'Taken over' } }],
        ['DELETE', `/api/spaces/${s}`, undefined],
        ['POST', `/api/spaces/${s}/leave`, {}],
        ['POST', `/api/spaces/${s}/join`, {}],
      ] as const) {
        const response = await rest(server.url, method, path, body, token);
        expect(response.status, `${who}: ${method} ${path}`).toBe(404);
      }
    }
    expect(await statuses()).toEqual(before);
    const still = await gqlData<{ space: SpaceView }>(
      server.url,
      SPACE,
      { id: s },
      { token: owner.token },
    );
    expect(still.space.name).toBe('Secret garden');
  });

  it('cannot ask for access again once blocked', async () => {
    const blockedAsk = await gql(
      server.url,
      'mutation($s: ID!) { requestAccess(spaceId: $s) }',
      { s: space.id },
      { token: admin.token },
    );
    expect(blockedAsk.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const own = await server.deps.db
      .select({ status: spaceParticipants.status })
      .from(spaceParticipants)
      .where(and(eq(spaceParticipants.spaceId, space.id), eq(spaceParticipants.userId, admin.id)));
    expect(own).toEqual([{ status: 'blocked' }]);
  });
});
