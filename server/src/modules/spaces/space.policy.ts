import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Viewer } from '../../auth/sessions';
import { spaceParticipants, spaces } from '../../db/schema';

/** Participants whose membership lets them read and post; invited, requested and blocked cannot. */
export const ACTIVE_PARTICIPANT_STATUSES = ['owner', 'admin', 'contributor'] as const;

/**
 * SQL condition on the `spaces` table: the viewer may read this space's content. Public spaces are
 * open to everyone (signed out too); a private space only to its active participants.
 */
export function spaceIsReadable(viewer: Viewer | null): SQL {
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
 * SQL condition for content tables: the space in `spaceIdColumn` is readable by the viewer. Every
 * list, get, counter, tag page, search and live event filters with this, in SQL. The subquery is
 * uncorrelated, so PostgreSQL computes the readable spaces once per statement.
 */
export function spaceReadableBy(viewer: Viewer | null, spaceIdColumn: AnyPgColumn): SQL {
  return sql`${spaceIdColumn} in (select ${spaces.id} from ${spaces} where ${spaceIsReadable(viewer)})`;
}
