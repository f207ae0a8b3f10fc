import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_MESSAGES } from '@rules';
import { createAdmin } from '../../server/src/admin/create-admin';
import { moderationActions } from '../../server/src/db/schema';
import { makeAdmin } from '../../server/src/modules/moderation/moderation-roles.service';
import { gql, gqlData, gqlError, rest, subscribe } from '../helpers/clients';
import {
  CREATE_STORY,
  ME_ROLES,
  PENDING_POSTS,
  SET_MODERATOR,
  STORY,
  STORY_FIELDS,
  SUSPEND_USER,
  UNSUSPEND_USER,
  addComment,
  createPrivateSpace,
  giveSiteRole,
  moderate,
  postStory,
  signUpVerified,
  suspend,
  uniqueEmail,
  type StoryView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, startTestServerOn, type TestServer } from '../helpers/server';

/**
 * Roles (moderator, admin; admin:create and ADMIN_EMAILS), suspension (reads yes, writes no, told
 * until when) and anonymous posts waiting for approval.
 */
let server: TestServer;
let admin: TestUser;
let moderator: TestUser;
let person: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [admin, moderator, person] = await Promise.all([
    signUpVerified(server, { displayName: 'Admin' }),
    signUpVerified(server, { displayName: 'Moderator' }),
    signUpVerified(server, { displayName: 'Person' }),
  ]);
  await makeAdmin(server.deps.db, admin.email);
  await giveSiteRole(server, moderator, 'moderator');
}, 120_000);

afterAll(() => server?.stop());

const rolesOf = async (user: TestUser) =>
  (
    await gqlData<{
      me: { isModerator: boolean; isAdmin: boolean; suspendedUntil: string | null };
    }>(server.url, ME_ROLES, {}, { token: user.token })
  ).me;

