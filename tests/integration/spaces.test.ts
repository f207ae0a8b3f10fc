import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  postStory,
  signUpVerified,
  type TestUser,
  ACCEPT_INVITE,
  CHANGE_SPACE,
  CREATE_SPACE,
  MY_SPACES,
  PARTICIPANTS,
  REQUEST_ACCESS,
  SEND_INVITES,
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

let server: TestServer;
let owner: TestUser;
let admin: TestUser;
let member: TestUser;
let stranger: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [owner, admin, member, stranger] = await Promise.all([
    signUpVerified(server, { displayName: 'Olivia Owner' }),
    signUpVerified(server, { displayName: 'Adam Admin' }),
    signUpVerified(server, { displayName: 'Mina Member' }),
    signUpVerified(server, { displayName: 'Sam Stranger' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const mySpaces = async (user: TestUser, status = 'active') =>
  (
    await gqlData<{ mySpaces: { items: SpaceView[] } }>(
      server.url,
      MY_SPACES,
      { status },
      { token: user.token },
    )
  ).mySpaces.items;
const participantsOf = async (user: TestUser, spaceId: string, status = 'active') =>
  (
    await gqlData<{
      participants: { items: { status: string; user: { id: string } }[] };
    }>(server.url, PARTICIPANTS, { spaceId, status }, { token: user.token })
  ).participants.items.map((row) => ({ id: row.user.id, status: row.status }));

describe('creating a private space', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, CREATE_SPACE, { input: { name: 'Nope' } })).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Please sign in',
    });
    const response = await rest(server.url, 'POST', '/api/spaces', {
      data: { name: 'Nope' },
    });
    expect(response.status).toBe(401);
    expect(response.body.success).toBe(false);
  });

  it('creates a private space whose creator is its owner', async () => {
    const space = await createPrivateSpace(server, owner, {
      name: '  Farmers of Guntur ',
      description: 'Share seeds',
    });
    expect(space).toMatchObject({
      name: 'Farmers of Guntur',
      description: 'Share seeds',
      kind: 'private',
      isPrivate: true,
      status: 'owner',
      canEdit: true,
      canManage: true,
      favorite: false,
      totalParticipants: 1,
      img: null,
      author: { id: owner.id, displayName: 'Olivia Owner' },
    });
    expect(space.spaceId).toBe(space.id);
    expect((await mySpaces(owner)).map((row) => row.id)).toContain(space.id);
  });

  it('creates over REST with {data:{name, description, isPrivate}} and answers {success, data}', async () => {
    const response = await rest<{ data: SpaceView }>(
      server.url,
      'POST',
      '/api/spaces',
      {
        data: { name: 'REST space', description: 'Via REST', isPrivate: true },
      },
      owner.token,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      success: true,
      data: {
        name: 'REST space',
        description: 'Via REST',
        isPrivate: true,
        status: 'owner',
        spaceId: expect.any(String),
      },
    });
  });

  it('refuses a missing, blank or too long name and a too long purpose, storing nothing', async () => {
    const before = (await mySpaces(admin)).length;
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: '' }, 'Name is required', 'name'],
      [{ name: '    ' }, 'Name is required', 'name'],
      [{ name: 'x'.repeat(151) }, 'Name must be at most 150 characters', 'name'],
      [
        { name: 'Ok', description: 'y'.repeat(256) },
        'Purpose must be at most 255 characters',
        'description',
      ],
    ];
    for (const [input, message, field] of cases) {
      expect(
        await gqlError(server.url, CREATE_SPACE, { input }, { token: admin.token }),
      ).toMatchObject({
        code: 'BAD_USER_INPUT',
        message,
        field,
      });
    }
    const missing = await rest(server.url, 'POST', '/api/spaces', { data: {} }, admin.token);
    expect(missing.status).toBe(422);
    expect(missing.body.error).toMatchObject({
      message: 'Name is required',
      field: 'name',
    });
    expect(await mySpaces(admin)).toHaveLength(before);
  });

  it('accepts exactly 150 characters of name and 255 of purpose', async () => {
    const space = await createPrivateSpace(server, admin, {
      name: 'n'.repeat(150),
      description: 'p'.repeat(255),
    });
    expect(space.name).toHaveLength(150);
    expect(space.description).toHaveLength(255);
  });
});

