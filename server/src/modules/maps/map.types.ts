import { enumOf } from '../../graphql/enum';
import { MAP_EDGE_KINDS, MAP_NODE_KINDS, MAP_SORTS, MAP_TYPES, WAYPOINT_SCOPES } from '@rules';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { pageOf } from '../../graphql/page';

export const MapNodeKindEnum = enumOf(
  'MapNodeKind',
  MAP_NODE_KINDS,
  "What a map node stands for: an item of the map's space, or a waypoint.",
  {
    problem: 'A problem.',
    solution: 'A solution.',
    story: 'A story.',
    tag: 'A tag carried by items on the map (shown when the map shows tags).',
    user: 'A person who posted items on the map (shown when the map shows participants).',
    waypoint: "A node of the map's own, such as a recipe's step.",
  },
);
export const MapEdgeKindEnum = enumOf(
  'MapEdgeKind',
  MAP_EDGE_KINDS,
  'Why two map nodes are linked: a solution solves a problem, a story tells of it, an item is tagged, a person authored it.',
  {
    solves: 'From a solution to a problem it solves.',
    story: 'From a story to the problem it was posted to.',
    tagged: 'From an item to a tag it carries.',
    authored: 'From a person to an item they posted.',
  },
);
export const MapTypeEnum = enumOf('MapType', MAP_TYPES, 'How a progress map shows its items.', {
  graph: 'Items and their links as a network, in 2D or 3D.',
  scurve: "The share of the space's problems solved, day by day.",
  kanban: 'Problems in columns by status.',
  location: 'Items with a place, on a geographic map.',
});
export const MapSortEnum = enumOf('MapSort', MAP_SORTS, 'Order of a map list.', {
  recent: 'Most recently saved first.',
  az: 'By name, A to Z.',
  za: 'By name, Z to A.',
});
export const WaypointScopeEnum = enumOf(
  'WaypointScope',
  WAYPOINT_SCOPES,
  'Which waypoints a list shows.',
  {
    mine: "The viewer's own waypoints.",
    space: "The waypoints of the space's maps.",
  },
);

/** Progress maps ("views") as GraphQL shows them: schema/rules/maps.ts says what each part is. */

@ObjectType({ description: 'What a map shows of its space: problem statuses, a time range, tags.' })
export class MapFilters {
  @Field(() => [String]) statuses!: string[];
  @Field(() => String, { description: 'A TimeRange name (alltime, last24hours, …, custom).' })
  timeRange!: string;
  @Field(() => Date, { nullable: true }) startDate!: Date | null;
  @Field(() => Date, { nullable: true }) endDate!: Date | null;
  @Field(() => [String]) tags!: string[];
}

@InputType()
export class MapFiltersInput {
  @Field(() => [String], { nullable: true }) statuses?: string[];
  @Field(() => String, { nullable: true }) timeRange?: string;
  @Field(() => Date, { nullable: true }) startDate?: Date;
  @Field(() => Date, { nullable: true }) endDate?: Date;
  @Field(() => [String], { nullable: true }) tags?: string[];
}

@ObjectType('ProgressMap', {
  description:
    'A progress map (a "view" of its space: graph, scurve, kanban or location); a recipe when problemId is set.',
})
export class ProgressMap {
  @Field(() => ID) id!: string;
  @Field(() => ID) spaceId!: string;
  @Field(() => ID, { nullable: true, description: "A recipe's problem." })
  problemId!: string | null;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => String, { description: 'graph, scurve, kanban or location; fixed once created.' })
  type!: string;
  @Field(() => [String], { description: "'2D' and/or '3D' (graph maps only)." })
  graphTypes!: string[];
  @Field(() => Boolean) isPrivate!: boolean;
  @Field(() => Boolean) copyEnabled!: boolean;
  @Field(() => Boolean) cldsEnabled!: boolean;
  @Field(() => Int, { description: 'Every update names the version it started from.' })
  version!: number;
  @Field(() => GraphQLJSONObject, { description: 'MapSettings.' })
  settings!: Record<string, unknown>;
  @Field(() => [GraphQLJSONObject], { description: 'MapLayer[] (3D planes).' })
  layers!: Record<string, unknown>[];
  @Field(() => GraphQLJSONObject, { description: 'MapPositions of the 2D view, by node key.' })
  positions2d!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { description: 'MapPositions of the 3D view, by node key.' })
  positions3d!: Record<string, unknown>;
  @Field(() => [String], { description: 'Node keys taken out of the map.' })
  excluded!: string[];
  @Field(() => Float, { nullable: true }) zoomLevel!: number | null;
  @Field(() => Date) createdAt!: Date;
  @Field(() => Date) updatedAt!: Date;
}

export const ProgressMapPage = pageOf(ProgressMap);

