import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconMask, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import { useLoadMoreAfter } from '../../components/useLoadMore';
import { PendingPostsDocument, type PendingPostsQuery } from '../../gql/graphql';
import { REPORTS_PAGE_SIZE } from './ReportList';
import { useModeration } from './useModeration';
import { ModerationLoadMore } from './ModerationLoadMore';
import { EmptyNotice } from '../../components/EmptyNotice';

type PendingPost = PendingPostsQuery['pendingPosts']['edges'][number]['node'];

/** 'Awaiting approval': anonymous posts moderators approve (into feeds) or reject. */
export function PendingPostList({ spaceId }: { spaceId?: string }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useQuery(PendingPostsDocument, {
    variables: { spaceId: spaceId ?? null, first: REPORTS_PAGE_SIZE },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.pendingPosts;
  const more = useLoadMoreAfter(nextCursorOf(page), fetchMore);

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SkeletonRows count={2} height={96} label={t('reports:pages.loading')} />,
    errorTitle: t('reports:pages.loadFailed'),
    errorPages: { FORBIDDEN: 403 },
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0) return <EmptyNotice icon={IconMask} title={t('reports:pending.empty')} />;
  return (
    <Stack gap="md">
      {items.map((post) => (
        <PendingPostCard key={`${post.itemType}:${post.itemId}`} post={post} />
      ))}
      <ModerationLoadMore more={more} />
    </Stack>
  );
}

function PendingPostCard({ post }: { post: PendingPost }) {
  const { t } = useTranslation();
  const moderation = useModeration();
  const [rejecting, setRejecting] = useState(false);
  const item = { itemType: post.itemType, itemId: post.itemId };

  const run = async (action: 'approve' | 'reject') => {
    try {
      await moderation.moderateItem(action, item);
      notifySuccess(
        t(action === 'approve' ? 'reports:actions.approved' : 'reports:actions.rejected'),
      );
      setRejecting(false);
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-label={t('reports:pending.label')}
    >
      <Stack gap="sm">
        <Group gap={6}>
          <Badge variant="default" size="sm">
            {t(`reports:kinds.${post.itemType}`)}
          </Badge>
          <RelativeTime date={post.createdAt} />
          {post.author ? (
            <Text size="sm" c="dimmed">
              {t('reports:pending.by', { name: post.author.displayName })}
            </Text>
          ) : null}
          {post.spaceName ? (
            <Badge variant="light" size="sm" tt="none">
              {post.spaceName}
            </Badge>
          ) : null}
        </Group>
        {post.excerpt ? (
          <Text size="sm" lineClamp={4}>
            {post.excerpt}
          </Text>
        ) : null}
        <Group justify="space-between">
          {post.route ? (
            <Anchor component={Link} to={post.route} size="sm">
              {t('reports:card.openItem')}
            </Anchor>
          ) : (
            <span />
          )}
          <Group gap="xs">
            <Button
              variant="default"
              size="compact-sm"
              leftSection={<IconX size={14} />}
              onClick={() => setRejecting(true)}
            >
              {t('reports:actions.reject')}
            </Button>
            <Button
              color="teal"
              size="compact-sm"
              leftSection={<IconCheck size={14} />}
              loading={moderation.busy && !rejecting}
              onClick={() => void run('approve')}
            >
              {t('reports:actions.approve')}
            </Button>
          </Group>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={rejecting}
        title={t('reports:confirm.rejectTitle')}
        message={t('reports:confirm.rejectMessage')}
        confirmLabel={t('reports:actions.reject')}
        loading={moderation.busy}
        onConfirm={() => void run('reject')}
        onCancel={() => setRejecting(false)}
      />
    </Card>
  );
}
