import { and, eq, inArray, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { ACTIVE_PARTICIPANT_STATUSES } from '@rules';
import { spaceParticipants, spaces } from '../../db/schema';

// One list for server and client: the rule lives in schema/rules, re-exported beside the SQL that uses it.
export { ACTIVE_PARTICIPANT_STATUSES };

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
      eq(spaceParticipants.spaceId, spaces.id),
      eq(spaceParticipants.userId, viewer.id),
      inArray(spaceParticipants.status, [...ACTIVE_PARTICIPANT_STATUSES]),
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
