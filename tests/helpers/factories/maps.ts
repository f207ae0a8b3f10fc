import { gql, gqlData, gqlError } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Progress maps made and saved over GraphQL, as a person does it in the map wizard and editor. */

export const MAP_FIELDS = `
  id spaceId problemId name description type graphTypes isPrivate copyEnabled cldsEnabled version
  canEdit canDelete canCopy bookmarked settings layers links positions2d positions3d excluded zoomLevel
  createdAt updatedAt
  author { id displayName }
  collaborators { id displayName }
  filters { statuses timeRange startDate endDate tags }
`;

export interface MapView {
  id: string;
  spaceId: string;
  problemId: string | null;
  name: string;
  description: string;
  type: string;
  graphTypes: string[];
  isPrivate: boolean;
  copyEnabled: boolean;
  cldsEnabled: boolean;
  version: number;
  canEdit: boolean;
  canDelete: boolean;
  canCopy: boolean;
  bookmarked: boolean;
  settings: Record<string, unknown>;
  layers: Record<string, unknown>[];
  links: { id: string; source: string; target: string; type: string; label: string }[];
  positions2d: Record<string, { x: number; y: number }>;
  positions3d: Record<string, { x: number; y: number; z?: number }>;
  excluded: string[];
  zoomLevel: number | null;
  createdAt: string;
  updatedAt: string;
  author: { id: string; displayName: string };
  collaborators: { id: string; displayName: string }[];
  filters: {
    statuses: string[];
    timeRange: string;
    startDate: string | null;
    endDate: string | null;
    tags: string[];
  };
}

export interface MapPage {
  items: MapView[];
  last: string | null;
}

export const CREATE_MAP = `mutation($input: CreateMapInput!) { createProgressMap(input: $input) { ${MAP_FIELDS} } }`;
export const UPDATE_MAP = `mutation($id: ID!, $input: UpdateMapInput!) { updateProgressMap(id: $id, input: $input) { ${MAP_FIELDS} } }`;
export const DELETE_MAP = `mutation($id: ID!) { deleteProgressMap(id: $id) }`;
export const COPY_MAP = `mutation($id: ID!, $name: String) { copyProgressMap(id: $id, name: $name) { ${MAP_FIELDS} } }`;
export const IMPORT_MAP = `mutation($data: JSONObject!, $spaceId: ID, $problemId: ID) {
  importProgressMap(data: $data, spaceId: $spaceId, problemId: $problemId) { ${MAP_FIELDS} } }`;
export const PROGRESS_MAP = `query($id: ID!) { progressMap(id: $id) { ${MAP_FIELDS} } }`;
export const PROGRESS_MAPS = `query($spaceId: ID, $problemId: ID, $mine: Boolean, $type: MapType, $orderBy: MapSort, $after: String, $first: Int) {
  progressMaps(spaceId: $spaceId, problemId: $problemId, mine: $mine, type: $type, orderBy: $orderBy, after: $after, first: $first) {
    items { ${MAP_FIELDS} } last } }`;
export const LAST_MAP = `query($spaceId: ID, $graphType: String) { lastProgressMap(spaceId: $spaceId, graphType: $graphType) { id name } }`;
export const MAP_SAVED = `subscription($id: ID!) { progressMapSaved(id: $id) { id name version isPrivate } }`;

/** What the wizard sends for a map; a graph map in 2D unless told otherwise. */
export interface MapInput {
  name?: string;
  description?: string;
  type?: string;
  graphTypes?: string[];
  spaceId?: string;
  problemId?: string;
  isPrivate?: boolean;
  copyEnabled?: boolean;
  cldsEnabled?: boolean;
  filters?: Record<string, unknown>;
}

let mapSequence = 0;

/** The wizard's input: a named 2D graph map unless `input` says otherwise. */
export function mapInput(input: MapInput = {}): MapInput {
  mapSequence += 1;
  return {
    name: `Map ${mapSequence}`,
    type: 'graph',
    graphTypes: input.type && input.type !== 'graph' ? [] : ['2D'],
    ...input,
  };
}

/** `user` creates a map through the wizard; fails the test if refused. */
export async function createMap(server: TestServer, user: TestUser, input: MapInput = {}) {
  const data = await gqlData<{ createProgressMap: MapView }>(
    server.url,
    CREATE_MAP,
    { input: mapInput(input) },
    { token: user.token },
  );
  return data.createProgressMap;
}

/** `user` saves `changes` over the version of `map` they loaded; fails the test if refused. */
export async function saveMap(
  server: TestServer,
  user: TestUser,
  map: Pick<MapView, 'id' | 'version'>,
  changes: Record<string, unknown>,
) {
  const data = await gqlData<{ updateProgressMap: MapView }>(
    server.url,
    UPDATE_MAP,
    { id: map.id, input: { version: map.version, ...changes } },
    { token: user.token },
  );
  return data.updateProgressMap;
}