describe('editing and deleting a space', () => {
  let space: SpaceView;
  beforeAll(async () => {
    space = await createPrivateSpace(server, owner, { name: 'Editable' });
    await addParticipant(server, owner, space.id, admin);
    await setStatus(server, owner, space.id, admin, 'admin');
    await addParticipant(server, owner, space.id, member);
  });
  const UPDATE = `mutation($id: ID!, $input: UpdateSpaceInput!) { updateSpace(id: $id, input: $input) { id name description isPrivate } }`;
  const DELETE = `mutation($id: ID!) { deleteSpace(id: $id) }`;

  it('lets only the owner edit; an admin or contributor is refused, a stranger finds nothing', async () => {
    for (const user of [admin, member]) {
      expect(
        await gqlError(
          server.url,
          UPDATE,
          { id: space.id, input: { name: 'Hacked' } },
          { token: user.token },
        ),
      ).toMatchObject({
        code: 'FORBIDDEN',
      });
    }
    expect(
      await gqlError(
        server.url,
        UPDATE,
        { id: space.id, input: { name: 'Hacked' } },
        { token: stranger.token },
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    const updated = await gqlData<{
      updateSpace: { name: string; description: string };
    }>(
      server.url,
      UPDATE,
      { id: space.id, input: { name: 'Renamed', description: 'New purpose' } },
      { token: owner.token },
    );
    expect(updated.updateSpace).toMatchObject({
      name: 'Renamed',
      description: 'New purpose',
    });
    expect(
      await gqlError(
        server.url,
        UPDATE,
        { id: space.id, input: { name: ' ' } },
        { token: owner.token },
      ),
    ).toMatchObject({
      message: 'Name is required',
    });
  });

  it('edits over REST with PATCH {data} and answers {success, data}', async () => {
    const response = await rest(
      server.url,
      'PATCH',
      `/api/spaces/${space.id}`,
      { data: { description: 'Patched' } },
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      success: true,
      data: { spaceId: space.id, name: 'Renamed', description: 'Patched' },
    });
  });

  it('deletes the space with its stories for the owner only', async () => {
    const doomed = await createPrivateSpace(server, owner, { name: 'Doomed' });
    const story = await postStory(server, owner, '<p>Inside #doomed</p>', {
      spaceId: doomed.id,
    });
    expect(
      await gqlError(server.url, DELETE, { id: doomed.id }, { token: member.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(await gqlData(server.url, DELETE, { id: doomed.id }, { token: owner.token })).toEqual({
      deleteSpace: true,
    });
    expect(
      await gqlError(server.url, SPACE, { id: doomed.id }, { token: owner.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    const byId = await rest(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
      undefined,
      owner.token,
    );
    expect(byId.status).toBe(404);
  });

  it('deletes over REST answering {success}', async () => {
    const doomed = await createPrivateSpace(server, owner, {
      name: 'Doomed REST',
    });
    const refused = await rest(
      server.url,
      'DELETE',
      `/api/spaces/${doomed.id}`,
      undefined,
      stranger.token,
    );
    expect(refused.status).toBe(404);
    const response = await rest(
      server.url,
      'DELETE',
      `/api/spaces/${doomed.id}`,
      undefined,
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
  });
});

describe('invitations', () => {
  let space: SpaceView;
  beforeAll(async () => {
    space = await createPrivateSpace(server, owner, { name: 'Invite club' });
  });

  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(server.url, SEND_INVITES, {
        spaceId: space.id,
        userIds: [member.id],
      }),
    ).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('invites users once, ignoring the inviter and anyone already in the space; the invitee sees the count', async () => {
    const first = await gqlData<{ sendInvites: number }>(
      server.url,
      SEND_INVITES,
      { spaceId: space.id, userIds: [member.id, owner.id, 'no-such-user'] },
      { token: owner.token },
    );
    expect(first.sendInvites).toBe(1);
    expect((await invite(server, owner, space.id, member)).sendInvites).toBe(0);
    expect(await participantsOf(owner, space.id, 'invited')).toEqual([
      { id: member.id, status: 'invited' },
    ]);
    expect((await mySpaces(member, 'invited')).map((row) => row.id)).toEqual([space.id]);
    const count = await gqlData<{ spaceInviteCount: number }>(
      server.url,
      '{ spaceInviteCount }',
      {},
      { token: member.token },
    );
    expect(count.spaceInviteCount).toBe(1);
  });

  it('shows the invitee the space name and purpose with status invited', async () => {
    const seen = await gqlData<{ space: SpaceView }>(
      server.url,
      SPACE,
      { id: space.id },
      { token: member.token },
    );
    expect(seen.space).toMatchObject({
      name: 'Invite club',
      status: 'invited',
      canEdit: false,
      canManage: false,
    });
  });

  it('refuses an empty invitation list and a contributor inviting', async () => {
    expect(
      await gqlError(
        server.url,
        SEND_INVITES,
        { spaceId: space.id, userIds: [] },
        { token: owner.token },
      ),
    ).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Choose at least one user to invite',
    });
    const other = await createPrivateSpace(server, owner, {
      name: 'Contributors cannot invite',
    });
    await addParticipant(server, owner, other.id, admin);
    expect(
      await gqlError(
        server.url,
        SEND_INVITES,
        { spaceId: other.id, userIds: [stranger.id] },
        { token: admin.token },
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
    expect(
      await gqlError(
        server.url,
        SEND_INVITES,
        { spaceId: other.id, userIds: [admin.id] },
        { token: stranger.token },
      ),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('accepting makes the invitee a contributor who can read the space', async () => {
    const accepted = await gqlData<{ acceptInvite: { status: string } }>(
      server.url,
      ACCEPT_INVITE,
      { spaceId: space.id },
      { token: member.token },
    );
    expect(accepted.acceptInvite.status).toBe('contributor');
    expect((await mySpaces(member)).map((row) => row.id)).toContain(space.id);
    expect(
      await gqlError(server.url, ACCEPT_INVITE, { spaceId: space.id }, { token: member.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('declining removes the invitation', async () => {
    await invite(server, owner, space.id, stranger);
    expect(
      await gqlData(
        server.url,
        'mutation($s: ID!) { declineInvite(spaceId: $s) }',
        { s: space.id },
        { token: stranger.token },
      ),
    ).toEqual({
      declineInvite: true,
    });
    expect(await mySpaces(stranger, 'invited')).toEqual([]);
    expect(
      await gqlError(server.url, SPACE, { id: space.id }, { token: stranger.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends invites over REST {userIds, spaceId} answering {success} and joins with /spaces/{id}/join', async () => {
    const other = await createPrivateSpace(server, owner, {
      name: 'REST invites',
    });
    const response = await rest(
      server.url,
      'POST',
      '/api/spaces/sendInvites',
      { userIds: [stranger.id], spaceId: other.id },
      owner.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true });
    const join = await rest(server.url, 'POST', `/api/spaces/${other.id}/join`, {}, stranger.token);
    expect(join.body).toMatchObject({
      success: true,
      data: { spaceId: other.id, status: 'contributor' },
    });
    const leave = await rest(
      server.url,
      'POST',
      `/api/spaces/${other.id}/leave`,
      {},
      stranger.token,
    );
    expect(leave.body).toEqual({ success: true });
    expect(
      await gqlError(server.url, SPACE, { id: other.id }, { token: stranger.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('requesting access', () => {
  let space: SpaceView;
  beforeAll(async () => {
    space = await createPrivateSpace(server, owner, {
      name: 'Requests welcome',
    });
  });

  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, REQUEST_ACCESS, { spaceId: space.id })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    const response = await rest(server.url, 'POST', '/api/spaces/request/access', {
      requestedSpaceId: space.id,
    });
    expect(response.status).toBe(401);
  });

  it('records a request once; the requester sees the space name, owners see the request', async () => {
    expect((await askAccess(server, stranger, space.id)).requestAccess).toBe('requested');
    expect((await askAccess(server, stranger, space.id)).requestAccess).toBe('requested');
    expect((await mySpaces(stranger, 'requested')).map((row) => row.id)).toEqual([space.id]);
    expect(
      (
        await gqlData<{ space: SpaceView }>(
          server.url,
          SPACE,
          { id: space.id },
          { token: stranger.token },
        )
      ).space.status,
    ).toBe('requested');
    expect(await participantsOf(owner, space.id, 'requested')).toEqual([
      { id: stranger.id, status: 'requested' },
    ]);
  });

  it('refuses a request to a public space, from a participant, or to an unknown space', async () => {
    expect(
      await gqlError(server.url, REQUEST_ACCESS, { spaceId: 'ww' }, { token: stranger.token }),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'This space is public: enter it directly',
    });
    expect(
      await gqlError(server.url, REQUEST_ACCESS, { spaceId: space.id }, { token: owner.token }),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'You are already a participant of this space',
    });
    expect(
      await gqlError(server.url, REQUEST_ACCESS, { spaceId: 'nope' }, { token: owner.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
  });

  it('lets the owner approve (contributor) or deny (removed)', async () => {
    const APPROVE = `mutation($s: ID!, $u: ID!) { approveRequest(spaceId: $s, userId: $u) }`;
    const DENY = `mutation($s: ID!, $u: ID!) { denyRequest(spaceId: $s, userId: $u) }`;
    expect(
      await gqlError(
        server.url,
        APPROVE,
        { s: space.id, u: stranger.id },
        { token: stranger.token },
      ),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    await gqlData(server.url, APPROVE, { s: space.id, u: stranger.id }, { token: owner.token });
    expect(await participantsOf(owner, space.id)).toContainEqual({
      id: stranger.id,
      status: 'contributor',
    });

    await askAccess(server, member, space.id);
    await gqlData(server.url, DENY, { s: space.id, u: member.id }, { token: owner.token });
    expect(await participantsOf(owner, space.id, 'all')).not.toContainEqual(
      expect.objectContaining({ id: member.id }),
    );
  });

  it('lets a requester withdraw the request', async () => {
    const other = await createPrivateSpace(server, owner, { name: 'Withdrawn' });
    await askAccess(server, admin, other.id);
    await gqlData(
      server.url,
      'mutation($s: ID!) { leaveSpace(spaceId: $s) }',
      { s: other.id },
      { token: admin.token },
    );
    expect(await mySpaces(admin, 'requested')).not.toContainEqual(
      expect.objectContaining({ id: other.id }),
    );
    expect(await participantsOf(owner, other.id, 'requested')).toEqual([]);
  });

  it('requests over REST {requestedSpaceId} answering {success, data}', async () => {
    const other = await createPrivateSpace(server, owner, {
      name: 'REST request',
    });
    const response = await rest(
      server.url,
      'POST',
      '/api/spaces/request/access',
      { requestedSpaceId: other.id },
      member.token,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      success: true,
      data: { spaceId: other.id, status: 'requested' },
    });
  });
});

describe('participant statuses', () => {
  let space: SpaceView;
  beforeAll(async () => {
    space = await createPrivateSpace(server, owner, { name: 'Statuses' });
    await addParticipant(server, owner, space.id, admin);
    await addParticipant(server, owner, space.id, member);
  });

  it('lets the owner make an admin, who may block and unblock contributors', async () => {
    const made = await gqlData<{ setParticipantStatus: { status: string } }>(
      server.url,
      SET_STATUS,
      { spaceId: space.id, userId: admin.id, status: 'admin' },
      { token: owner.token },
    );
    expect(made.setParticipantStatus.status).toBe('admin');
    await setStatus(server, admin, space.id, member, 'blocked');
    expect(await participantsOf(admin, space.id, 'blocked')).toEqual([
      { id: member.id, status: 'blocked' },
    ]);
    expect(
      await gqlError(server.url, SPACE, { id: space.id }, { token: member.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
    expect(
      await gqlError(server.url, REQUEST_ACCESS, { spaceId: space.id }, { token: member.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    await setStatus(server, admin, space.id, member, 'contributor');
    expect(
      (
        await gqlData<{ space: SpaceView }>(
          server.url,
          SPACE,
          { id: space.id },
          { token: member.token },
        )
      ).space.status,
    ).toBe('contributor');
  });

  it('keeps the owner fixed, admins to the owner, and one’s own status out of reach', async () => {
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { spaceId: space.id, userId: owner.id, status: 'blocked' },
        { token: admin.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'The owner cannot be demoted or blocked',
    });
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { spaceId: space.id, userId: member.id, status: 'admin' },
        { token: admin.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Only the owner can make or change admins',
    });
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { spaceId: space.id, userId: owner.id, status: 'contributor' },
        { token: owner.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'You cannot change your own status',
    });
    expect(
      await gqlError(
        server.url,
        SET_STATUS,
        { spaceId: space.id, userId: admin.id, status: 'blocked' },
        { token: member.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await participantsOf(owner, space.id)).toEqual(
      expect.arrayContaining([
        { id: owner.id, status: 'owner' },
        { id: admin.id, status: 'admin' },
        { id: member.id, status: 'contributor' },
      ]),
    );
  });

  it('lets a participant leave but not the owner', async () => {
    const LEAVE = `mutation($s: ID!) { leaveSpace(spaceId: $s) }`;
    expect(
      await gqlError(server.url, LEAVE, { s: space.id }, { token: owner.token }),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'The owner cannot leave the space',
    });
    await gqlData(server.url, CHANGE_SPACE, { spaceId: space.id }, { token: member.token });
    expect(await gqlData(server.url, LEAVE, { s: space.id }, { token: member.token })).toEqual({
      leaveSpace: true,
    });
    // Their active space falls back to the global one.
    const me = await gqlData<{ me: { defaultSpace: { spaceId: string } } }>(
      server.url,
      '{ me { defaultSpace { spaceId } } }',
      {},
      { token: member.token },
    );
    expect(me.me.defaultSpace.spaceId).toBe('ww');
    expect(
      await gqlError(server.url, LEAVE, { s: space.id }, { token: member.token }),
    ).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('participants list', () => {
  let space: SpaceView;
  beforeAll(async () => {
    space = await createPrivateSpace(server, owner, { name: 'Listed' });
    await addParticipant(server, owner, space.id, member);
    await invite(server, owner, space.id, admin);
  });

  it('lists active participants to participants, newest first, without e-mails', async () => {
    expect(await participantsOf(member, space.id)).toEqual([
      { id: member.id, status: 'contributor' },
      { id: owner.id, status: 'owner' },
    ]);
  });

  it('shows invited, requested and blocked only to owners and admins', async () => {
    expect(
      await gqlError(
        server.url,
        PARTICIPANTS,
        { spaceId: space.id, status: 'invited' },
        { token: member.token },
      ),
    ).toMatchObject({
      code: 'FORBIDDEN',
    });
    expect(await participantsOf(owner, space.id, 'invited')).toEqual([
      { id: admin.id, status: 'invited' },
    ]);
  });

  it('does not list the members of the global space', async () => {
    expect(
      await gqlError(server.url, PARTICIPANTS, { spaceId: 'ww' }, { token: member.token }),
    ).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Members of public spaces are not listed',
    });
  });

  it('answers GET /spaces/{id}/participants?status=active with {success, participants}', async () => {
    const response = await rest<{ participants: unknown[] }>(
      server.url,
      'GET',
      `/api/spaces/${space.id}/participants?status=active`,
      undefined,
      member.token,
    );
    expect(response.status).toBe(200);
    expect(response.body.success).toBe(true);
    expect(response.body.participants).toEqual([
      {
        spaceId: space.id,
        status: 'contributor',
        author: expect.objectContaining({
          id: member.id,
          displayName: 'Mina Member',
        }),
        createdAt: expect.any(String),
      },
      expect.objectContaining({
        status: 'owner',
        author: expect.objectContaining({ id: owner.id }),
      }),
    ]);
    expect(JSON.stringify(response.body)).not.toContain('@');
  });

  it('answers /list/v2?path=participants with {success, items, last}', async () => {
    const response = await rest<{ items: unknown[]; last: string | null }>(
      server.url,
      'GET',
      `/api/list/v2?path=participants&spaceId=${space.id}`,
      undefined,
      owner.token,
    );
    expect(response.body).toMatchObject({ success: true, last: null });
    expect(response.body.items).toHaveLength(2);
  });
});

describe('user search for invites', () => {
  const SEARCH = `query($q: String!, $s: ID) { searchUsers(query: $q, spaceId: $s) { items { id displayName photoURL role } last } }`;

  it('asks a signed-out visitor to sign in', async () => {
    expect(await gqlError(server.url, SEARCH, { q: 'Mina' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
  });

  it('needs a name: "Enter a name to search"', async () => {
    expect(await gqlError(server.url, SEARCH, { q: '  ' }, { token: owner.token })).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Enter a name to search',
      field: 'query',
    });
  });

  it('finds 2-letter names: below 3 characters a whole name or word matches, not a part', async () => {
    const [li, liWei, alice] = await Promise.all([
      signUpVerified(server, { displayName: 'Li' }),
      signUpVerified(server, { displayName: 'Wei Li' }),
      signUpVerified(server, { displayName: 'Alice Oliver' }),
    ]);
    const ids = async (q: string) =>
      (
        await gqlData<{ searchUsers: { items: { id: string }[] } }>(
          server.url,
          SEARCH,
          { q },
          { token: owner.token },
        )
      ).searchUsers.items
        .map((user) => user.id)
        .sort();
    expect(await ids('li')).toEqual([li.id, liWei.id].sort());
    expect(await ids(' LI ')).toEqual([li.id, liWei.id].sort());
    // From 3 characters on, any part of a name matches, as before.
    expect(await ids('lic')).toEqual([alice.id]);
    const rows = await rest<{ items: { id: string }[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=users&query=Li',
      undefined,
      owner.token,
    );
    expect(rows.status).toBe(200);
    expect(rows.body.items.map((user) => user.id).sort()).toEqual([li.id, liWei.id].sort());
  });

  it('tells people of one name apart: photo, when they joined and profile tags, never an e-mail', async () => {
    const [first, second] = await Promise.all([
      signUpVerified(server, { displayName: 'Twin Name' }),
      signUpVerified(server, { displayName: 'Twin Name' }),
    ]);
    await gqlData(
      server.url,
      `mutation($tags: [String!]!) { setProfileTags(tags: $tags) }`,
      { tags: ['farming', 'water', 'roads', 'schools'] },
      { token: second.token },
    );
    const found = await gqlData<{
      searchUsers: { items: { id: string; joinedAt: string; profileTags: string[] }[] };
    }>(
      server.url,
      `query($q: String!) { searchUsers(query: $q) { items { id displayName photoURL joinedAt profileTags } } }`,
      { q: 'twin' },
      { token: owner.token },
    );
    const byId = new Map(found.searchUsers.items.map((user) => [user.id, user]));
    expect(byId.get(first.id)).toMatchObject({ profileTags: [] });
    // The first few profile tags, enough to tell people apart.
    expect(byId.get(second.id)).toMatchObject({ profileTags: ['farming', 'water', 'roads'] });
    expect(Date.parse(byId.get(second.id)!.joinedAt)).toBeGreaterThan(Date.now() - 60 * 60_000);
    expect(JSON.stringify(found)).not.toContain('@');
  });

  it('matches display names, without the searcher and without those already in the space', async () => {
    const found = await gqlData<{ searchUsers: { items: { id: string }[] } }>(
      server.url,
      SEARCH,
      { q: 'mem' },
      { token: owner.token },
    );
    expect(found.searchUsers.items.map((user) => user.id)).toEqual([member.id]);
    const space = await createPrivateSpace(server, owner, { name: 'Search' });
    await invite(server, owner, space.id, member);
    const excluded = await gqlData<{
      searchUsers: { items: { id: string }[] };
    }>(server.url, SEARCH, { q: 'mem', s: space.id }, { token: owner.token });
    expect(excluded.searchUsers.items).toEqual([]);
    const self = await gqlData<{ searchUsers: { items: { id: string }[] } }>(
      server.url,
      SEARCH,
      { q: 'Olivia' },
      { token: owner.token },
    );
    expect(self.searchUsers.items).toEqual([]);
  });

  it('answers /list/v2?path=users&query= with {success, items, last} and no e-mails', async () => {
    const response = await rest<{
      items: Record<string, unknown>[];
      last: string | null;
    }>(server.url, 'GET', '/api/list/v2?path=users&query=Stranger', undefined, owner.token);
    expect(response.body).toEqual({
      success: true,
      items: [
        {
          id: stranger.id,
          displayName: 'Sam Stranger',
          photoURL: '',
          role: 'person',
          joinedAt: expect.any(String),
          profileTags: [],
        },
      ],
      last: null,
      lastScannedWhen: null,
    });
    const blank = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=users&query=',
      undefined,
      owner.token,
    );
    expect(blank.status).toBe(422);
  });
});

describe('the active space, recent and favourite spaces', () => {
  const ME = '{ me { defaultSpace { spaceId spaceName } } }';
  const RECENT = '{ recentSpaces { id } }';
  const FAVORITES = '{ favoriteSpaces { id favorite } }';
  const FAVORITE = `mutation($s: ID!, $f: Boolean!) { favoriteSpace(spaceId: $s, favorite: $f) { id favorite } }`;

  it('asks a signed-out visitor to sign in, and lists nothing for them', async () => {
    expect(await gqlError(server.url, CHANGE_SPACE, { spaceId: 'in' })).toMatchObject({
      code: 'UNAUTHENTICATED',
    });
    expect(
      await gqlData(server.url, `{ recentSpaces { id } favoriteSpaces { id } spaceInviteCount }`),
    ).toEqual({
      recentSpaces: [],
      favoriteSpaces: [],
      spaceInviteCount: 0,
    });
    const response = await rest(server.url, 'POST', '/api/user/changeSpace', {
      spaceId: 'in',
    });
    expect(response.status).toBe(401);
  });

  it('switches the active space and remembers the three most recent', async () => {
    const user = await signUpVerified(server, { displayName: 'Traveller' });
    for (const spaceId of ['in', 'fr', 'ke', 'br']) {
      await gqlData(server.url, CHANGE_SPACE, { spaceId }, { token: user.token });
    }
    const me = await gqlData<{
      me: { defaultSpace: { spaceId: string; spaceName: string } };
    }>(server.url, ME, {}, { token: user.token });
    expect(me.me.defaultSpace).toEqual({ spaceId: 'br', spaceName: 'Brazil' });
    const recent = await gqlData<{ recentSpaces: { id: string }[] }>(
      server.url,
      RECENT,
      {},
      { token: user.token },
    );
    expect(recent.recentSpaces.map((space) => space.id)).toEqual(['br', 'ke', 'fr']);
  });

  it('switches over REST /user/changeSpace {spaceName, spaceId, isPrivate, code} answering {success}', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/user/changeSpace',
      { spaceName: 'India', spaceId: 'in', isPrivate: false, code: 'in' },
      stranger.token,
    );
    expect(response.body).toEqual({ success: true });
    const me = await gqlData<{ me: { defaultSpace: { spaceId: string } } }>(
      server.url,
      ME,
      {},
      { token: stranger.token },
    );
    expect(me.me.defaultSpace.spaceId).toBe('in');
  });

  it('refuses an unknown space, keeping the active one', async () => {
    expect(
      await gqlError(server.url, CHANGE_SPACE, { spaceId: 'no-such' }, { token: stranger.token }),
    ).toMatchObject({
      code: 'NOT_FOUND',
    });
    const me = await gqlData<{ me: { defaultSpace: { spaceId: string } } }>(
      server.url,
      ME,
      {},
      { token: stranger.token },
    );
    expect(me.me.defaultSpace.spaceId).toBe('in');
  });

  it('marks and unmarks favourites', async () => {
    const marked = await gqlData<{ favoriteSpace: { favorite: boolean } }>(
      server.url,
      FAVORITE,
      { s: 'fr', f: true },
      { token: admin.token },
    );
    expect(marked.favoriteSpace.favorite).toBe(true);
    expect(
      (
        await gqlData<{ favoriteSpaces: { id: string }[] }>(
          server.url,
          FAVORITES,
          {},
          { token: admin.token },
        )
      ).favoriteSpaces,
    ).toEqual([{ id: 'fr', favorite: true }]);
    await gqlData(server.url, FAVORITE, { s: 'fr', f: false }, { token: admin.token });
    expect(
      (
        await gqlData<{ favoriteSpaces: unknown[] }>(
          server.url,
          FAVORITES,
          {},
          { token: admin.token },
        )
      ).favoriteSpaces,
    ).toEqual([]);
  });

  it('marks favourites over REST {customSpaceId, favorite} answering {success}', async () => {
    const response = await rest(
      server.url,
      'POST',
      '/api/spaces/favorite',
      { customSpaceId: 'ke', favorite: true },
      admin.token,
    );
    expect(response.body).toEqual({ success: true });
    const bad = await rest(
      server.url,
      'POST',
      '/api/spaces/favorite',
      { customSpaceId: 'ke' },
      admin.token,
    );
    expect(bad.status).toBe(422);
  });
});

describe('country spaces and detection', () => {
  const COUNTRIES = `query($sort: CountrySpaceSort, $after: String) { countrySpaces(sort: $sort, first: 100, after: $after) { items { id name code kind } last } }`;

  async function all(sort: string) {
    const items: { id: string; name: string }[] = [];
    let after: string | null = null;
    do {
      const page: {
        countrySpaces: {
          items: { id: string; name: string }[];
          last: string | null;
        };
      } = await gqlData(server.url, COUNTRIES, {
        sort,
        after,
      });
      items.push(...page.countrySpaces.items);
      after = page.countrySpaces.last;
    } while (after);
    return items;
  }

  it('lists every country by name A-Z and by code Z-A, page after page', async () => {
    const byName = await all('countryNamesAZ');
    expect(byName.length).toBeGreaterThan(200);
    expect(new Set(byName.map((space) => space.id)).size).toBe(byName.length);
    const names = byName.map((space) => space.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byCode = await all('countryCodesZA');
    expect(byCode.map((space) => space.id)).toEqual(
      byName
        .map((space) => space.id)
        .sort()
        .reverse(),
    );
  });

  it('detects over GraphQL too', async () => {
    const data = await gqlData<{ a: { id: string }; b: { id: string } }>(
      server.url,
      '{ a: detectSpace(code: "ke") { id } b: detectSpace { id } }',
    );
    expect(data).toEqual({ a: { id: 'ke' }, b: { id: 'ww' } });
  });

  it('detects the country space of a code, else the global space, over /apiv1/spaces/detect', async () => {
    const india = await rest(server.url, 'GET', '/apiv1/spaces/detect?code=IN');
    expect(india.body).toEqual({
      success: true,
      space: { name: 'India', spaceId: 'in', code: 'in' },
    });
    const none = await rest(server.url, 'GET', '/apiv1/spaces/detect');
    expect(none.body).toEqual({
      success: true,
      space: { name: 'Global', spaceId: 'ww', code: 'ww' },
    });
    const unknown = await rest(server.url, 'GET', '/apiv1/spaces/detect?code=zz');
    expect(unknown.body).toMatchObject({ space: { spaceId: 'ww' } });
  });
});

describe('REST space reads', () => {
  it('answers GET /spaces with {success, items}: the viewer’s spaces with their status', async () => {
    const space = await createPrivateSpace(server, stranger, {
      name: 'Mine over REST',
    });
    const response = await rest<{
      items: { spaceId: string; status: string }[];
    }>(server.url, 'GET', '/api/spaces', undefined, stranger.token);
    expect(response.body.success).toBe(true);
    expect(response.body.items).toContainEqual(
      expect.objectContaining({
        spaceId: space.id,
        status: 'owner',
        name: 'Mine over REST',
      }),
    );
    const signedOut = await rest(server.url, 'GET', '/api/spaces');
    expect(signedOut.body).toEqual({ success: true, items: [] });
  });

  it('answers /get/v2?path=spaces/{id} with {success, data}', async () => {
    const response = await rest(server.url, 'GET', '/api/get/v2?path=spaces/ww');
    expect(response.body).toMatchObject({
      success: true,
      data: {
        id: 'ww',
        spaceId: 'ww',
        name: 'Global',
        code: 'ww',
        isPrivate: false,
        status: null,
        favorite: false,
      },
    });
  });
});
