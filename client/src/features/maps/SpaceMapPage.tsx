import { Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import type { GraphType } from '@rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { LastProgressMapDocument, SpaceGraphDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { GraphView, MapCanvasSkeleton, useMapCanvasLoadState } from './GraphView';
import { MapFilterBar } from './MapFilterBar';
import type { MapViewLinks } from './MapsMenu';
import { MAP_PAGE_WIDTH, MapHeader, MapScreen } from './MapScreen';
import { notifyMapWarning } from './mapToasts';
import { useMapFilters } from './useMapFilters';

/** Where a route pair's two views are. */
const viewsOf = (base: string, mode: GraphType): MapViewLinks => ({
  current: mode,
  to: { '2D': `${base}/2d`, '3D': `${base}/3d` },
});

/**
 * A space's default map (no map saved): its problems, solutions and tags, or with `stories` its
 * stories graph, laid out automatically and never saved.
 */
function DefaultMap({
  mode,
  stories = false,
  views,
  title,
}: {
  mode: GraphType;
  stories?: boolean;
  views: MapViewLinks;
  title: string;
}) {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const filters = useMapFilters(null);
  const { data, loading, error, refetch } = useQuery(SpaceGraphDocument, {
    variables: { spaceId, filters: filters.input, stories: stories || null },
    fetchPolicy: 'cache-and-network',
  });
  const waiting = useMapCanvasLoadState({ data, loading, error, refetch });
  return (
    <Stack gap="sm" maw={MAP_PAGE_WIDTH} mx="auto" w="100%">
      <MapHeader
        title={title}
        subtitle={
          <Text size="sm" c="dimmed">
            {t('maps:space.subtitle', { space: spaceName })}
          </Text>
        }
        map={null}
        views={views}
      />
      <MapFilterBar value={filters.bar} onChange={filters.setBar} onReset={filters.reset} />
      {waiting ??
        (data ? (
          <GraphView
            map={null}
            graph={data.spaceGraph}
            mode={mode}
            onFiltersChange={filters.setFromEditor}
          />
        ) : null)}
    </Stack>
  );
}

/** /spacemaps/2d and /spacemaps/3d: the active space's default map. */
export function SpaceMapPage({ mode }: { mode: GraphType }) {
  const { t } = useTranslation();
  return (
    <DefaultMap
      key={mode}
      mode={mode}
      views={viewsOf('/spacemaps', mode)}
      title={t('maps:space.title')}
    />
  );
}

/** /storymaps/2d: the active space's stories graph (stories, their problems and authors). */
export function StoryMapPage() {
  const { t } = useTranslation();
  return (
    <DefaultMap
      mode="2D"
      stories
      views={{ current: '2D', to: { '2D': '/storymaps/2d', '3D': null } }}
      title={t('maps:space.storiesTitle')}
    />
  );
}

/**
 * /bumpscapes/2d and /bumpscapes/3d: the viewer's last saved graph map of the space with that
 * view; with none, the space's default map and the spec's warning.
 */
export function LastMapPage({ mode }: { mode: GraphType }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { loading: viewerLoading } = useViewer();
  const { data, loading, error, refetch } = useQuery(LastProgressMapDocument, {
    variables: { spaceId, graphType: mode },
    fetchPolicy: 'cache-and-network',
  });
  const none = !viewerLoading && !!data && !data.lastProgressMap;
  const warned = useRef(false);
  useEffect(() => {
    if (!none || warned.current) return;
    warned.current = true;
    notifyMapWarning(t('maps:toast.noPreviousMaps'));
  }, [none, t]);

  const views = viewsOf('/bumpscapes', mode);
  const map = data?.lastProgressMap;
  if (map) return <MapScreen key={`${map.id}-${mode}`} map={map} mode={mode} views={views} />;
  const waiting = loadStateView({
    loading: loading || viewerLoading,
    error,
    refetch,
    hasData: !!data,
    skeleton: <MapCanvasSkeleton />,
    errorTitle: t('maps:page.loadFailed'),
  });
  return (
    waiting ?? <DefaultMap key={mode} mode={mode} views={views} title={t('maps:space.title')} />
  );
}
