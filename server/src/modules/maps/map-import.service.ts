import { idSchema, MAP_MESSAGES, mapImportSchema } from '@rules';
import type { Context } from '../../context';
import { AppError, parseInput } from '../../errors';
import { requireWriter } from '../../auth/guards';
import { carriedLayout, newWaypoints } from './map-layout.service';
import { insertMap, mapCreation, placeOf } from './map.service';
import type { MapRow } from './map.policy';

export interface ImportMapInput {
  spaceId?: string | null;
  problemId?: string | null;
  /** The file export wrote (MapExport), checked by the same rules as every other input. */
  data: unknown;
}

/**
 * A map from its exported file, in a space (or on a problem, as a recipe): nodes are kept only
 * when they name items of that space the importer sees; waypoints are created anew. A bad file is
 * BAD_USER_INPUT naming the field under `data`, and nothing is created.
 */
export async function importMap(ctx: Context, input: ImportMapInput): Promise<MapRow> {
  const viewer = requireWriter(ctx);
  const file = parseInput(mapImportSchema, input.data, 'data');
  const imported = file.map;
  const recipe = !!input.problemId;
  if (imported.type === 'graph' && !recipe && imported.graphTypes.length === 0)
    throw new AppError('BAD_USER_INPUT', MAP_MESSAGES.graphTypeRequired, {
      field: 'data.map.graphTypes',
    });
  const place = await placeOf(ctx, {
    spaceId: parseInput(idSchema.nullish(), input.spaceId, 'spaceId'),
    problemId: parseInput(idSchema.nullish(), input.problemId, 'problemId'),
    type: imported.type,
  });
  const fresh = newWaypoints(file.waypoints);
  const layout = await carriedLayout(ctx, place.spaceId, imported, fresh.keys);
  return mapCreation(ctx, viewer.id, async (tx) => {
    const map = await insertMap(tx, viewer.id, {
      ...place,
      name: imported.name,
      description: imported.description,
      type: imported.type,
      graphTypes: recipe ? ['2D'] : imported.type === 'graph' ? imported.graphTypes : [],
      cldsEnabled: imported.cldsEnabled,
      settings: imported.settings,
      layers: imported.layers,
      filters: imported.filters,
      ...layout,
    });
    await fresh.insert(tx, map, viewer.id);
    return map;
  });
}
