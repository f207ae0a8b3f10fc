import type { Router } from 'express';
import type { MapSort } from '@rules';
import type { Context } from '../../context';
import { notFound } from '../../errors';
import type { ListParams, PathParams, PathRouter } from '../../rest/paths';
import {
  activeSpaceId,
  bodyData,
  bodyFields,
  contextOf,
  fieldsOf,
  ok,
  presentPage,
  queryParam,
} from '../../rest/shell';
import { listGraphLinks, listGraphNodes, type GraphListInput } from './map-graph-lists.service';
import { importMap } from './map-import.service';
import * as mapListService from './map-list.service';
import { problemIdOf } from './map-path';
import { presentGraphLink, presentGraphNode, presentMap } from './map.presenter';
import * as mapService from './map.service';

/** The spec's sort names (recent, A-Z, Z-A) and ours; anything else is refused by the list's rule. */
const SORTS: Record<string, MapSort> = {
  recent: 'recent',
  az: 'az',
  za: 'za',
  'A-Z': 'az',
  'Z-A': 'za',
};

const listInput = (params: ListParams) => ({
  authorId: params.authorId,
  orderBy:
    params.orderBy && Object.hasOwn(SORTS, params.orderBy) ? SORTS[params.orderBy] : params.orderBy,
  after: params.lastDocumentID,
  first: params.results,
});

/**
 * A map's fields as the spec's rows name them: `graphtypes`, `customLinks` (links), `nodes2D` and
 * `nodes3D` (positions), `settings.planes` (layers). `tempNodes` and `customShapes` are accepted
 * and ignored (a map's nodes come from its space; shapes are not stored); so are `editId` (the
 * path names the map) and `problemId` on a save (a recipe stays on its problem).
 */
function mapFields(data: Record<string, unknown>) {
  const { planes, ...settings } = fieldsOf(data.settings);
  const filters =
    typeof data.filters === 'object' && data.filters !== null
      ? (data.filters as Record<string, unknown>)
      : undefined;
  return {
    name: data.name,
    description: data.description,
    type: data.type,
    graphTypes: data.graphtypes ?? data.graphTypes,
    isPrivate: data.isPrivate,
    copyEnabled: data.copyEnabled,
    cldsEnabled: data.cldsEnabled,
    filters: filters && { ...filters, statuses: filters.statuses ?? filters.status },
    settings: data.settings === undefined ? undefined : settings,
    layers: planes ?? data.layers,
    links: data.customLinks ?? data.links,
    positions2d: data.nodes2D ?? data.positions2d,
    positions3d: data.nodes3D ?? data.positions3d,
    excluded: data.excluded,
    zoomLevel: data.zoomLevel,
    collaboratorIds: data.collaboratorIds,
  };
}

/** What `/list/v2` passes a map's node and link lists: the map (none: the space's default map). */
const graphListInput = (params: ListParams, path: PathParams = {}): GraphListInput => ({
  mapId: path.viewId,
  problemId: path.problemId,
  spaceId: params.spaceId,
  after: params.lastDocumentID,
  first: params.results,
});

/** A recipe read under a problem's path must be that problem's. */
async function recipeAt(ctx: Context, { id, viewId }: PathParams) {
  const map = await mapService.getMap(ctx, viewId!);
  if (map.problemId !== problemIdOf(id!)) throw notFound();
  return presentMap(ctx, map);
}

/** The spec's map rows (001 §7 'Maps (views)'), through the same services as GraphQL. */
export function mountMapRest(router: Router, paths: PathRouter) {
  paths.register('views', {
    async list(ctx, params) {
      const page = await mapListService.listMaps(ctx, {
        ...listInput(params),
        spaceId: params.spaceId,
      });
      return presentPage(page, (map) => presentMap(ctx, map));
    },
    async get(ctx, id) {
      return presentMap(ctx, await mapService.getMap(ctx, id));
    },
  });
  paths.registerList('problems/:id/views', async (ctx, params, { id }) => {
    const page = await mapListService.listMaps(ctx, { ...listInput(params), problemId: id });
    return presentPage(page, (map) => presentMap(ctx, map));
  });
  paths.registerGet('problems/:id/views/:viewId', recipeAt);

  // The spec's `nodes` and `links` lists: of a map (`views/{id}/…`, a recipe also under its
  // problem) or, as bare collections, of the active space's default map.
  const nodes = async (ctx: Context, params: ListParams, path?: PathParams) =>
    presentPage(await listGraphNodes(ctx, graphListInput(params, path)), async (node) =>
      presentGraphNode(node),
    );
  const links = async (ctx: Context, params: ListParams, path?: PathParams) =>
    presentPage(await listGraphLinks(ctx, graphListInput(params, path)), async (link) =>
      presentGraphLink(link),
    );
  paths.register('nodes', { list: nodes });
  paths.register('links', { list: links });
  for (const prefix of ['views/:viewId', 'problems/:problemId/views/:viewId']) {
    paths.registerList(`${prefix}/nodes`, nodes);
    paths.registerList(`${prefix}/links`, links);
  }

  router.post('/views/import/data', async (req, res) => {
    const ctx = contextOf(res);
    const body = bodyFields(req);
    const map = await importMap(ctx, {
      spaceId: activeSpaceId(req),
      problemId: (queryParam(req, 'problemId') ?? body.problemId) as string | undefined,
      data: body.data,
    });
    ok(res.status(201), { data: await presentMap(ctx, map) });
  });

  router.post('/views', async (req, res) => {
    const ctx = contextOf(res);
    const data = bodyData(req);
    const map = await mapService.createMap(ctx, {
      ...mapFields(data),
      spaceId: activeSpaceId(req),
      problemId: data.problemId,
    });
    ok(res.status(201), { data: await presentMap(ctx, map) });
  });

  router.patch('/views/:id', async (req, res) => {
    const data = bodyData(req);
    await mapService.updateMap(contextOf(res), req.params.id, {
      ...mapFields(data),
      version: data.version,
    });
    ok(res);
  });

  /** `linkId` names the map; `path=problems/{id}` a recipe's problem. */
  router.delete('/views', async (req, res) => {
    const id = queryParam(req, 'linkId');
    if (!id) throw notFound();
    await mapService.deleteMap(contextOf(res), id, queryParam(req, 'path'));
    ok(res);
  });
}
