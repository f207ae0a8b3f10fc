import { Anchor, Badge, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { MapConfigDocument, SpaceLocationsDocument } from '../../gql/graphql';
import { PlacesMap, type MapPost } from './PlacesMap';

const PAGE_WIDTH = 1000;

/** Where a located post's page is. */
const pathOf = (postType: string, postId: string) =>
  postType === 'problem'
    ? `/problem/${postId}/info`
    : postType === 'solution'
      ? `/solution/${postId}/info`
      : `/story/${postId}`;

/**
 * /location: the active space's located stories, problems and solutions on a map (000 §2 location
 * view), and the same posts as a list for readers who do not use the map.
 */
export function LocationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { spaceId, spaceName } = useActiveSpace();
  const locations = useQuery(SpaceLocationsDocument, {
    variables: { spaceId },
    fetchPolicy: 'cache-and-network',
  });
  const config = useQuery(MapConfigDocument);
  const typeLabels: Record<string, string> = {
    story: t('places:map.types.story'),
    problem: t('places:map.types.problem'),
    solution: t('places:map.types.solution'),
  };
  const posts = useMemo<MapPost[]>(
    () =>
      (locations.data?.spaceLocations ?? []).map((post) => ({
        ...post,
        path: pathOf(post.postType, post.postId),
      })),
    [locations.data],
  );

  const waiting = loadStateView({
    loading: locations.loading || config.loading,
    error: locations.error ?? config.error,
    refetch: () => Promise.all([locations.refetch(), config.refetch()]),
    hasData: !!locations.data && !!config.data,
    skeleton: <Skeleton height={420} radius="md" aria-label={t('places:map.loading')} />,
    errorTitle: t('places:map.loadFailed'),
  });

  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t('places:map.title', { space: spaceName })}
        </Title>
        <Text size="sm" c="dimmed">
          {t('places:map.intro')}
        </Text>
      </Stack>
      {waiting ?? (
        <>
          <PlacesMap
            posts={posts}
            tileUrl={config.data?.clientConfig.tileUrl ?? null}
            typeLabel={(postType) => typeLabels[postType] ?? postType}
            untitled={t('places:map.untitled')}
            openLabel={t('places:map.open')}
            label={t('places:map.region')}
            onOpen={(path) => void navigate(path)}
          />
          {posts.length === 0 ? (
            <Stack gap={2}>
              <Text fw={600}>{t('places:map.empty')}</Text>
              <Text size="sm" c="dimmed">
                {t('places:map.emptyHint')}
              </Text>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Text size="sm" c="dimmed">
                {t('places:map.count', { count: posts.length })}
              </Text>
              <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {posts.map((post) => (
                  <Group
                    key={`${post.postType}-${post.postId}`}
                    gap="xs"
                    component="li"
                    wrap="nowrap"
                  >
                    <Badge size="xs" variant="light" style={{ flexShrink: 0 }}>
                      {typeLabels[post.postType] ?? post.postType}
                    </Badge>
                    <Anchor component={Link} to={post.path} size="sm" truncate="end">
                      {post.title || t('places:map.untitled')}
                    </Anchor>
                    {post.formattedLocation ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {post.formattedLocation}
                      </Text>
                    ) : null}
                  </Group>
                ))}
              </Stack>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
