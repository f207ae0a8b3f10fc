// A map page's filter bar (status, time range, tags): what it shows and what it sends. The map's
// saved filters are where it starts; the viewer's changes go to `mapGraph(filters)` (and to the
// graph editor) without saving the map.
import { LAYER_TAGS_MAX, TIME_RANGES, type ProblemStatus, type TimeRange } from '@rules';
import { timeRangeVariables, type TimeRangeChoice } from '../../components/TimeRangeSelect';
import type { MapFiltersInput, ProgressMapDetailFragment } from '../../gql/graphql';

/** A map may filter by at most this many tags (the server's rule). */
export const MAP_FILTER_TAGS_MAX = LAYER_TAGS_MAX;

export interface MapFilterState {
  statuses: ProblemStatus[];
  range: TimeRangeChoice;
  tags: string[];
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A saved bound (ISO) as the local day the date inputs show, or '' for none. */
export function dayOf(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** A range the server named, or all time for one this client does not know. */
const rangeOf = (name: string | null | undefined): TimeRange =>
  name && (TIME_RANGES as readonly string[]).includes(name) ? (name as TimeRange) : 'alltime';

/** The filter bar as a map's saved filters set it. */
export function filterStateOf(saved: ProgressMapDetailFragment['filters'] | null): MapFilterState {
  return {
    statuses: saved?.statuses ?? [],
    range: {
      timeRange: rangeOf(saved?.timeRange),
      startDay: dayOf(saved?.startDate),
      endDay: dayOf(saved?.endDate),
    },
    tags: saved?.tags ?? [],
  };
}

/** What the server is asked for: the bar's statuses, window and tags. */
export function filtersInputOf(state: MapFilterState): MapFiltersInput {
  const time = timeRangeVariables(state.range);
  return {
    statuses: state.statuses,
    timeRange: time.timeRange,
    startDate: time.startDate,
    endDate: time.endDate,
    tags: state.tags.slice(0, MAP_FILTER_TAGS_MAX),
  };
}

/** The bar as the graph editor reports it (its own filter controls). */
export function filterStateFromInput(input: MapFiltersInput): MapFilterState {
  return {
    statuses: input.statuses ?? [],
    range: {
      timeRange: rangeOf(input.timeRange),
      startDay: dayOf(input.startDate),
      endDay: dayOf(input.endDate),
    },
    tags: input.tags ?? [],
  };
}