@ObjectType({ description: "A node of a map's graph: an item of its space, or a waypoint." })
export class MapNode {
  @Field(() => String, { description: 'kind:refId, e.g. problem:abc, tag:water.' }) key!: string;
  @Field(() => MapNodeKindEnum) kind!: string;
  @Field(() => ID, { description: "The item's id (a tag: its name)." }) refId!: string;
  @Field(() => String) label!: string;
  @Field(() => String, { nullable: true, description: 'Plain text, at most 200 characters.' })
  description!: string | null;
  @Field(() => String, { nullable: true, description: 'Problems.' }) status!: string | null;
  @Field(() => String, { nullable: true, description: 'Stories (author photo), users.' })
  photoURL!: string | null;
  @Field(() => [String]) tags!: string[];
  @Field(() => Date, { nullable: true }) createdAt!: Date | null;
  @Field(() => Float, { nullable: true }) lat!: number | null;
  @Field(() => Float, { nullable: true }) lng!: number | null;
  @Field(() => Boolean, {
    description:
      "Problems: the viewer may change its status (its author and the people who joined it), as the problem's own canChangeStatus; false for other kinds.",
  })
  canChangeStatus!: boolean;
}

@ObjectType({ description: 'An automatic link: what the content itself says.' })
export class MapEdge {
  @Field(() => String) key!: string;
  @Field(() => String) source!: string;
  @Field(() => String) target!: string;
  @Field(() => MapEdgeKindEnum) kind!: string;
}

@ObjectType()
export class MapGraph {
  @Field(() => [MapNode]) nodes!: MapNode[];
  @Field(() => [MapEdge]) edges!: MapEdge[];
}

@ObjectType({ description: "A feedback loop of a map's custom links." })
export class MapLoop {
  @Field(() => [String]) nodes!: string[];
  @Field(() => [String]) links!: string[];
  @Field(() => String, { description: 'R (reinforcing), B (balancing) or U (unknown).' })
  polarity!: string;
  @Field(() => Boolean, {
    description: 'It passes a problem whose status is solving or solved.',
  })
  throughProgress!: boolean;
}

@ObjectType()
export class MapLoops {
  @Field(() => [MapLoop]) loops!: MapLoop[];
  @Field(() => Boolean, { description: 'Some loops were left out (the caps).' })
  truncated!: boolean;
}

@ObjectType({ description: "One day of an s-curve: the map's problems solved by its end." })
export class MapProgressPoint {
  @Field(() => Date) date!: Date;
  @Field(() => Int) solved!: number;
  @Field(() => Int) total!: number;
  @Field(() => Float) share!: number;
}

@ObjectType({ description: "A map's own node (a custom node, a recipe's step)." })
export class Waypoint {
  @Field(() => ID) id!: string;
  @Field(() => ID) mapId!: string;
  @Field(() => ID) spaceId!: string;
  @Field(() => String) name!: string;
  @Field(() => String) description!: string;
  @Field(() => Date) createdAt!: Date;
  @Field(() => String) mapName!: string;
}

export const WaypointPage = pageOf(Waypoint);

@InputType()
export class CreateMapInput {
  @Field(() => ID, { nullable: true, description: 'Defaults to the active space.' })
  spaceId?: string;
  @Field(() => ID, {
    nullable: true,
    description: "A recipe: this problem's (readable) 2D graph map, in the problem's space.",
  })
  problemId?: string;
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => String) type!: string;
  @Field(() => [String], { nullable: true }) graphTypes?: string[];
  @Field(() => Boolean, { nullable: true }) isPrivate?: boolean;
  @Field(() => Boolean, { nullable: true }) copyEnabled?: boolean;
  @Field(() => Boolean, { nullable: true }) cldsEnabled?: boolean;
  @Field(() => MapFiltersInput, { nullable: true }) filters?: MapFiltersInput;
}

@InputType({ description: 'A save: only the fields given change; `version` is the one loaded.' })
export class UpdateMapInput {
  @Field(() => Int) version!: number;
  @Field(() => String, { nullable: true }) name?: string;
  @Field(() => String, { nullable: true }) description?: string;
  @Field(() => [String], { nullable: true }) graphTypes?: string[];
  @Field(() => Boolean, { nullable: true }) isPrivate?: boolean;
  @Field(() => Boolean, { nullable: true }) copyEnabled?: boolean;
  @Field(() => Boolean, { nullable: true }) cldsEnabled?: boolean;
  @Field(() => MapFiltersInput, { nullable: true }) filters?: MapFiltersInput;
  @Field(() => GraphQLJSONObject, { nullable: true }) settings?: Record<string, unknown>;
  @Field(() => [GraphQLJSONObject], { nullable: true }) layers?: Record<string, unknown>[];
  @Field(() => [GraphQLJSONObject], { nullable: true }) links?: Record<string, unknown>[];
  @Field(() => GraphQLJSONObject, { nullable: true }) positions2d?: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, { nullable: true }) positions3d?: Record<string, unknown>;
  @Field(() => [String], { nullable: true }) excluded?: string[];
  @Field(() => Float, { nullable: true }) zoomLevel?: number;
  @Field(() => [ID], {
    nullable: true,
    description: 'The author only: who else may edit (at most 20).',
  })
  collaboratorIds?: string[];
}

@InputType()
export class WaypointInput {
  @Field(() => String) name!: string;
  @Field(() => String, { nullable: true }) description?: string;
}
