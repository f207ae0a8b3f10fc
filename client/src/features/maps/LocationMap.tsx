import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  MapConfigDocument,
  MapGraphDocument,
  type MapFiltersInput,
  type MapGraphFragment,
  type ProgressMapDetailFragment,
} from '../../gql/graphql';
import { PlacesMap, type MapPost } from '../places';
import { useMapCanvasLoadState } from './GraphView';
import { useMapLabels } from './MapBits';
import { nodePath } from './mapPaths';

/** The map's nodes that have a place and a page, as the location view draws posts. */
export function locatedPosts(nodes: MapGraphFragment['nodes']): MapPost[] {
  return nodes.flatMap((node) => {
    const path = nodePath(node);
    if (node.lat == null || node.lng == null || !path) return [];
    return [
      {
        postType: node.kind,
        postId: node.refId,
        title: node.label,
        lat: node.lat,
        lng: node.lng,
        formattedLocation: null,
        path,
      },
    ];
  });
}

/**
 * A location map: the map's located items on the location view (the /location page's MapLibre
 * map), and the same items as a list for readers who do not use the map.
 */
export default function LocationMap({
  map,
  filters,
}: {
  map: ProgressMapDetailFragment;
  filters: MapFiltersInput | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const labels = useMapLabels();
  const graph = useQuery(MapGraphDocument, {
    variables: { id: map.id, filters },
    fetchPolicy: 'cache-and-network',
  });
  const config = useQuery(MapConfigDocument);
  const posts = useMemo(() => locatedPosts(graph.data?.mapGraph.nodes ?? []), [graph.data]);

  const waiting = useMapCanvasLoadState({
    data: graph.data && config.data,
    loading: graph.loading || config.loading,
    error: graph.error ?? config.error,
    refetch: () => Promise.all([graph.refetch(), config.refetch()]),
  });
  if (waiting) return waiting;

  return (
    <Stack gap="md">
      <PlacesMap
        posts={posts}
        tileUrl={config.data?.clientConfig.tileUrl ?? null}
        typeLabel={labels.nodeKind}
        untitled={t('maps:location.untitled')}
        openLabel={t('maps:location.open')}
        label={t('maps:location.region', { name: map.name })}
        onOpen={(path) => void navigate(path)}
      />
      {posts.length === 0 ? (
        <Stack gap={2}>
          <Text fw={600}>{t('maps:location.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('maps:location.emptyHint')}
          </Text>
        </Stack>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {posts.map((post) => (
            <Group key={`${post.postType}-${post.postId}`} gap="xs" component="li" wrap="nowrap">
              <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                {labels.nodeKind(post.postType)}
              </Badge>
              <Anchor component={Link} to={post.path} size="sm" truncate="end">
                {post.title || t('maps:location.untitled')}
              </Anchor>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