describe('roles', () => {
  it('shows the roles on me and on GET /user/userinfo', async () => {
    expect(await rolesOf(admin)).toMatchObject({
      isModerator: true,
      isAdmin: true,
      suspendedUntil: null,
    });
    expect(await rolesOf(person)).toMatchObject({
      isModerator: false,
      isAdmin: false,
      suspendedUntil: null,
    });
    const info = await rest<{ user: { isModerator: boolean; isAdmin: boolean } }>(
      server.url,
      'GET',
      '/api/user/userinfo',
      undefined,
      moderator.token,
    );
    expect(info.body.user).toMatchObject({ isModerator: true, isAdmin: false });
  });

  it('lets admins grant and revoke moderator, recording each; nobody else', async () => {
    const candidate = await signUpVerified(server);
    for (const [user, code] of [
      [null, 'UNAUTHENTICATED'],
      [person, 'FORBIDDEN'],
      [moderator, 'FORBIDDEN'],
    ] as const) {
      const error = await gqlError(
        server.url,
        SET_MODERATOR,
        { userId: candidate.id, moderator: true },
        { token: user?.token },
      );
      expect(error.code).toBe(code);
    }
    const granted = await gqlData<{ setModerator: { isModerator: boolean } }>(
      server.url,
      SET_MODERATOR,
      { userId: candidate.id, moderator: true },
      { token: admin.token },
    );
    expect(granted.setModerator.isModerator).toBe(true);
    expect((await rolesOf(candidate)).isModerator).toBe(true);
    await gqlData(
      server.url,
      SET_MODERATOR,
      { userId: candidate.id, moderator: false },
      { token: admin.token },
    );
    expect((await rolesOf(candidate)).isModerator).toBe(false);
    const recorded = await server.deps.db
      .select({ action: moderationActions.action, actorId: moderationActions.actorId })
      .from(moderationActions)
      .where(eq(moderationActions.targetUserId, candidate.id))
      .orderBy(moderationActions.createdAt);
    expect(recorded).toEqual([
      { action: 'grantModerator', actorId: admin.id },
      { action: 'revokeModerator', actorId: admin.id },
    ]);
  });

  it('admin:create makes an existing account admin and says so when there is none', async () => {
    const someone = await signUpVerified(server);
    await makeAdmin(server.deps.db, someone.email.toUpperCase());
    expect(await rolesOf(someone)).toMatchObject({ isAdmin: true, isModerator: true });

    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bumps-admin-create-'));
    try {
      const result = await createAdmin('nobody@example.test', {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
      });
      expect(result).toEqual({
        ok: false,
        message: `${REPORT_MESSAGES.noSuchAccount}: nobody@example.test`,
      });
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('ADMIN_EMAILS makes the listed accounts admins once verified', async () => {
    const email = uniqueEmail('boss');
    const other = await startTestServerOn(undefined, {
      ADMIN_EMAILS: ` ${email.toUpperCase()} ,x@y.z`,
    });
    try {
      const boss = await signUpVerified(other, { email });
      const me = await gqlData<{ me: { isAdmin: boolean; isModerator: boolean } }>(
        other.url,
        ME_ROLES,
        {},
        { token: boss.token },
      );
      expect(me.me).toMatchObject({ isAdmin: true, isModerator: true });
    } finally {
      await other.stop();
    }
  }, 60_000);
});

describe('suspension', () => {
  it('refuses signed-out visitors and plain users, and never suspends an admin or oneself', async () => {
    const until = new Date(Date.now() + 3600_000).toISOString();
    expect((await gqlError(server.url, SUSPEND_USER, { userId: person.id, until })).code).toBe(
      'UNAUTHENTICATED',
    );
    for (const [user, target] of [
      [person, moderator],
      [moderator, admin],
      [moderator, moderator],
    ] as const) {
      const error = await gqlError(
        server.url,
        SUSPEND_USER,
        { userId: target.id, until },
        { token: user.token },
      );
      expect(error.code).toBe('FORBIDDEN');
    }
    const past = await gqlError(
      server.url,
      SUSPEND_USER,
      { userId: person.id, until: new Date(Date.now() - 1000).toISOString() },
      { token: moderator.token },
    );
    expect(past).toMatchObject({ code: 'BAD_USER_INPUT', message: REPORT_MESSAGES.untilInvalid });
  });

  it('lets a suspended person read but not write, says until when, and unsuspending restores', async () => {
    const target = await signUpVerified(server);
    const story = await postStory(server, target, '<p>Before #calm</p>');
    const until = await suspend(server, moderator, target, 48);
    const date = `${until.slice(0, 16).replace('T', ' ')} UTC`;
    const message = REPORT_MESSAGES.suspended.replace('{{date}}', date);

    expect((await rolesOf(target)).suspendedUntil).toBe(until);
    const refused = await gql(
      server.url,
      CREATE_STORY,
      { input: { story: '<p>After #calm</p>' } },
      { token: target.token },
    );
    expect(refused.errors?.[0]).toMatchObject({
      message,
      extensions: { code: 'FORBIDDEN', suspendedUntil: until },
    });
    for (const write of [
      () => addComment(server, target, { itemType: 'stories', itemId: story.id }),
      () => postStory(server, target, '<p>Again #calm</p>'),
    ])
      await expect(write()).rejects.toThrow(/suspended until/u);
    const overRest = await rest(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>Rest #calm</p>' } },
      target.token,
    );
    expect(overRest.status).toBe(403);
    expect(overRest.body.error).toMatchObject({
      code: 'FORBIDDEN',
      message,
      suspendedUntil: until,
    });
    const reportRefused = await rest(
      server.url,
      'POST',
      '/api/reports',
      { path: 'users', documentID: person.id, tags: ['fake'] },
      target.token,
    );
    expect(reportRefused.status).toBe(403);

    // Reading goes on.
    const read = await gqlData<{ story: StoryView }>(
      server.url,
      STORY,
      { id: story.id },
      {
        token: target.token,
      },
    );
    expect(read.story.id).toBe(story.id);

    const restored = await gqlData<{ unsuspendUser: { suspendedUntil: string | null } }>(
      server.url,
      UNSUSPEND_USER,
      { userId: target.id },
      { token: moderator.token },
    );
    expect(restored.unsuspendUser.suspendedUntil).toBeNull();
    await postStory(server, target, '<p>Back #calm</p>');
  });

  it('suspends over REST with POST /moderation/suspend', async () => {
    const target = await signUpVerified(server);
    const until = new Date(Date.now() + 3600_000).toISOString();
    const plain = await rest(
      server.url,
      'POST',
      '/api/moderation/suspend',
      { userId: target.id, until },
      person.token,
    );
    expect(plain.status).toBe(403);
    const done = await rest<{ data: { suspendedUntil: string } }>(
      server.url,
      'POST',
      '/api/moderation/suspend',
      { userId: target.id, until },
      moderator.token,
    );
    expect(done.status).toBe(200);
    expect(done.body.data.suspendedUntil).toBe(until);
    const refused = await rest(
      server.url,
      'POST',
      '/api/stories',
      { data: { story: '<p>x #y</p>' } },
      target.token,
    );
    expect(refused.status).toBe(403);
  });
});

describe('anonymous posts waiting for approval', () => {
  it('lists them to moderators only, with who posted', async () => {
    const story = await postStory(server, person, '<p>Anonymous worry #wells</p>', {
      isAnonymousPost: true,
    });
    expect(story.isApproved).toBe(false);
    const refused = await gql(server.url, PENDING_POSTS, {}, { token: person.token });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    const pending = await gqlData<{
      pendingPosts: {
        items: {
          itemId: string;
          itemType: string;
          route: string;
          excerpt: string;
          author: { id: string };
        }[];
      };
    }>(server.url, PENDING_POSTS, {}, { token: moderator.token });
    expect(pending.pendingPosts.items).toContainEqual({
      itemType: 'stories',
      itemId: story.id,
      route: `/story/${story.id}`,
      excerpt: 'Anonymous worry #wells',
      author: { id: person.id, displayName: 'Person' },
      spaceId: story.spaceId,
      spaceName: expect.any(String),
      createdAt: expect.any(String),
    });
  });

  it('approval makes the story appear live in a subscriber’s feed, and in lists', async () => {
    const subscriber = await signUpVerified(server);
    const story = await postStory(server, person, '<p>Please approve #wells</p>', {
      isAnonymousPost: true,
    });
    const feed = await subscribe<{ storyAdded: StoryView }>(
      server.url,
      `subscription { storyAdded { ${STORY_FIELDS} } }`,
      {},
      { token: subscriber.token },
    );
    try {
      const before = await gql(server.url, STORY, { id: story.id }, { token: subscriber.token });
      expect(before.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
      const plain = await gqlError(
        server.url,
        `mutation($id: ID!) { moderateItem(action: approve, itemType: stories, itemId: $id) }`,
        { id: story.id },
        { token: subscriber.token },
      );
      expect(plain.code).toBe('FORBIDDEN');
      await moderate(server, moderator, 'approve', { itemType: 'stories', itemId: story.id });
      const [added] = await feed.take(1, 3000);
      expect(added!.storyAdded).toMatchObject({
        id: story.id,
        isApproved: true,
        author: { displayName: 'Anonymous' },
      });
      const after = await gqlData<{ story: StoryView }>(
        server.url,
        STORY,
        { id: story.id },
        {
          token: subscriber.token,
        },
      );
      expect(after.story.isApproved).toBe(true);
      const pending = await gqlData<{ pendingPosts: { items: { itemId: string }[] } }>(
        server.url,
        PENDING_POSTS,
        {},
        { token: moderator.token },
      );
      expect(pending.pendingPosts.items.map((item) => item.itemId)).not.toContain(story.id);
    } finally {
      await feed.close();
    }
  });

  it('rejecting keeps it unapproved and hidden: its author sees it marked, nobody else', async () => {
    const story = await postStory(server, person, '<p>Reject me #wells</p>', {
      isAnonymousPost: true,
    });
    await moderate(server, moderator, 'reject', { itemType: 'stories', itemId: story.id });
    const own = await gqlData<{ story: { isApproved: boolean; isHidden: boolean } }>(
      server.url,
      `query($id: ID!) { story(id: $id) { isApproved isHidden } }`,
      { id: story.id },
      { token: person.token },
    );
    expect(own.story).toEqual({ isApproved: false, isHidden: true });
    const pending = await gqlData<{ pendingPosts: { items: { itemId: string }[] } }>(
      server.url,
      PENDING_POSTS,
      {},
      { token: moderator.token },
    );
    expect(pending.pendingPosts.items.map((item) => item.itemId)).not.toContain(story.id);
  });

  it("lets a private space's owner approve their space's anonymous posts", async () => {
    const owner = await signUpVerified(server);
    const member = await signUpVerified(server);
    const space = await createPrivateSpace(server, owner, {
      members: [{ user: member, status: 'contributor' }],
    });
    const story = await postStory(server, member, '<p>Inside #wells</p>', {
      isAnonymousPost: true,
      spaceId: space.id,
    });
    const siteQueue = await gqlData<{ pendingPosts: { items: { itemId: string }[] } }>(
      server.url,
      PENDING_POSTS,
      {},
      { token: moderator.token },
    );
    expect(siteQueue.pendingPosts.items.map((item) => item.itemId)).not.toContain(story.id);
    const spaceQueue = await gqlData<{ pendingPosts: { items: { itemId: string }[] } }>(
      server.url,
      PENDING_POSTS,
      { spaceId: space.id },
      { token: owner.token },
    );
    expect(spaceQueue.pendingPosts.items.map((item) => item.itemId)).toEqual([story.id]);
    const approved = await rest(
      server.url,
      'POST',
      '/api/moderation/approve',
      { path: `stories/${story.id}` },
      owner.token,
    );
    expect(approved.status).toBe(200);
    const read = await gqlData<{ story: { isApproved: boolean } }>(
      server.url,
      `query($id: ID!) { story(id: $id) { isApproved } }`,
      { id: story.id },
      { token: owner.token },
    );
    expect(read.story.isApproved).toBe(true);
  });
});
