import { useState } from 'react';
import type { MapFiltersInput, ProgressMapDetailFragment } from '../../gql/graphql';
import {
  filterStateFromInput,
  filterStateOf,
  filtersInputOf,
  type MapFilterState,
} from './mapFilters';

/**
 * A map page's filters: the bar starts from the map's saved filters (a default map's from none),
 * and `input` stays null (the server applies the saved ones) until the viewer changes something.
 */
export function useMapFilters(saved: ProgressMapDetailFragment['filters'] | null) {
  const [changed, setChanged] = useState<MapFilterState | null>(null);
  const bar = changed ?? filterStateOf(saved);
  return {
    bar,
    input: changed ? filtersInputOf(changed) : null,
    setBar: setChanged,
    /** What the graph editor's own filter controls chose. */
    setFromEditor: (input: MapFiltersInput) => setChanged(filterStateFromInput(input)),
    reset: changed ? () => setChanged(null) : undefined,
  };
}
