import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import type { GraphType } from '@rules';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import {
  MapGraphDocument,
  type MapFiltersInput,
  type ProgressMapDetailFragment,
} from '../../gql/graphql';
import { BookmarkButton } from '../bookmarks';
import { AuthorName } from '../people';
import { ShareButton } from '../share';
import { GraphView, MapCanvasSkeleton, useMapCanvasLoadState } from './GraphView';
import { MapChips, MapTypeIcon } from './MapBits';
import { mapShareTarget } from './MapCard';
import { MapFilterBar } from './MapFilterBar';
import { MapsMenu, type MapViewLinks } from './MapsMenu';
import { useMapFilters } from './useMapFilters';

// Each view loads with the first map of its type: the chart library and MapLibre stay off the
// other map pages.
const KanbanMap = lazy(() => import('./KanbanMap'));
const ScurveMap = lazy(() => import('./ScurveMap'));
const LocationMap = lazy(() => import('./LocationMap'));

/** Map pages use the width of the screen: a map is a canvas, not a column of text. */
export const MAP_PAGE_WIDTH = 1400;

/** The top of every map page: what it is, the maps menu, and (for a saved map) share and bookmark. */
export function MapHeader({
  title,
  subtitle,
  map,
  views,
  before,
}: {
  title: string;
  subtitle?: ReactNode;
  /** The saved map shown, or null for a space's default map. */
  map: ProgressMapDetailFragment | null;
  views: MapViewLinks | null;
  /** Above the title (a recipe's way back to its problem). */
  before?: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="sm">
      <Stack gap="xs">
        {before}
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
            {map ? <MapTypeIcon type={map.type} size={28} /> : null}
            <Stack gap={4} style={{ minWidth: 0 }}>
              <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {subtitle}
            </Stack>
          </Group>
          {map ? (
            <Group gap={4} wrap="nowrap">
              <ShareButton target={mapShareTarget(map)} spaceId={map.spaceId} title={map.name} />
              <BookmarkButton itemType="views" item={map} />
            </Group>
          ) : null}
        </Group>
        <MapsMenu views={views} map={map} />
      </Stack>
    </Card>
  );
}

/** A saved map's chips, author and last save, under its title. */
function MapByline({ map }: { map: ProgressMapDetailFragment }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <MapChips map={map} />
      <Group gap="xs" wrap="wrap">
        <AuthorAvatar
          author={map.author}
          anonymous={false}
          name={map.author.displayName}
          size={22}
        />
        <AuthorName author={map.author} name={map.author.displayName} anonymous={false} />
        <Text size="xs" c="dimmed">
          {t('maps:card.updated')}
        </Text>
        <RelativeTime date={map.updatedAt} size="xs" />
      </Group>
      {map.description ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
          {map.description}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A graph map's nodes with the viewer's filters, in the graph editor. */
function SavedGraph({
  map,
  mode,
  filters,
  recipe,
  onFiltersChange,
}: {
  map: ProgressMapDetailFragment;
  mode: GraphType;
  filters: MapFiltersInput | null;
  recipe: boolean;
  onFiltersChange: (filters: MapFiltersInput) => void;
}) {
  const { data, loading, error, refetch } = useQuery(MapGraphDocument, {
    variables: { id: map.id, filters },
    fetchPolicy: 'cache-and-network',
  });
  const waiting = useMapCanvasLoadState({ data, loading, error, refetch });
  if (waiting || !data) return waiting;
  return (
    <GraphView
      map={map}
      graph={data.mapGraph}
      mode={mode}
      recipe={recipe}
      onFiltersChange={onFiltersChange}
    />
  );
}

/**
 * A saved map's page below the shell: its header, the filter bar (its changes go to the view's
 * query, never to the saved map), and the view its type draws: graph (2D or 3D), kanban, s-curve
 * or location.
 */
export function MapScreen({
  map,
  mode,
  views,
  recipe = false,
  before,
}: {
  map: ProgressMapDetailFragment;
  mode: GraphType;
  views: MapViewLinks | null;
  recipe?: boolean;
  before?: ReactNode;
}) {
  const filters = useMapFilters(map.filters);
  let view: ReactNode;
  switch (map.type) {
    case 'kanban':
      view = <KanbanMap map={map} filters={filters.input} />;
      break;
    case 'scurve':
      view = <ScurveMap map={map} filters={filters.input} />;
      break;
    case 'location':
      view = <LocationMap map={map} filters={filters.input} />;
      break;
    default:
      view = (
        <SavedGraph
          map={map}
          mode={mode}
          filters={filters.input}
          recipe={recipe}
          onFiltersChange={filters.setFromEditor}
        />
      );
  }
  return (
    <Stack gap="sm" maw={MAP_PAGE_WIDTH} mx="auto" w="100%">
      <MapHeader
        title={map.name}
        subtitle={<MapByline map={map} />}
        map={map}
        views={map.type === 'graph' ? views : null}
        before={before}
      />
      <MapFilterBar
        value={filters.bar}
        onChange={filters.setBar}
        onReset={filters.reset}
        fields={{ statuses: map.type !== 'scurve' }}
      />
      <Suspense fallback={<MapCanvasSkeleton />}>{view}</Suspense>
    </Stack>
  );
}
