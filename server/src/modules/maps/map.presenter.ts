import { parseMapNodeKey, type MapFilters } from '@rules';
import type { Context } from '../../context';
import { viewerBookmarked } from '../bookmarks/bookmark.presenter';
import { authorView, type AuthorView } from '../users/user.service';
import type { ListedLink, ListedNode } from './map-graph-lists.service';
import { seenLinks } from './map-nodes.service';
import { mapPathOf } from './map-path';
import { canCopyMap, canDeleteMap, canEditMap, type MapRow } from './map.policy';

/** A map's filters with their dates as dates (stored as ISO strings in the map's JSON). */
export const presentFilters = (filters: MapFilters) => ({
  ...filters,
  startDate: filters.startDate ? new Date(filters.startDate) : null,
  endDate: filters.endDate ? new Date(filters.endDate) : null,
});

export async function mapAuthor(ctx: Context, map: Pick<MapRow, 'authorId'>): Promise<AuthorView> {
  return authorView(await ctx.loaders.authorById.load(map.authorId));
}

/** The collaborators who still have an account, in the order the author named them. */
export async function mapCollaboratorViews(
  ctx: Context,
  map: Pick<MapRow, 'collaboratorIds'>,
): Promise<AuthorView[]> {
  const people = await ctx.loaders.authorById.loadMany(map.collaboratorIds);
  return people.flatMap((person) =>
    person && !(person instanceof Error) ? [authorView(person)] : [],
  );
}

/**
 * The REST shape of a map: the entity fields of the spec (000 §3 Map): `graphtypes`, custom
 * links as `customLinks`, positions as `nodes2D` and `nodes3D`, layers as `settings.planes`.
 */
export async function presentMap(ctx: Context, map: MapRow) {
  const [author, collaborators, customLinks, bookmarked] = await Promise.all([
    mapAuthor(ctx, map),
    mapCollaboratorViews(ctx, map),
    seenLinks(ctx, map),
    viewerBookmarked(ctx, 'views', map),
  ]);
  const { statuses, ...filters } = map.filters;
  return {
    id: map.id,
    path: mapPathOf(map),
    spaceId: map.spaceId,
    problemId: map.problemId,
    name: map.name,
    description: map.description,
    type: map.type,
    graphType: map.graphTypes[0] ?? null,
    graphtypes: map.graphTypes,
    isPrivate: map.isPrivate,
    copyEnabled: map.copyEnabled,
    cldsEnabled: map.cldsEnabled,
    version: map.version,
    author,
    authorId: map.authorId,
    authorName: author.displayName,
    collaborators,
    canEdit: canEditMap(ctx.viewer, map),
    canDelete: canDeleteMap(ctx.viewer, map),
    canCopy: canCopyMap(ctx.viewer, map),
    bookmarked,
    filters: { status: statuses, ...filters },
    settings: { ...map.settings, planes: map.layers },
    customLinks,
    nodes2D: map.positions2d,
    nodes3D: map.positions3d,
    excluded: map.excluded,
    zoomLevel: map.zoomLevel,
    createdAt: map.createdAt.toISOString(),
    updatedAt: map.updatedAt.toISOString(),
  };
}

/** The kind and item id a node key names ('problem', 'p1'), for the spec's links table. */
const nodeEnd = (key: string) => {
  const node = parseMapNodeKey(key);
  return { type: node?.kind ?? null, id: node?.refId ?? key };
};

/** A node of `/list/v2?path=nodes` (a map's, or a space's default map's). */
export const presentGraphNode = (node: ListedNode) => ({
  id: node.key,
  key: node.key,
  type: node.kind,
  refId: node.refId,
  name: node.label,
  description: node.description,
  status: node.status,
  photoURL: node.photoURL,
  tags: node.tags,
  createdAt: node.createdAt?.toISOString() ?? null,
  lat: node.lat,
  lng: node.lng,
  canChangeStatus: node.canChangeStatus,
  position2D: node.position2D,
  position3D: node.position3D,
});

/**
 * A link of `/list/v2?path=links`, with the columns of the spec's links table (name, linkType,
 * sourceType, targetType, source id, target id): an automatic one (`linkType` solves, story,
 * tagged or authored) or one drawn on the map (`custom`, its type, label, description and style).
 */
export function presentGraphLink(entry: ListedLink) {
  const { id, source, target, linkType, name, description, style } = entry.custom
    ? { ...entry.link, linkType: entry.link.type, name: entry.link.label }
    : {
        id: entry.edge.key,
        source: entry.edge.source,
        target: entry.edge.target,
        linkType: entry.edge.kind,
        name: '',
        description: '',
        style: null,
      };
  const from = nodeEnd(source);
  const to = nodeEnd(target);
  return {
    id,
    custom: entry.custom,
    name,
    description,
    linkType,
    source,
    target,
    sourceType: from.type,
    sourceId: from.id,
    targetType: to.type,
    targetId: to.id,
    style,
  };
}
