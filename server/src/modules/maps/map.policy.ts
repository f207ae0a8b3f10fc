import { and, eq, getTableColumns, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Viewer } from '../../auth/sessions';
import type { LiveParentProblem } from '../posts/live-parent-problem';
import { mapCollaborators, maps, problems } from '../../db/schema';
import type { WithLiveEngagement } from '../posts/engagement-columns';
import { problemReadableBy, problemReadableIn } from '../problems/problem.policy';
import {
  spaceReadableBy,
  spaceReadableIn,
  type SpaceAccess,
  type SqlViewer,
} from '../spaces/space.policy';

/** A map as every read selects it: its row and who may edit it besides its author. */
export type MapRow = typeof maps.$inferSelect & { collaboratorIds: string[] };

/** Every map read selects its row and its collaborators (the policy needs both), in one statement. */
export const MAP_COLUMNS = {
  ...getTableColumns(maps),
  collaboratorIds: sql<
    string[]
  >`coalesce((select jsonb_agg(${mapCollaborators.userId} order by ${mapCollaborators.createdAt}, ${mapCollaborators.userId}) from ${mapCollaborators} where ${mapCollaborators.mapId} = ${maps.id}), '[]'::jsonb)`,
};

/**
 * SQL condition on `maps`: the viewer may read this map. Its space is readable, and it is public
 * or the viewer is its author or a collaborator; a recipe also needs its problem readable (the
 * problem's own rule). Every list, get, count, bookmark list and live check uses this.
 */
export function mapReadableBy(viewer: SqlViewer): SQL {
  const own = viewer
    ? or(eq(maps.isPrivate, false), mapEditableBy(viewer))!
    : eq(maps.isPrivate, false);
  return and(
    spaceReadableBy(viewer, maps.spaceId),
    own,
    or(
      isNull(maps.problemId),
      sql`exists (select 1 from ${problems} where ${problems.id} = ${maps.problemId} and ${problemReadableBy(viewer)})`,
    ),
  )!;
}

/** SQL condition on `maps`: the signed-in viewer is its author or a collaborator (`canEditMap`). */
export function mapEditableBy(viewer: NonNullable<SqlViewer>): SQL {
  return or(
    eq(maps.authorId, viewer.id),
    sql`exists (select 1 from ${mapCollaborators} where ${mapCollaborators.mapId} = ${maps.id} and ${mapCollaborators.userId} = ${viewer.id})`,
  )!;
}

type MapAccessFields = Pick<MapRow, 'authorId' | 'collaboratorIds' | 'copyEnabled'>;

/** Save, rename, settings, layers, filters, privacy: the author and the collaborators. */
export const canEditMap = (viewer: Viewer | null, map: MapAccessFields) =>
  !!viewer && (viewer.id === map.authorId || map.collaboratorIds.includes(viewer.id));

/** Delete and choosing collaborators: the author only. */
export const canDeleteMap = (viewer: Viewer | null, map: Pick<MapRow, 'authorId'>) =>
  !!viewer && viewer.id === map.authorId;

/** Save As: anyone signed in who reads it when copying is on; its editors always. */
export const canCopyMap = (viewer: Viewer | null, map: MapAccessFields) =>
  !!viewer && (map.copyEnabled || canEditMap(viewer, map));

/**
 * A map as a live event carries it to every subscriber of a process: the row with what the
 * in-memory rule below needs (its space's privacy; a recipe's problem and that problem's space).
 */
export type LiveMap = MapRow &
  WithLiveEngagement & {
    space: { id: string; isPrivate: boolean };
    problem: LiveParentProblem | null;
  };

/** `mapReadableBy` for a map in memory (live events), with the viewer's current access. */
export function mapReadableIn(access: SpaceAccess, map: LiveMap): boolean {
  const viewerId = access.viewerId;
  const own =
    !map.isPrivate ||
    (viewerId !== null && (map.authorId === viewerId || map.collaboratorIds.includes(viewerId)));
  const problemReadable =
    !map.problemId || (map.problem !== null && problemReadableIn(access, map.problem));
  return spaceReadableIn(access, map.space) && own && problemReadable;
}
