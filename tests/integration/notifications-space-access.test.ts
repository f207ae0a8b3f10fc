import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDigests } from '../../server/src/modules/notifications/digest.service';
import { gqlData, gqlError, mailsTo, subscribe, type Mail } from '../helpers/clients';
import {
  ACCEPT_INVITE,
  NOTIFICATIONS_CHANGED,
  SET_SPACE_NOTIFICATIONS,
  askAccess,
  createPrivateSpace,
  listNotificationsOverRest,
  notificationsOfKind,
  savePushSubscription,
  setStatus,
  signUpVerified,
  type NotificationsChangedView,
  type TestUser,
} from '../helpers/factories';
import { startPushEndpoint, type PushEndpoint } from '../helpers/push-endpoint';
import { refusedAsMissing } from '../helpers/refusals';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * A private space's name reaches a person only while they may read it (space.policy: its
 * participants, and the people invited or asking to join). Space notifications stay listed after
 * an invitation is answered, but once the person is blocked, leaves or is turned down, none of
 * them names the space: not the list, the REST row, the live event, Web Push or the digest. The
 * per-space notifications switch is for people who may read the space's content.
 */
let server: TestServer;
let pushService: PushEndpoint;
beforeAll(async () => {
  [server, pushService] = await Promise.all([startTestServer(), startPushEndpoint()]);
  server.deps.config.pushAgent = pushService.agent;
});
afterAll(async () => {
  await server?.stop();
  await pushService?.close();
});

const SECRET = 'Secret garden';
type DigestMail = Mail & { headers?: Record<string, string> };
const people = (count: number) =>
  Promise.all(Array.from({ length: count }, () => signUpVerified(server)));

/** The person's invitation notification over GraphQL and its REST row. */
async function invitationOf(user: TestUser) {
  const [listed] = await notificationsOfKind(server, user, 'invite');
  const rows = await listNotificationsOverRest(server, user.id, user.token);
  const row = rows.body.items.find((item) => item.kind === 'invite');
  return { listed, row };
}

async function expectNamed(user: TestUser, spaceName: string | null) {
  const { listed, row } = await invitationOf(user);
  expect(listed).toMatchObject({ kind: 'invite', spaceName });
  expect(row).toMatchObject({ kind: 'invite', spaceName });
}

describe('space notifications name the space only while the person may read its name', () => {
  it('an invitee blocked before answering keeps the invitation, without the name', async () => {
    const [owner, invitee] = (await people(2)) as [TestUser, TestUser];
    const space = await createPrivateSpace(server, owner, {
      name: SECRET,
      members: [{ user: invitee, status: 'invited' }],
    });
    await expectNamed(invitee, SECRET);

    await setStatus(server, owner, space.id, invitee, 'blocked');
    await expectNamed(invitee, null);
  });

  it('a declined invitation stays listed without the name', async () => {
    const [owner, invitee] = (await people(2)) as [TestUser, TestUser];
    const space = await createPrivateSpace(server, owner, {
      name: SECRET,
      members: [{ user: invitee, status: 'invited' }],
    });
    await gqlData(
      server.url,
      `mutation($spaceId: ID!) { declineInvite(spaceId: $spaceId) }`,
      { spaceId: space.id },
      { token: invitee.token },
    );
    await expectNamed(invitee, null);
  });

  it('an accepted invitation names the space while the person is in it, not after they leave', async () => {
    const [owner, member] = (await people(2)) as [TestUser, TestUser];
    const space = await createPrivateSpace(server, owner, {
      name: SECRET,
      members: [{ user: member, status: 'contributor' }],
    });
    await expectNamed(member, SECRET);

    await gqlData(
      server.url,
      `mutation($spaceId: ID!) { leaveSpace(spaceId: $spaceId) }`,
      { spaceId: space.id },
      { token: member.token },
    );
    await expectNamed(member, null);
  });

  it('a turned-down request is told live, by push and in the digest, without the name', async () => {
    const [owner, asker] = (await people(2)) as [TestUser, TestUser];
    const space = await createPrivateSpace(server, owner, { name: SECRET });
    const browser = pushService.subscription();
    await savePushSubscription(server, asker, browser.json);
    await askAccess(server, asker, space.id);
    const live = await subscribe<NotificationsChangedView>(
      server.url,
      NOTIFICATIONS_CHANGED,
      {},
      { token: asker.token },
    );
    try {
      await gqlData(
        server.url,
        `mutation($spaceId: ID!, $userId: ID!) { denyRequest(spaceId: $spaceId, userId: $userId) }`,
        { spaceId: space.id, userId: asker.id },
        { token: owner.token },
      );
      const [event] = await live.take(1);
      expect(event!.notificationsChanged.notification).toMatchObject({
        kind: 'joinAnswer',
        status: 'declined',
        spaceId: space.id,
        spaceName: null,
      });
    } finally {
      await live.close();
    }

    await expect.poll(() => pushService.requestsTo(browser).length).toBe(1);
    const pushed = browser.decrypt(pushService.requestsTo(browser)[0]!);
    expect(pushed).toMatchObject({ url: `/space/${space.id}/info` });
    expect(JSON.stringify(pushed)).not.toContain(SECRET);
    // The sentence still reads whole: the space is 'a private space', not a blank.
    expect(JSON.stringify(pushed)).toContain('your request to join a private space');

    await sendDigests(server.deps, new Date(Date.now() + 25 * 3600_000));
    const [digest] = (mailsTo(server.dataDir, asker.email) as DigestMail[]).filter(
      (mail) => mail.headers?.['List-Unsubscribe'] !== undefined,
    );
    expect(digest?.text).toContain(`/space/${space.id}/info`);
    expect(digest!.text).not.toContain(SECRET);
    expect(digest!.text).toContain('your request to join a private space');
    expect(await notificationsOfKind(server, asker, 'joinAnswer')).toHaveLength(1);
  });
});

