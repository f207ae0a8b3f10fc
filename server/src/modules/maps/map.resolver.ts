import { GraphQLJSONObject } from 'graphql-scalars';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
  Subscription,
} from 'type-graphql';
import type { Context } from '../../context';
import { authorView } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import * as mapGraphService from './map-graph.service';
import { importMap } from './map-import.service';
import * as mapListService from './map-list.service';
import * as mapLive from './map-live.service';
import { seenLinks } from './map-nodes.service';
import * as mapProgressService from './map-progress.service';
import * as waypointService from './map-waypoints.service';
import { mapAuthor, mapCollaboratorViews, presentFilters } from './map.presenter';
import { canCopyMap, canDeleteMap, canEditMap, type LiveMap, type MapRow } from './map.policy';
import * as mapService from './map.service';
import {
  CreateMapInput,
  MapFilters,
  MapFiltersInput,
  MapGraph,
  MapLoops,
  MapProgressPoint,
  ProgressMap,
  ProgressMapPage,
  UpdateMapInput,
  Waypoint,
  WaypointInput,
  WaypointPage,
  MapSortEnum,
  MapTypeEnum,
  WaypointScopeEnum,
} from './map.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

@Resolver(() => ProgressMap)
export class ProgressMapResolver {
  @Query(() => ProgressMapPage, {
    description:
      "A space's maps (the active space when omitted), or a problem's recipes (problemId); keyset paginated.",
  })
  progressMaps(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        'The space whose maps to list (recipes excluded); the active space when omitted.',
    })
    spaceId?: string,
    @Arg('problemId', () => ID, {
      nullable: true,
      description: "The problem whose recipes to list instead of a space's maps.",
    })
    problemId?: string,
    @Arg('mine', () => Boolean, {
      nullable: true,
      description: "Only the viewer's own (signed in only).",
    })
    mine?: boolean,
    @Arg('type', () => MapTypeEnum, {
      nullable: true,
      description: 'Only maps of this type; every type when omitted.',
    })
    type?: string,
    @Arg('orderBy', () => MapSortEnum, {
      nullable: true,
      description: 'The order of the list; recent (newest saved first) when omitted.',
    })
    orderBy?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      mapListService.listMaps(ctx, { spaceId, problemId, mine, type, orderBy, after, first }),
    );
  }

  @Query(() => ProgressMap, { description: 'A map the viewer may read (else NOT_FOUND).' })
  progressMap(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    return mapService.getMap(ctx, id);
  }

  @Query(() => ProgressMap, {
    nullable: true,
    description:
      "The viewer's most recently saved graph map of the space (with that graph type when given); null if none.",
  })
  lastProgressMap(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: 'The space to look in; the active space when omitted.',
    })
    spaceId?: string,
    @Arg('graphType', () => String, {
      nullable: true,
      description: "'2D' or '3D': only a map offering that view; any graph map when omitted.",
    })
    graphType?: string,
  ) {
    return mapListService.lastMap(ctx, { spaceId, graphType });
  }

  @Query(() => MapGraph, {
    description: "A map's nodes and automatic links as the viewer may see them.",
  })
  mapGraph(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Ctx() ctx: Context,
    @Arg('filters', () => MapFiltersInput, {
      nullable: true,
      description: "The viewer's filter bar, over the map's saved filters.",
    })
    filters?: MapFiltersInput,
  ) {
    return mapGraphService.mapGraph(ctx, id, filters);
  }

  @Query(() => MapGraph, {
    description:
      "A space's default map (no map saved): its problems, solutions and tags; with `stories`, its stories graph.",
  })
  spaceGraph(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: 'The space to draw; the active space when omitted.',
    })
    spaceId?: string,
    @Arg('filters', () => MapFiltersInput, {
      nullable: true,
      description: "The viewer's filter bar; every item when omitted.",
    })
    filters?: MapFiltersInput,
    @Arg('stories', () => Boolean, {
      nullable: true,
      description:
        "True: the space's stories with their tags and authors, instead of its problems and solutions.",
    })
    stories?: boolean,
  ) {
    return mapGraphService.spaceGraph(ctx, { spaceId, filters, stories });
  }

  @Query(() => MapLoops, {
    description: "The feedback loops of a map's custom links (at most 12 links long, 500 loops).",
  })
  mapLoops(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Ctx() ctx: Context,
    @Arg('maxLength', () => Int, {
      nullable: true,
      description: 'The most links a loop may have, 1 to 12 (12 when omitted).',
    })
    maxLength?: number,
    @Arg('maxLoops', () => Int, {
      nullable: true,
      description: 'The most loops to return, 1 to 500 (500 when omitted).',
    })
    maxLoops?: number,
  ) {
    return mapProgressService.mapLoops(ctx, id, { maxLength, maxLoops });
  }

  @Query(() => [MapProgressPoint], {
    description: "An s-curve: the share of the map's problems solved, one point per day.",
  })
  mapProgress(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Ctx() ctx: Context,
    @Arg('filters', () => MapFiltersInput, {
      nullable: true,
      description: "The viewer's filter bar, over the map's saved filters.",
    })
    filters?: MapFiltersInput,
  ) {
    return mapProgressService.mapProgress(ctx, id, filters);
  }

  @Authorized()
  @Mutation(() => ProgressMap, {
    description:
      'Creates a map, or with problemId a recipe, authored by the viewer; at most 60 new maps an hour per person.',
  })
  createProgressMap(
    @Arg('input', () => CreateMapInput, { description: 'The new map.' }) input: CreateMapInput,
    @Ctx() ctx: Context,
  ) {
    return mapService.createMap(ctx, input);
  }

  @Authorized()
  @Mutation(() => ProgressMap, {
    description: 'A save by the author or a collaborator; a stale version is refused (CONFLICT).',
  })
  updateProgressMap(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Arg('input', () => UpdateMapInput, { description: 'The fields to change.' })
    input: UpdateMapInput,
    @Ctx() ctx: Context,
  ) {
    return mapService.updateMap(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: 'Deletes a map with its waypoints (its author only); returns true.',
  })
  async deleteProgressMap(
    @Arg('id', () => ID, { description: "The map's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    await mapService.deleteMap(ctx, id);
    return true;
  }

  @Authorized()
  @Mutation(() => ProgressMap, { description: "Save As: a copy of the viewer's own." })
  copyProgressMap(
    @Arg('id', () => ID, { description: 'The id of the map to copy.' }) id: string,
    @Ctx() ctx: Context,
    @Arg('name', () => String, {
      nullable: true,
      description: "The copy's name, 1 to 100 characters; 'Copy of {name}' when omitted.",
    })
    name?: string,
  ) {
    return mapService.copyMap(ctx, id, name);
  }

  @Authorized()
  @Mutation(() => ProgressMap, { description: 'A map from the JSON file export wrote.' })
  importProgressMap(
    @Arg('data', () => GraphQLJSONObject, {
      description: "The exported file's JSON (MapExport, format bumps-map, version 1).",
    })
    data: Record<string, unknown>,
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: 'The space to import into; the active space when omitted.',
    })
    spaceId?: string,
    @Arg('problemId', () => ID, {
      nullable: true,
      description: "Import as a recipe of this problem, in the problem's space.",
    })
    problemId?: string,
  ) {
    return importMap(ctx, { spaceId, problemId, data });
  }

  @Subscription(() => ProgressMap, {
    description:
      'Every save of a map the viewer may read; ends when it is deleted or the viewer loses access.',
    subscribe: ({ args, context }) => mapLive.mapSavesFor(context as Context, args.id as string),
  })
  progressMapSaved(
    @Root() saved: mapLive.MapSaved,
    @Arg('id', () => ID, { description: "The map's id." }) _id: string,
  ): LiveMap | null {
    return saved.map;
  }

  @FieldResolver(() => AuthorType, { description: 'Who created the map.' })
  author(@Root() map: MapRow, @Ctx() ctx: Context) {
    return mapAuthor(ctx, map);
  }

  @FieldResolver(() => [AuthorType], { description: 'Who may edit it besides its author.' })
  collaborators(@Root() map: MapRow, @Ctx() ctx: Context) {
    return mapCollaboratorViews(ctx, map);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer is its author or a collaborator.' })
  canEdit(@Root() map: MapRow, @Ctx() ctx: Context): boolean {
    return canEditMap(ctx.viewer, map);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer is its author.' })
  canDelete(@Root() map: MapRow, @Ctx() ctx: Context): boolean {
    return canDeleteMap(ctx.viewer, map);
  }

  @FieldResolver(() => Boolean, { description: 'The viewer may Save As.' })
  canCopy(@Root() map: MapRow, @Ctx() ctx: Context): boolean {
    return canCopyMap(ctx.viewer, map);
  }

  @FieldResolver(() => MapFilters, { description: 'What the map shows of its space, as saved.' })
  filters(@Root() map: MapRow) {
    return presentFilters(map.filters);
  }

  @FieldResolver(() => [GraphQLJSONObject], {
    description: 'MapLink[]: its custom links, without those to nodes the viewer cannot see.',
  })
  links(@Root() map: MapRow, @Ctx() ctx: Context) {
    return seenLinks(ctx, map);
  }
}

@Resolver(() => Waypoint)
export class WaypointResolver {
  @Query(() => WaypointPage, {
    description:
      "Waypoints of maps the viewer may read: scope mine (the viewer's, in spaceId when given) or space (the active space's).",
  })
  waypoints(
    @Arg('scope', () => WaypointScopeEnum, {
      description: "mine: the viewer's own waypoints (signed in only); space: all of a space's.",
    })
    scope: string,
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        'The space to list; when omitted, every space for mine and the active space for space.',
    })
    spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(waypointService.listWaypoints(ctx, { scope, spaceId, after, first }));
  }

  @Authorized()
  @Mutation(() => Waypoint, {
    description: 'Adds a waypoint to a map (its author and collaborators; at most 500 a map).',
  })
  addWaypoint(
    @Arg('mapId', () => ID, { description: "The map's id." }) mapId: string,
    @Arg('input', () => WaypointInput, { description: 'The new waypoint.' }) input: WaypointInput,
    @Ctx() ctx: Context,
  ) {
    return waypointService.addWaypoint(ctx, mapId, input);
  }

  @Authorized()
  @Mutation(() => Waypoint, {
    description: "Renames or redescribes a waypoint (its map's author and collaborators).",
  })
  updateWaypoint(
    @Arg('id', () => ID, { description: "The waypoint's id." }) id: string,
    @Arg('input', () => WaypointInput, { description: 'Its new name and description.' })
    input: WaypointInput,
    @Ctx() ctx: Context,
  ) {
    return waypointService.updateWaypoint(ctx, id, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Deletes a waypoint (its map's author and collaborators); returns true.",
  })
  async deleteWaypoint(
    @Arg('id', () => ID, { description: "The waypoint's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    await waypointService.deleteWaypoint(ctx, id);
    return true;
  }

  @FieldResolver(() => AuthorType, { description: 'Who added the waypoint.' })
  async author(@Root() waypoint: waypointService.WaypointRow, @Ctx() ctx: Context) {
    return authorView(await ctx.loaders.authorById.load(waypoint.authorId));
  }
}
