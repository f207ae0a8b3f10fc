import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Waypoints (a map's own nodes) added over GraphQL, as the editor's Add menu adds them. */

export const WAYPOINT_FIELDS =
  'id mapId spaceId name description createdAt mapName author { id displayName }';

export interface WaypointView {
  id: string;
  mapId: string;
  spaceId: string;
  name: string;
  description: string;
  createdAt: string;
  mapName: string;
  author: { id: string; displayName: string };
}

export const ADD_WAYPOINT = `mutation($mapId: ID!, $input: WaypointInput!) { addWaypoint(mapId: $mapId, input: $input) { ${WAYPOINT_FIELDS} } }`;
export const UPDATE_WAYPOINT = `mutation($id: ID!, $input: WaypointInput!) { updateWaypoint(id: $id, input: $input) { ${WAYPOINT_FIELDS} } }`;
export const DELETE_WAYPOINT = `mutation($id: ID!) { deleteWaypoint(id: $id) }`;
export const WAYPOINTS = `query($scope: WaypointScope!, $spaceId: ID, $after: String, $first: Int) {
  waypoints(scope: $scope, spaceId: $spaceId, after: $after, first: $first) { items { ${WAYPOINT_FIELDS} } last } }`;

/** `user` adds a waypoint to a map they edit; fails the test if refused. */
export async function addWaypoint(
  server: TestServer,
  user: TestUser,
  mapId: string,
  name: string,
  description = '',
) {
  const data = await gqlData<{ addWaypoint: WaypointView }>(
    server.url,
    ADD_WAYPOINT,
    { mapId, input: { name, description } },
    { token: user.token },
  );
  return data.addWaypoint;
}

/** The waypoints `user` sees in a list (mine or space). */
export async function listWaypoints(
  server: TestServer,
  user: TestUser | null,
  variables: { scope: 'mine' | 'space'; spaceId?: string; after?: string; first?: number },
) {
  const data = await gqlData<{ waypoints: { items: WaypointView[]; last: string | null } }>(
    server.url,
    WAYPOINTS,
    { first: 100, ...variables },
    { token: user?.token },
  );
  return data.waypoints;
}