describe('the per-space notifications switch', () => {
  let invitee: TestUser;
  let asker: TestUser;
  let member: TestUser;
  let spaceId: string;
  beforeAll(async () => {
    const [owner, ...rest] = (await people(4)) as [TestUser, TestUser, TestUser, TestUser];
    [invitee, asker, member] = rest;
    spaceId = (
      await createPrivateSpace(server, owner, {
        name: SECRET,
        members: [
          { user: invitee, status: 'invited' },
          { user: asker, status: 'requested' },
          { user: member, status: 'contributor' },
        ],
      })
    ).id;
  });

  it('is refused to an invitee and a requester as for a missing space, and not offered them', async () => {
    for (const outsider of [invitee, asker]) {
      const refused = refusedAsMissing(() => ({ server, token: outsider.token }));
      await refused.graphql(SET_SPACE_NOTIFICATIONS, { spaceId, on: true });
      const missing = await gqlError(
        server.url,
        SET_SPACE_NOTIFICATIONS,
        { spaceId: 'no-such-space', on: true },
        { token: outsider.token },
      );
      const hidden = await gqlError(
        server.url,
        SET_SPACE_NOTIFICATIONS,
        { spaceId, on: true },
        { token: outsider.token },
      );
      expect(hidden).toEqual(missing);
      const seen = await gqlData<{
        space: { name: string; notificationsOn: boolean; canSwitchNotifications: boolean };
      }>(
        server.url,
        `query($id: ID!) { space(id: $id) { name notificationsOn canSwitchNotifications } }`,
        { id: spaceId },
        { token: outsider.token },
      );
      expect(seen.space).toEqual({
        name: SECRET,
        notificationsOn: false,
        canSwitchNotifications: false,
      });
    }
  });

  it('is offered to a participant, and switches', async () => {
    const on = await gqlData<{ setSpaceNotifications: { notificationsOn: boolean } }>(
      server.url,
      SET_SPACE_NOTIFICATIONS,
      { spaceId, on: true },
      { token: member.token },
    );
    expect(on.setSpaceNotifications.notificationsOn).toBe(true);
    const seen = await gqlData<{ space: { canSwitchNotifications: boolean } }>(
      server.url,
      `query($id: ID!) { space(id: $id) { canSwitchNotifications } }`,
      { id: spaceId },
      { token: member.token },
    );
    expect(seen.space.canSwitchNotifications).toBe(true);
    // Accepting the invitation makes the invitee a reader: now it is theirs to switch.
    await gqlData(server.url, ACCEPT_INVITE, { spaceId }, { token: invitee.token });
    await gqlData(
      server.url,
      SET_SPACE_NOTIFICATIONS,
      { spaceId, on: true },
      { token: invitee.token },
    );
  });
});