/** The error a save gets (it must be refused). */
export const saveMapError = (
  server: TestServer,
  user: TestUser | null,
  map: Pick<MapView, 'id' | 'version'>,
  changes: Record<string, unknown>,
) =>
  gqlError(
    server.url,
    UPDATE_MAP,
    { id: map.id, input: { version: map.version, ...changes } },
    { token: user?.token },
  );

/** A map as `user` reads it (signed out without one), or null when it is refused as missing. */
export async function readMap(server: TestServer, user: TestUser | null, id: string) {
  const result = await gql<{ progressMap: MapView }>(
    server.url,
    PROGRESS_MAP,
    { id },
    { token: user?.token },
  );
  if (result.errors?.[0]?.extensions?.code === 'NOT_FOUND') return null;
  if (result.errors?.length || !result.data)
    throw new Error(`progressMap failed: ${JSON.stringify(result.errors)}`);
  return result.data.progressMap;
}

/** One page of a maps list as `user` sees it (signed out without one). */
export async function listMaps(
  server: TestServer,
  user: TestUser | null,
  variables: Record<string, unknown> = {},
) {
  const data = await gqlData<{ progressMaps: MapPage }>(
    server.url,
    PROGRESS_MAPS,
    { first: 100, ...variables },
    { token: user?.token },
  );
  return data.progressMaps;
}

/** The names in a maps list, in its order. */
export const mapNames = async (
  server: TestServer,
  user: TestUser | null,
  variables: Record<string, unknown> = {},
) => (await listMaps(server, user, variables)).items.map((map) => map.name);

/** A custom link as the editor stores it. */
export const customLink = (
  id: string,
  source: string,
  target: string,
  type: 'straight' | 'curved' | 'cld+' | 'cld-' = 'straight',
) => ({ id, source, target, type, label: '', description: '', style: {} });

/** The export file (MapExport) of a map with these parts; what import takes. */
export function mapFile(map: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    format: 'bumps-map',
    version: 1,
    map: { name: 'Imported map', description: '', type: 'graph', graphTypes: ['2D'], ...map },
    waypoints: [],
    nodes: [],
    ...extra,
  };
}

export const GRAPH_FIELDS = `nodes { key kind refId label description status photoURL tags createdAt lat lng }
  edges { key source target kind }`;
export const MAP_GRAPH = `query($id: ID!, $filters: MapFiltersInput) { mapGraph(id: $id, filters: $filters) { ${GRAPH_FIELDS} } }`;
export const SPACE_GRAPH = `query($spaceId: ID, $filters: MapFiltersInput, $stories: Boolean) {
  spaceGraph(spaceId: $spaceId, filters: $filters, stories: $stories) { ${GRAPH_FIELDS} } }`;
export const MAP_LOOPS = `query($id: ID!, $maxLength: Int, $maxLoops: Int) {
  mapLoops(id: $id, maxLength: $maxLength, maxLoops: $maxLoops) { loops { nodes links polarity throughProgress } truncated } }`;
export const MAP_PROGRESS = `query($id: ID!, $filters: MapFiltersInput) { mapProgress(id: $id, filters: $filters) { date solved total share } }`;

export interface GraphNodeView {
  key: string;
  kind: string;
  refId: string;
  label: string;
  description: string | null;
  status: string | null;
  photoURL: string | null;
  tags: string[];
  createdAt: string | null;
  lat: number | null;
  lng: number | null;
}

export interface GraphView {
  nodes: GraphNodeView[];
  edges: { key: string; source: string; target: string; kind: string }[];
}

/** A map's graph as `user` sees it (signed out without one), with the filter bar's filters. */
export async function mapGraph(
  server: TestServer,
  user: TestUser | null,
  id: string,
  filters?: Record<string, unknown>,
) {
  const data = await gqlData<{ mapGraph: GraphView }>(
    server.url,
    MAP_GRAPH,
    { id, filters },
    { token: user?.token },
  );
  return data.mapGraph;
}

/** A space's default map (or its stories graph) as `user` sees it. */
export async function spaceGraph(
  server: TestServer,
  user: TestUser | null,
  variables: { spaceId?: string; filters?: Record<string, unknown>; stories?: boolean },
) {
  const data = await gqlData<{ spaceGraph: GraphView }>(server.url, SPACE_GRAPH, variables, {
    token: user?.token,
  });
  return data.spaceGraph;
}

/** The node keys of a graph, sorted. */
export const nodeKeys = (graph: GraphView) => graph.nodes.map((node) => node.key).sort();

/** The automatic links of a graph as `kind source>target`, sorted. */
export const edgeNames = (graph: GraphView) =>
  graph.edges.map((edge) => `${edge.kind} ${edge.source}>${edge.target}`).sort();
