import { Anchor } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconArrowLeft } from '@tabler/icons-react';
import type { GraphType } from '@rules';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { loadStateView, type ErrorPages } from '../../components/LoadState';
import { ProgressMapDocument, type ProgressMapDetailFragment } from '../../gql/graphql';
import { MapCanvasSkeleton } from './GraphView';
import type { MapViewLinks } from './MapsMenu';
import { graphViewPath } from './mapPaths';
import { MapScreen } from './MapScreen';

/** Codes meaning "no such map for you": deleted, never existed, private to someone else. */
const MISSING_MAP: ErrorPages = { NOT_FOUND: 404, BAD_USER_INPUT: 404, FORBIDDEN: 404 };

/** A graph map's 2D/3D toggle: the views its author gave it, the other one off. */
export function mapViews(map: ProgressMapDetailFragment, mode: GraphType): MapViewLinks {
  const view = (graphType: GraphType) =>
    map.graphTypes.includes(graphType) ? graphViewPath(map.id, graphType) : null;
  return { current: mode, to: { '2D': view('2D'), '3D': view('3D') } };
}

/** The view a graph map opens in when the address does not say: its first (2D when it has it). */
const firstView = (map: ProgressMapDetailFragment): GraphType =>
  map.graphTypes.includes('2D') || !map.graphTypes.includes('3D') ? '2D' : '3D';

/** One map by id, or what to show while it loads or when it is not there for the viewer. */
function useMapById(id: string) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ProgressMapDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const map = data?.progressMap ?? null;
  const waiting = map
    ? null
    : loadStateView({
        loading,
        error,
        refetch,
        skeleton: <MapCanvasSkeleton />,
        errorTitle: t('maps:page.loadFailed'),
        errorPages: MISSING_MAP,
        itemPage: true,
      });
  return { map, waiting };
}

/** /graphviews/:id: a map in the view its type draws (a graph map in its first view). */
export function MapPage() {
  const { id = '' } = useParams();
  const { map, waiting } = useMapById(id);
  if (!map) return waiting;
  const mode = firstView(map);
  return <MapScreen key={map.id} map={map} mode={mode} views={mapViews(map, mode)} />;
}

/** /spacemaps/2d/:id (a map's share target) and /spacemaps/3d/:id: a graph map in one view. */
export function MapViewPage({ mode }: { mode: GraphType }) {
  const { id = '' } = useParams();
  const { map, waiting } = useMapById(id);
  if (!map) return waiting;
  return <MapScreen key={map.id} map={map} mode={mode} views={mapViews(map, mode)} />;
}

/** /problem/:id/recipes/:id2: a recipe (a problem's 2D graph map) in recipe mode. */
export function RecipePage() {
  const { t } = useTranslation();
  const { id2 = '' } = useParams();
  const { map, waiting } = useMapById(id2);
  if (!map) return waiting;
  return (
    <MapScreen
      key={map.id}
      map={map}
      mode="2D"
      views={null}
      recipe
      before={
        map.problemId ? (
          <Anchor
            component={Link}
            to={`/problem/${map.problemId}/recipes`}
            size="sm"
            style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
          >
            <IconArrowLeft size={14} aria-hidden />
            {t('maps:recipes.back')}
          </Anchor>
        ) : null
      }
    />
  );
}
