import { eq, sql } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { preparedStatement } from '../../db/prepared';
import { maps, problems, spaces } from '../../db/schema';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import { liveEngagementColumn } from '../posts/engagement-columns';
import {
  PARENT_PROBLEM_COLUMNS,
  problemSpaces,
  withParentProblem,
} from '../posts/live-parent-problem';
import { MAP_COLUMNS, mapReadableIn, type LiveMap } from './map.policy';
import { readableMap } from './map.service';

/** A save of a map as its viewers receive it: the map as saved, or null once it is deleted. */
export interface MapSaved {
  mapId: string;
  map: LiveMap | null;
}

/** One statement per event and process: the map with what the in-memory rule needs. */
async function loadSavedMap(db: Db, { mapId }: { mapId: string }): Promise<MapSaved> {
  const statement = preparedStatement(db, 'live_map', (db, name) =>
    db
      .select({
        ...MAP_COLUMNS,
        space: { id: spaces.id, isPrivate: spaces.isPrivate },
        ...PARENT_PROBLEM_COLUMNS,
        engagement: liveEngagementColumn('views', maps.id),
      })
      .from(maps)
      .innerJoin(spaces, eq(spaces.id, maps.spaceId))
      .leftJoin(problems, eq(problems.id, maps.problemId))
      .leftJoin(problemSpaces, eq(problemSpaces.id, problems.spaceId))
      .where(eq(maps.id, sql.placeholder('mapId')))
      .prepare(name),
  );
  const [row] = await statement.execute({ mapId });
  if (!row) return { mapId, map: null };
  return { mapId, map: withParentProblem(row) };
}

const mapSaves: LiveFeed<'progressMap', MapSaved> = { topic: 'progressMap', load: loadSavedMap };

/**
 * Every save of a map the viewer may read (else NOT_FOUND at once), as saved. The subscription
 * ends when the map is deleted, or when a save leaves it unreadable to the viewer (made private
 * by its author; its space left).
 */
export async function mapSavesFor(
  ctx: Context,
  id: string,
): Promise<AsyncIterableIterator<MapSaved>> {
  const map = await readableMap(ctx, id);
  return follow(ctx, mapSaves, map.id, ({ map: saved }, access) =>
    saved !== null && mapReadableIn(access, saved) ? true : 'end',
  );
}
