import { enumOf } from '../../graphql/enum';
import { MAP_EDGE_KINDS, MAP_NODE_KINDS, MAP_SORTS, MAP_TYPES, WAYPOINT_SCOPES } from '@rules';
import { GraphQLJSONObject } from 'graphql-scalars';
import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { pageOf } from '../../graphql/page';
import { ProblemStatusEnum } from '../problems/problem.enums';

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

@ObjectType({
  description:
    'What a map shows of its space: problems in these statuses, and items posted in this time range with these tags.',
})
export class MapFilters {
  @Field(() => [ProblemStatusEnum], {
    description:
      'Problem statuses (proposed, unsolved, solving, solved, archived) the map shows; empty shows every status.',
  })
  statuses!: string[];
  @Field(() => String, {
    description:
      'A TimeRange name: alltime (the default), last24hours, last7days, last30days, last6months or custom.',
  })
  timeRange!: string;
  @Field(() => Date, {
    nullable: true,
    description: 'Items posted from this moment on; null for no lower bound.',
  })
  startDate!: Date | null;
  @Field(() => Date, {
    nullable: true,
    description: 'Items posted up to this moment; null for no upper bound.',
  })
  endDate!: Date | null;
  @Field(() => [String], {
    description:
      'Items with any of these tags (at most 5, lower-case, without #); empty shows every tag.',
  })
  tags!: string[];
}

@InputType({
  description:
    'What a map shows of its space. An omitted field takes its default: every status, all time, every tag.',
})
export class MapFiltersInput {
  @Field(() => [ProblemStatusEnum], {
    nullable: true,
    description:
      'Problem statuses to show (proposed, unsolved, solving, solved, archived); empty or omitted shows all.',
  })
  statuses?: string[];
  @Field(() => String, {
    nullable: true,
    description:
      'alltime (when omitted), last24hours, last7days, last30days, last6months, or custom with both dates.',
  })
  timeRange?: string;
  @Field(() => Date, {
    nullable: true,
    description: 'Items posted from this moment on; required with custom.',
  })
  startDate?: Date;
  @Field(() => Date, {
    nullable: true,
    description: 'Items posted up to this moment; required with custom, not before startDate.',
  })
  endDate?: Date;
  @Field(() => [String], {
    nullable: true,
    description: 'Items with any of these tags (at most 5; lower-cased, a leading # dropped).',
  })
  tags?: string[];
}

@ObjectType('ProgressMap', {
  description:
    'A progress map (a "view" of its space: graph, scurve, kanban or location); a recipe when problemId is set.',
})
export class ProgressMap {
  @Field(() => ID, { description: 'The id of the map.' }) id!: string;
  @Field(() => ID, { description: 'The space whose items the map shows.' }) spaceId!: string;
  @Field(() => ID, {
    nullable: true,
    description: "A recipe's problem; null for a map of the space.",
  })
  problemId!: string | null;
  @Field(() => String, { description: 'The name, 1 to 100 characters.' }) name!: string;
  @Field(() => String, {
    description: 'What the map is about, at most 2000 characters; empty when none was given.',
  })
  description!: string;
  @Field(() => MapTypeEnum, {
    description: 'Graph, scurve, kanban or location; fixed once created.',
  })
  type!: string;
  @Field(() => [String], {
    description:
      "The views a graph map offers: '2D' and/or '3D' (a recipe: '2D'); empty for other types.",
  })
  graphTypes!: string[];
  @Field(() => Boolean, {
    description: 'Only its author and collaborators may read it; others get NOT_FOUND.',
  })
  isPrivate!: boolean;
  @Field(() => Boolean, {
    description:
      'Anyone signed in who reads it may Save As (copyProgressMap); its editors always may.',
  })
  copyEnabled!: boolean;
  @Field(() => Boolean, {
    description: 'The editor offers causal-loop link types (cld+ and cld-) on this map.',
  })
  cldsEnabled!: boolean;
  @Field(() => Int, {
    description:
      'Starts at 1 and goes up by one with every save; updateProgressMap names the version it started from.',
  })
  version!: number;
  @Field(() => GraphQLJSONObject, {
    description:
      'MapSettings (schema/rules/maps.ts): background, link labels, participants, space solutions, tags, node sizes.',
  })
  settings!: Record<string, unknown>;
  @Field(() => [GraphQLJSONObject], {
    description: 'MapLayer objects: the planes of the 3D view, in drawing order (at most 20).',
  })
  layers!: Record<string, unknown>[];
  @Field(() => GraphQLJSONObject, {
    description: 'Where each node sits in the 2D view: {x, y} by node key.',
  })
  positions2d!: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, {
    description: 'Where each node sits in the 3D view: {x, y, z} by node key.',
  })
  positions3d!: Record<string, unknown>;
  @Field(() => [String], {
    description: 'Keys of the nodes taken out of the map: its graph no longer shows them.',
  })
  excluded!: string[];
  @Field(() => Float, {
    nullable: true,
    description: 'The zoom factor the map was saved with, 0.01 to 100; null when none was saved.',
  })
  zoomLevel!: number | null;
  @Field(() => Date, { description: 'When the map was created.' }) createdAt!: Date;
  @Field(() => Date, { description: 'When the map was last saved.' }) updatedAt!: Date;
}

