import { Anchor, Button, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconLock, IconRoute } from '@tabler/icons-react';
import { DEFAULT_PAGE_SIZE, mapDescriptionPreview, type WaypointScope } from '@rules';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { useActiveSpace } from '../../app/useActiveSpace';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { RelativeTime } from '../../components/RelativeTime';
import { useLoadMore } from '../../components/useLoadMore';
import { WaypointsDocument, type WaypointItemFragment } from '../../gql/graphql';
import { useRequireSignIn, useViewer } from '../auth';
import { MapsMenu } from './MapsMenu';
import { EmptyNotice } from '../../components/EmptyNotice';

/** The two waypoint lists and their addresses (the spec's /waypoints/myNodes and /waypoints/space). */
const TABS: { scope: WaypointScope; path: string }[] = [
  { scope: 'mine', path: 'myNodes' },
  { scope: 'space', path: 'space' },
];

/** /waypoints/myNodes and /waypoints/space: waypoints (maps' own nodes), each linking to its map. */
export function WaypointsPage({ scope }: { scope: WaypointScope }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { viewer, loading } = useViewer();
  const labels: Record<WaypointScope, string> = {
    mine: t('maps:waypoints.mine'),
    space: t('maps:waypoints.space'),
  };
  return (
    <Stack gap="md" maw={820} mx="auto" w="100%">
      <Card withBorder radius="md" padding="sm">
        <Stack gap="xs">
          <Stack gap={2}>
            <Title order={1} size="h3">
              {t('maps:waypoints.title')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('maps:waypoints.intro')}
            </Text>
          </Stack>
          <MapsMenu />
        </Stack>
      </Card>
      <Tabs
        value={scope}
        onChange={(value) => {
          const tab = TABS.find((item) => item.scope === value);
          if (tab) void navigate(`/waypoints/${tab.path}`);
        }}
      >
        <Tabs.List>
          {TABS.map((tab) => (
            <Tabs.Tab key={tab.scope} value={tab.scope}>
              {labels[tab.scope]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {scope === 'mine' && !viewer ? (
        loading ? (
          <SkeletonRows count={3} height={72} label={t('maps:waypoints.loading')} />
        ) : (
          <SignInFirst />
        )
      ) : (
        <WaypointList key={`${scope}-${viewer?.id ?? 'guest'}`} scope={scope} />
      )}
    </Stack>
  );
}

function SignInFirst() {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  return (
    <EmptyNotice
      icon={IconLock}
      title={t('maps:waypoints.signIn')}
      action={
        <Button onClick={() => requireSignIn(() => undefined)}>{t('common:auth.signIn')}</Button>
      }
    />
  );
}

function WaypointList({ scope }: { scope: WaypointScope }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const { data, loading, error, refetch, fetchMore } = useQuery(WaypointsDocument, {
    variables: { scope, spaceId, first: DEFAULT_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = data?.waypoints;
  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } }),
    [fetchMore],
  );
  const { loadMore, loadingMore, sentinel } = useLoadMore(nextCursorOf(page), fetchPage);
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SkeletonRows count={3} height={72} label={t('maps:waypoints.loading')} />,
    errorTitle: t('maps:waypoints.loadFailed'),
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0)
    return (
      <EmptyNotice
        icon={IconRoute}
        title={scope === 'mine' ? t('maps:waypoints.emptyMine') : t('maps:waypoints.emptySpace')}
        hint={t('maps:waypoints.emptyHint')}
      />
    );
  return (
    <Stack gap="sm">
      {items.map((waypoint) => (
        <WaypointCard key={waypoint.id} waypoint={waypoint} />
      ))}
      {nextCursorOf(page) ? (
        <LoadMoreFooter
          sentinel={sentinel}
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('maps:list.loadMore')}
        />
      ) : null}
    </Stack>
  );
}

function WaypointCard({ waypoint }: { waypoint: WaypointItemFragment }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm" component="article">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap">
          <IconRoute size={18} aria-hidden />
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {waypoint.name}
          </Text>
        </Group>
        {waypoint.description ? (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {mapDescriptionPreview(waypoint.description)}
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          <Text size="xs" c="dimmed">
            {t('maps:waypoints.onMap')}
          </Text>
          <Anchor component={Link} to={`/graphviews/${waypoint.mapId}`} size="sm" fw={600}>
            {waypoint.mapName}
          </Anchor>
          <Text size="xs" c="dimmed">
            · {waypoint.author.displayName} ·
          </Text>
          <RelativeTime date={waypoint.createdAt} size="xs" />
        </Group>
      </Stack>
    </Card>
  );
}
