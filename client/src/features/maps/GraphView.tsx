import { Skeleton } from '@mantine/core';
import type { GraphType } from '@rules';
import { lazy, Suspense, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPageTexts } from '../../app/i18n';
import { loadStateView } from '../../components/LoadState';
import type {
  MapFiltersInput,
  MapGraphFragment,
  ProgressMapDetailFragment,
} from '../../gql/graphql';

// The 2D and 3D editor (React Flow, three.js) loads with the first graph map opened, its texts
// (the mapEditor namespace) with it.
const GraphMap = lazy(async () => {
  const [editor] = await Promise.all([import('./graph/GraphMap'), loadPageTexts('mapEditor')]);
  return editor;
});

/** How tall a map's canvas is: most of the screen, never cramped. */
export const MAP_CANVAS_HEIGHT = 'max(420px, min(75dvh, 820px))';

export function MapCanvasSkeleton() {
  const { t } = useTranslation();
  return (
    <Skeleton
      h={MAP_CANVAS_HEIGHT}
      radius="md"
      role="status"
      aria-busy
      aria-label={t('maps:page.loadingMap')}
    />
  );
}

/**
 * What a map's canvas shows instead of its content: the skeleton while the query loads, the retry
 * alert when it failed; null once there is data.
 */
export function useMapCanvasLoadState(query: {
  data: unknown;
  loading: boolean;
  error: unknown;
  refetch: () => unknown;
}): ReactElement | null {
  const { t } = useTranslation();
  return loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <MapCanvasSkeleton />,
    errorTitle: t('maps:page.graphFailed'),
  });
}

/** A graph map (or a space's default map: `map` null) in the graph editor. */
export function GraphView(props: {
  map: ProgressMapDetailFragment | null;
  graph: MapGraphFragment;
  mode: GraphType;
  recipe?: boolean;
  onFiltersChange: (filters: MapFiltersInput) => void;
}) {
  return (
    <div style={{ height: MAP_CANVAS_HEIGHT, position: 'relative' }}>
      <Suspense fallback={<MapCanvasSkeleton />}>
        <GraphMap {...props} />
      </Suspense>
    </div>
  );
}
