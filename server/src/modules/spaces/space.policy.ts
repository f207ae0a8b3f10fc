import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVE_PARTICIPANT_STATUSES } from '@rules';
import { spaceParticipants, spaces } from '../../db/schema';

// One list for server and client: the rule lives in schema/rules, re-exported beside the SQL that uses it.
export { ACTIVE_PARTICIPANT_STATUSES };

/** Owners and admins manage a space's participants (invite, approve, block) and moderate it. */
export const MANAGER_STATUSES = ['owner', 'admin'] as const;

/** SQL condition on `space_participants`: an active participant (owner, admin, contributor). */
export function isActiveMember(): SQL {
  return inArray(spaceParticipants.status, [...ACTIVE_PARTICIPANT_STATUSES]);
}

/**
 * SQL condition on `space_participants`: the row is an active participant of the space `spaceId`
 * (an id, or a column the subquery correlates with).
 */
export function activeMemberIn(spaceId: string | AnyPgColumn): SQL {
  return and(eq(spaceParticipants.spaceId, spaceId), isActiveMember())!;
}

/** SQL condition on `space_participants`: the row is an owner or admin of the space `spaceId`. */
export function spaceManagers(spaceId: string | AnyPgColumn): SQL {
  return and(
    eq(spaceParticipants.spaceId, spaceId),
    inArray(spaceParticipants.status, [...MANAGER_STATUSES]),
  )!;
}

/**
 * Who reads, as the SQL rules see them: the signed-in viewer (or just their id), a placeholder for
 * it in a prepared statement, or null when signed out.
 */
export type SqlViewer = { id: string | Placeholder } | null;

/**
 * SQL condition on the `spaces` table: the viewer may read this space's content. Public spaces are
 * open to everyone (signed out too); a private space only to its active participants.
 */
export function spaceIsReadable(viewer: SqlViewer): SQL {
  if (!viewer) return eq(spaces.isPrivate, false);
  return or(
    eq(spaces.isPrivate, false),
    sql`exists (select 1 from ${spaceParticipants} where ${and(
      activeMemberIn(spaces.id),
      eq(spaceParticipants.userId, viewer.id),
    )})`,
  )!;
}

/**
 * SQL condition on the `spaces` table: the viewer may read the space's name, purpose and image.
 * Whoever may read its content may; for a private space, so may people invited to it or asking to
 * join (they need its name to answer, or to follow their request). Blocked people and strangers
 * may not, as for a space that does not exist.
 */
export function spaceNameReadable(viewer: SqlViewer): SQL {
  if (!viewer) return spaceIsReadable(null);
  return or(
    spaceIsReadable(viewer),
    sql`exists (select 1 from ${spaceParticipants} where ${and(
      eq(spaceParticipants.spaceId, spaces.id),
      eq(spaceParticipants.userId, viewer.id),
      inArray(spaceParticipants.status, ['invited', 'requested']),
    )})`,
  )!;
}

/**
 * SQL condition for content tables: the space in `spaceIdColumn` is readable by the viewer. Every
 * list, get, counter, tag page, search and live event filters with this, in SQL. The subquery is
 * uncorrelated, so PostgreSQL computes the readable spaces once per statement.
 */
export function spaceReadableBy(viewer: SqlViewer, spaceIdColumn: AnyPgColumn): SQL {
  return sql`${spaceIdColumn} in (select ${spaces.id} from ${spaces} where ${spaceIsReadable(viewer)})`;
}

/**
 * The spaces a signed-in viewer is an active participant of, as live subscriptions keep them in
 * memory (refreshed when their membership changes); signed out, none.
 */
export interface SpaceAccess {
  viewerId: string | null;
  memberOf: ReadonlySet<string>;
}

/**
 * `spaceIsReadable` for an item already in memory, with its space's privacy loaded alongside it:
 * live events decide visibility per subscriber with this instead of a query each.
 */
export const spaceReadableIn = (access: SpaceAccess, space: { id: string; isPrivate: boolean }) =>
  !space.isPrivate || access.memberOf.has(space.id);