export const ProgressMapPage = pageOf(ProgressMap);

@ObjectType({ description: "A node of a map's graph: an item of its space, or a waypoint." })
export class MapNode {
  @Field(() => String, {
    description:
      'The node key, kind:refId (e.g. problem:abc, tag:water); links and positions use it.',
  })
  key!: string;
  @Field(() => MapNodeKindEnum, { description: 'What the node stands for.' }) kind!: string;
  @Field(() => ID, { description: "The item's id (a tag: its name)." }) refId!: string;
  @Field(() => String, {
    description:
      "What the node shows: a post's title, a story's opening words (at most 80 characters), #tag or a name.",
  })
  label!: string;
  @Field(() => String, { nullable: true, description: 'Plain text, at most 200 characters.' })
  description!: string | null;
  @Field(() => ProblemStatusEnum, {
    nullable: true,
    description: "A problem's status; null for other kinds.",
  })
  status!: string | null;
  @Field(() => String, {
    nullable: true,
    description:
      "The picture to draw: a story author's photo (none for anonymous stories) or a person's; null otherwise.",
  })
  photoURL!: string | null;
  @Field(() => [String], { description: "The item's tags; empty for tags, people and waypoints." })
  tags!: string[];
  @Field(() => Date, {
    nullable: true,
    description: 'When the item was posted; null for tags and people.',
  })
  createdAt!: Date | null;
  @Field(() => Float, {
    nullable: true,
    description: "The item's latitude in degrees; null when it has no place.",
  })
  lat!: number | null;
  @Field(() => Float, {
    nullable: true,
    description: "The item's longitude in degrees; null when it has no place.",
  })
  lng!: number | null;
  @Field(() => Boolean, {
    description:
      "Problems: the viewer may change its status (its author and the people who joined it), as the problem's own canChangeStatus; false for other kinds.",
  })
  canChangeStatus!: boolean;
}

@ObjectType({ description: 'An automatic link: what the content itself says.' })
export class MapEdge {
  @Field(() => String, {
    description: 'Identifies the link within the graph: kind:source>target.',
  })
  key!: string;
  @Field(() => String, { description: 'The node key the link starts from.' }) source!: string;
  @Field(() => String, { description: 'The node key the link points to.' }) target!: string;
  @Field(() => MapEdgeKindEnum, { description: 'Why the two nodes are linked.' }) kind!: string;
}

@ObjectType({
  description:
    "A map's graph as the viewer may see it: its nodes and the automatic links between them.",
})
export class MapGraph {
  @Field(() => [MapNode], {
    description:
      'Problems, solutions, stories and waypoints, each kind oldest first; then tags, then people by name.',
  })
  nodes!: MapNode[];
  @Field(() => [MapEdge], { description: 'Automatic links between the nodes listed.' })
  edges!: MapEdge[];
}

@ObjectType({ description: "A feedback loop of a map's custom links." })
export class MapLoop {
  @Field(() => [String], {
    description: "The loop's node keys in order, starting at its smallest key.",
  })
  nodes!: string[];
  @Field(() => [String], {
    description:
      'The ids of the custom links between those nodes, in the same order; the last closes the loop.',
  })
  links!: string[];
  @Field(() => String, { description: 'R (reinforcing), B (balancing) or U (unknown).' })
  polarity!: string;
  @Field(() => Boolean, {
    description: 'It passes a problem whose status is solving or solved.',
  })
  throughProgress!: boolean;
}

@ObjectType({ description: "The feedback loops found in a map's custom links." })
export class MapLoops {
  @Field(() => [MapLoop], { description: 'The loops, shortest first, then by node keys.' })
  loops!: MapLoop[];
  @Field(() => Boolean, {
    description:
      'Some loops were left out: there are more than maxLoops, or one is longer than maxLength.',
  })
  truncated!: boolean;
}

@ObjectType({ description: "One day of an s-curve: the map's problems solved by its end." })
export class MapProgressPoint {
  @Field(() => Date, { description: 'The start of the day (midnight UTC).' }) date!: Date;
  @Field(() => Int, {
    description: 'How many of those problems had the status solved at the end of the day.',
  })
  solved!: number;
  @Field(() => Int, {
    description: "How many of the map's problems existed by the end of the day.",
  })
  total!: number;
  @Field(() => Float, { description: 'Solved divided by total, 0 to 1 (0 when total is 0).' })
  share!: number;
}

