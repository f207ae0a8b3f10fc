import { eq } from 'drizzle-orm';
import { users } from '../../../server/src/db/schema';
import { gql, rest, type GqlResult } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Admin lists, manage pages, analytics and the space export, as tests call them. */

/**
 * Site roles as `npm run admin:create` and ADMIN_EMAILS give them: a flag on the account, read by
 * the next request's session. (Admins then grant moderator through setModerator.)
 */
export async function giveSiteRole(
  server: TestServer,
  user: TestUser,
  role: 'admin' | 'moderator',
) {
  await server.deps.db
    .update(users)
    .set(role === 'admin' ? { isAdmin: true } : { isModerator: true })
    .where(eq(users.id, user.id));
}

export const ADMIN_USER_FIELDS =
  'id displayName email photoURL role isModerator isAdmin suspendedUntil createdAt';

export const ADMIN_USERS = `query($query: String, $first: Int, $after: String) {
  adminUsers(query: $query, first: $first, after: $after) { items { ${ADMIN_USER_FIELDS} } last }
}`;

export const ADMIN_SPACES = `query($query: String, $first: Int, $after: String) {
  adminSpaces(query: $query, first: $first, after: $after) {
    items { id name code kind isPrivate totalParticipants totalItems createdAt } last
  }
}`;

const DAILY_FIELDS = 'day stories problems solutions skills people';

export const MANAGE_OVERVIEW = `query($spaceId: ID!, $days: Int) {
  manageOverview(spaceId: $spaceId, days: $days) {
    spaceId days daily { ${DAILY_FIELDS} }
    totalStories totalProblems totalSolutions totalSkills totalPeople
  }
}`;

export const MANAGE_USERS = `query($spaceId: ID!, $first: Int, $after: String) {
  manageUsers(spaceId: $spaceId, first: $first, after: $after) {
    items { person { id displayName } joinedAt status } last
  }
}`;

export const SPACE_ANALYTICS = `query($spaceId: ID!, $days: Int) {
  spaceAnalytics(spaceId: $spaceId, days: $days) {
    spaceId days daily { ${DAILY_FIELDS} }
    topTags { tag count }
    activeParticipants { person { id displayName } items comments }
  }
}`;

export interface AdminUserView {
  id: string;
  displayName: string;
  email: string;
  role: string;
  isModerator: boolean;
  isAdmin: boolean;
  suspendedUntil: string | null;
  createdAt: string;
}

export interface AdminSpaceView {
  id: string;
  name: string;
  code: string | null;
  kind: string;
  isPrivate: boolean;
  totalParticipants: number;
  totalItems: number;
  createdAt: string;
}

export interface DailyCountView {
  day: string;
  stories: number;
  problems: number;
  solutions: number;
  skills: number;
  people: number | null;
}

export interface ManageOverviewView {
  spaceId: string;
  days: number;
  daily: DailyCountView[];
  totalStories: number;
  totalProblems: number;
  totalSolutions: number;
  totalSkills: number;
  totalPeople: number;
}

export interface SpaceAnalyticsView {
  spaceId: string;
  days: number;
  daily: DailyCountView[];
  topTags: { tag: string; count: number }[];
  activeParticipants: {
    person: { id: string; displayName: string };
    items: number;
    comments: number;
  }[];
}

/** Runs one of the queries above as `user` (signed out without one). */
export const adminQuery = <T>(
  server: TestServer,
  query: string,
  variables: Record<string, unknown>,
  user?: TestUser,
): Promise<GqlResult<T>> => gql<T>(server.url, query, variables, { token: user?.token });

/** Today's point of a daily series (the last one: series run oldest first, up to today, UTC). */
export const today = (daily: DailyCountView[]) => daily[daily.length - 1]!;

/** The export document, as far as tests read it. */
export interface SpaceExportView {
  space: { id: string; name: string; kind: string; isPrivate: boolean };
  participants: { userId: string; displayName: string; status: string }[];
  stories: { id: string; story: string; authorId: string | null }[];
  problems: { id: string; name: string; parts: { name: string }[] }[];
  solutions: { id: string; name: string }[];
  skills: { id: string; name: string }[];
  comments: { id: string; itemId: string; authorId: string }[];
}

/** GET /api/spaces/{id}/export as `user`: status, the attachment header and the parsed document. */
export async function exportSpace(server: TestServer, spaceId: string, user?: TestUser) {
  const response = await rest<SpaceExportView>(
    server.url,
    'GET',
    `/api/spaces/${encodeURIComponent(spaceId)}/export`,
    undefined,
    user?.token,
  );
  return {
    status: response.status,
    disposition: response.headers.get('content-disposition'),
    body: response.body,
  };
}
