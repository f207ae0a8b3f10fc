/**
 * How the spec's REST rows name maps: `views/{id}`, and a recipe under its problem as
 * `problems/{pid}/views/{id}` (bookmark bodies, /get/v2); a recipe's problem as `problems/{pid}`
 * or a bare id (DELETE /views?path=…, create payloads).
 */

export interface MapPath {
  mapId: string;
  /** The problem the path names the map under (then it must be the recipe's problem). */
  problemId: string | null;
}

/** The map a path names, or null when the path is not a map's. */
export function parseMapPath(path: unknown): MapPath | null {
  if (typeof path !== 'string') return null;
  const segments = path.split('/').filter(Boolean);
  if (segments.length === 2 && segments[0] === 'views')
    return { mapId: segments[1]!, problemId: null };
  if (segments.length === 4 && segments[0] === 'problems' && segments[2] === 'views')
    return { mapId: segments[3]!, problemId: segments[1]! };
  return null;
}

/** A problem id written as `problems/{id}` or as the id alone. */
export const problemIdOf = (raw: string) => raw.replace(/^problems\//u, '');

/** The path a map is shown at: a recipe under its problem. */
export const mapPathOf = (map: { id: string; problemId: string | null }) =>
  map.problemId ? `problems/${map.problemId}/views/${map.id}` : `views/${map.id}`;
