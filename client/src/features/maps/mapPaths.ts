// Where maps and their nodes open in the app.
import type { GraphType } from '@rules';

/** A map's page: a recipe on its problem, any other map under /graphviews. */
export const mapPath = (map: { id: string; problemId?: string | null }) =>
  map.problemId ? `/problem/${map.problemId}/recipes/${map.id}` : `/graphviews/${map.id}`;

/** A graph map in one of its views (the 2D/3D toggle; /spacemaps/2d/{id} is its share target). */
export const graphViewPath = (mapId: string, mode: GraphType) =>
  `/spacemaps/${mode === '3D' ? '3d' : '2d'}/${mapId}`;

/** The page of the item a node stands for; waypoints and unknown kinds have none. */
export function nodePath(node: { kind: string; refId: string }): string | null {
  const id = encodeURIComponent(node.refId);
  switch (node.kind) {
    case 'problem':
      return `/problem/${id}/info`;
    case 'solution':
      return `/solution/${id}/info`;
    case 'story':
      return `/story/${id}`;
    case 'tag':
      return `/tags/${id}/info`;
    case 'user':
      return `/network/${id}/info`;
    default:
      return null;
  }
}
