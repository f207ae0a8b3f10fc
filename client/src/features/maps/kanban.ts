// A kanban map's columns: the map's problems grouped by status, with the statuses the viewer has
// seen change since the map loaded (a drag here, or a live event) laid over the loaded ones.
import {
  DEFAULT_PROBLEM_STATUS,
  PROBLEM_STATUSES,
  isProblemStatus,
  type ProblemStatus,
} from '@rules';
import type { MapGraphFragment } from '../../gql/graphql';

export type MapNodeItem = MapGraphFragment['nodes'][number];

/** A problem's status as last known, by the problem's id. */
export type StatusOverrides = Readonly<Record<string, string>>;

export interface KanbanColumn {
  status: ProblemStatus;
  cards: MapNodeItem[];
}

/** The status a card shows: the latest known, else the loaded one; an unknown one as the default. */
export function cardStatus(node: MapNodeItem, overrides: StatusOverrides): ProblemStatus {
  const status = overrides[node.refId] ?? node.status;
  return isProblemStatus(status) ? status : DEFAULT_PROBLEM_STATUS;
}

/**
 * One column per status in the spec's order (proposed, unsolved, solving, solved, archived), each
 * with the map's problems in that status, newest first.
 */
export function kanbanColumns(
  nodes: readonly MapNodeItem[],
  overrides: StatusOverrides,
): KanbanColumn[] {
  const byStatus = new Map<ProblemStatus, MapNodeItem[]>(
    PROBLEM_STATUSES.map((status) => [status, []]),
  );
  for (const node of nodes) {
    if (node.kind !== 'problem') continue;
    byStatus.get(cardStatus(node, overrides))?.push(node);
  }
  const newestFirst = (a: MapNodeItem, b: MapNodeItem) =>
    (b.createdAt ?? '').localeCompare(a.createdAt ?? '');
  return PROBLEM_STATUSES.map((status) => ({
    status,
    cards: (byStatus.get(status) ?? []).sort(newestFirst),
  }));
}

/** The overrides with one problem's status set; the same object when nothing changes. */
export function withStatus(
  overrides: StatusOverrides,
  problemId: string,
  status: string,
): StatusOverrides {
  return overrides[problemId] === status ? overrides : { ...overrides, [problemId]: status };
}

/** The overrides without one problem's (a refused move goes back to what the map loaded). */
export function withoutStatus(overrides: StatusOverrides, problemId: string): StatusOverrides {
  if (!(problemId in overrides)) return overrides;
  const { [problemId]: _dropped, ...rest } = overrides;
  return rest;
}