@ObjectType({ description: "A map's own node (a custom node, a recipe's step)." })
export class Waypoint {
  @Field(() => ID, { description: 'The id of the waypoint; its node key is waypoint:{id}.' })
  id!: string;
  @Field(() => ID, { description: 'The map it belongs to.' }) mapId!: string;
  @Field(() => ID, { description: "The map's space." }) spaceId!: string;
  @Field(() => String, { description: 'The name, 1 to 100 characters.' }) name!: string;
  @Field(() => String, {
    description:
      'What the waypoint stands for, at most 2000 characters; empty when none was given.',
  })
  description!: string;
  @Field(() => Date, { description: 'When the waypoint was added.' }) createdAt!: Date;
  @Field(() => String, { description: 'The name of the map it belongs to.' }) mapName!: string;
}

export const WaypointPage = pageOf(Waypoint);

@InputType({ description: 'A new map or recipe; the viewer becomes its author.' })
export class CreateMapInput {
  @Field(() => ID, { nullable: true, description: 'Defaults to the active space.' })
  spaceId?: string;
  @Field(() => ID, {
    nullable: true,
    description: "A recipe: this problem's (readable) 2D graph map, in the problem's space.",
  })
  problemId?: string;
  @Field(() => String, { description: 'Required, 1 to 100 characters after trimming.' })
  name!: string;
  @Field(() => String, { nullable: true, description: 'At most 2000 characters.' })
  description?: string;
  @Field(() => MapTypeEnum, {
    description: 'Graph, scurve, kanban or location (a recipe: graph); it cannot change later.',
  })
  type!: string;
  @Field(() => [String], {
    nullable: true,
    description:
      "'2D' and/or '3D'; a graph map needs at least one; ignored for other types and recipes.",
  })
  graphTypes?: string[];
  @Field(() => Boolean, {
    nullable: true,
    description: 'Only its author and collaborators may read it (false when omitted).',
  })
  isPrivate?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Readers who are signed in may Save As (true when omitted).',
  })
  copyEnabled?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'The editor offers causal-loop link types, cld+ and cld- (true when omitted).',
  })
  cldsEnabled?: boolean;
  @Field(() => MapFiltersInput, {
    nullable: true,
    description: 'What the map shows of its space; every item when omitted.',
  })
  filters?: MapFiltersInput;
}

@InputType({ description: 'A save: only the fields given change; `version` is the one loaded.' })
export class UpdateMapInput {
  @Field(() => Int, {
    description: 'The version the editor loaded; a save over a newer one is refused with CONFLICT.',
  })
  version!: number;
  @Field(() => String, { nullable: true, description: 'The new name, 1 to 100 characters.' })
  name?: string;
  @Field(() => String, {
    nullable: true,
    description: 'The new description, at most 2000 characters.',
  })
  description?: string;
  @Field(() => [String], {
    nullable: true,
    description: "Graph maps: '2D' and/or '3D', at least one; ignored for other types and recipes.",
  })
  graphTypes?: string[];
  @Field(() => Boolean, {
    nullable: true,
    description: 'Only its author and collaborators may read it.',
  })
  isPrivate?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'Readers who are signed in may Save As.',
  })
  copyEnabled?: boolean;
  @Field(() => Boolean, {
    nullable: true,
    description: 'The editor offers causal-loop link types (cld+ and cld-).',
  })
  cldsEnabled?: boolean;
  @Field(() => MapFiltersInput, {
    nullable: true,
    description: 'Replaces the saved filters; omitted fields take their defaults.',
  })
  filters?: MapFiltersInput;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'MapSettings (schema/rules/maps.ts); omitted settings take their defaults.',
  })
  settings?: Record<string, unknown>;
  @Field(() => [GraphQLJSONObject], {
    nullable: true,
    description:
      'All the MapLayer planes of the 3D view, in order (at most 20); replaces the saved ones.',
  })
  layers?: Record<string, unknown>[];
  @Field(() => [GraphQLJSONObject], {
    nullable: true,
    description:
      'MapLink objects: all the custom links (at most 10000). Links to items this editor cannot see are kept.',
  })
  links?: Record<string, unknown>[];
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Node positions of the 2D view: {x, y} by node key (at most 5000 nodes).',
  })
  positions2d?: Record<string, unknown>;
  @Field(() => GraphQLJSONObject, {
    nullable: true,
    description: 'Node positions of the 3D view: {x, y, z} by node key (at most 5000 nodes).',
  })
  positions3d?: Record<string, unknown>;
  @Field(() => [String], {
    nullable: true,
    description:
      'Keys of the nodes to take out of the map (at most 5000); replaces the saved list.',
  })
  excluded?: string[];
  @Field(() => Float, {
    nullable: true,
    description: 'The zoom factor to save, 0.01 to 100.',
  })
  zoomLevel?: number;
  @Field(() => [ID], {
    nullable: true,
    description:
      'The author only: who else may edit (at most 20); in a private space its active participants, else anyone with an account.',
  })
  collaboratorIds?: string[];
}

@InputType({ description: "A waypoint's name and description." })
export class WaypointInput {
  @Field(() => String, { description: 'Required, 1 to 100 characters after trimming.' })
  name!: string;
  @Field(() => String, {
    nullable: true,
    description: 'At most 2000 characters; empty when omitted.',
  })
  description?: string;
}
