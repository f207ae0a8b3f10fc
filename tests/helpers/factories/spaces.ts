import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Spaces built over GraphQL, as people do it. */

export const SPACE_FIELDS = `
  id spaceId name code kind isPrivate description img status favorite canEdit canManage totalParticipants createdAt
  author { id displayName photoURL role }
`;

export interface SpaceView {
  id: string;
  spaceId: string;
  name: string;
  code: string | null;
  kind: string;
  isPrivate: boolean;
  description: string | null;
  img: string | null;
  status: string | null;
  favorite: boolean;
  canEdit: boolean;
  canManage: boolean;
  totalParticipants: number;
  createdAt: string;
  author: {
    id: string;
    displayName: string;
    photoURL: string;
    role: string;
  } | null;
}

export const CREATE_SPACE = `mutation($input: CreateSpaceInput!) { createSpace(input: $input) { ${SPACE_FIELDS} } }`;
export const SPACE = `query($id: ID!) { space(id: $id) { ${SPACE_FIELDS} } }`;
export const SEND_INVITES = `mutation($spaceId: ID!, $userIds: [ID!]!) { sendInvites(spaceId: $spaceId, userIds: $userIds) }`;
export const ACCEPT_INVITE = `mutation($spaceId: ID!) { acceptInvite(spaceId: $spaceId) { id status } }`;
export const REQUEST_ACCESS = `mutation($spaceId: ID!) { requestAccess(spaceId: $spaceId) }`;
export const SET_STATUS = `mutation($spaceId: ID!, $userId: ID!, $status: AssignableParticipantStatus!) {
  setParticipantStatus(spaceId: $spaceId, userId: $userId, status: $status) { spaceId status user { id displayName } }
}`;
export const PARTICIPANTS = `query($spaceId: ID!, $status: ParticipantFilter, $first: Int, $after: String) {
  participants(spaceId: $spaceId, status: $status, first: $first, after: $after) {
    items { spaceId status createdAt user { id displayName photoURL role } } last
  }
}`;
export const MY_SPACES = `query($status: SpaceListStatus) { mySpaces(status: $status) { items { ${SPACE_FIELDS} } last } }`;
export const CHANGE_SPACE = `mutation($spaceId: ID!) { changeSpace(spaceId: $spaceId) { id name } }`;

/** What a member of a private space can be, other than its owner. */
export type MemberStatus = 'admin' | 'contributor' | 'invited' | 'requested' | 'blocked';

export interface PrivateSpaceOptions {
  name?: string;
  description?: string;
  /** People in the space besides `owner`, each brought to their status as people do it. */
  members?: { user: TestUser; status: MemberStatus }[];
}

/**
 * A private space created by `owner` over GraphQL, with `members` brought to their statuses the
 * way people get there: invited (and accepted, for contributors, admins and blocked people), a
 * request for access, then the owner's status change for admins and blocked people.
 */
export async function createPrivateSpace(
  server: TestServer,
  owner: TestUser,
  options: PrivateSpaceOptions = {},
) {
  const { members = [], ...input } = options;
  const data = await gqlData<{ createSpace: SpaceView }>(
    server.url,
    CREATE_SPACE,
    {
      input: {
        name: input.name ?? 'Water committee',
        description: input.description ?? 'Clean wells',
      },
    },
    { token: owner.token },
  );
  const space = data.createSpace;
  for (const { user, status } of members) {
    if (status === 'requested') {
      await askAccess(server, user, space.id);
      continue;
    }
    await invite(server, owner, space.id, user);
    if (status === 'invited') continue;
    await gqlData(server.url, ACCEPT_INVITE, { spaceId: space.id }, { token: user.token });
    if (status !== 'contributor') await setStatus(server, owner, space.id, user, status);
  }
  return space;
}

/** `owner` invites `user`, who accepts: the user becomes a contributor. */
export async function addParticipant(
  server: TestServer,
  owner: TestUser,
  spaceId: string,
  user: TestUser,
) {
  await invite(server, owner, spaceId, user);
  await gqlData(server.url, ACCEPT_INVITE, { spaceId }, { token: user.token });
}

export async function invite(server: TestServer, owner: TestUser, spaceId: string, user: TestUser) {
  return gqlData<{ sendInvites: number }>(
    server.url,
    SEND_INVITES,
    { spaceId, userIds: [user.id] },
    { token: owner.token },
  );
}

export async function askAccess(server: TestServer, user: TestUser, spaceId: string) {
  return gqlData<{ requestAccess: string }>(
    server.url,
    REQUEST_ACCESS,
    { spaceId },
    { token: user.token },
  );
}

export async function setStatus(
  server: TestServer,
  actor: TestUser,
  spaceId: string,
  user: TestUser,
  status: string,
) {
  return gqlData(
    server.url,
    SET_STATUS,
    { spaceId, userId: user.id, status },
    { token: actor.token },
  );
}
