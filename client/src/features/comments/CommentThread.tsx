import {
  Button,
  Card,
  Center,
  Divider,
  Group,
  Menu,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery, useSubscription } from '@apollo/client/react';
import { IconArrowsSort, IconCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import { loadStateView } from '../../components/LoadState';
import { notifySuccess } from '../../components/notify';
import { useLoadMoreAfter } from '../../components/useLoadMore';
import { CommentChangedDocument, CommentsDocument, type CommentSort } from '../../gql/graphql';
import { WatchLevelMenu } from '../notifications';
import { CommentBox } from './CommentBox';
import { CommentItem } from './CommentItem';
import { CommentReplies } from './CommentReplies';
import {
  applyLiveChange,
  COMMENT_SORT_OPTIONS,
  threadVariables,
  type ThreadRef,
} from './commentCache';
import { notifyCommentFailure } from './notifyCommentFailure';
import { useCommentMutations } from './useCommentMutations';

/**
 * A post's comment thread (000 §2 "Comment thread"): the comment box, the Top / Recent sort, the
 * comments with their replies, further pages on demand; changes by anyone arrive live.
 */
export function CommentThread({ itemType, itemId }: ThreadRef) {
  const { t } = useTranslation();
  const thread = { itemType, itemId };
  const [orderBy, setOrderBy] = useState<CommentSort>('recent');
  const writes = useCommentMutations(thread);
  const sessionEpoch = useSessionEpoch();
  const { data, loading, error, fetchMore, refetch } = useQuery(CommentsDocument, {
    variables: threadVariables(thread, orderBy),
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = data?.comments;
  const { loadMore, loadingMore } = useLoadMoreAfter(nextCursorOf(page), fetchMore);

  const add = async (html: string) => {
    try {
      await writes.addComment(html);
      notifySuccess(t('comments:toasts.msg_comment_success'));
    } catch (caught) {
      notifyCommentFailure(t('comments:toasts.msg_comment_add_failed'), caught);
      throw caught;
    }
  };

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: (
      <Stack gap="sm">
        <Skeleton height={48} radius="sm" />
        <Skeleton height={48} radius="sm" />
      </Stack>
    ),
    errorTitle: t('comments:thread.loadFailed'),
  });
  let body;
  if (waiting) {
    body = waiting;
  } else if (!nodesOf(page).length) {
    body = (
      <Text c="dimmed" size="sm">
        {t('comments:thread.empty')}
      </Text>
    );
  } else {
    body = (
      <Stack gap="md">
        {nodesOf(page).map((comment) => (
          <CommentItem
            key={comment.id}
            comment={comment}
            writes={writes}
            Replies={CommentReplies}
          />
        ))}
        {nextCursorOf(page) ? (
          <Center>
            <Button
              variant="subtle"
              size="xs"
              loading={loadingMore}
              onClick={() => void loadMore()}
            >
              {t('comments:thread.more')}
            </Button>
          </Center>
        ) : null}
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="comments-title">
      {/* A new identity resubscribes: what the thread may show depends on who reads it. */}
      <LiveThread key={sessionEpoch} thread={thread} />
      <Stack gap="md">
        <Group justify="space-between">
          <Title order={2} size="h4" id="comments-title">
            {t('comments:thread.title')}
          </Title>
          <Group gap={4} wrap="nowrap">
            <WatchLevelMenu itemType={itemType} itemId={itemId} />
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button variant="subtle" size="xs" leftSection={<IconArrowsSort size={14} />}>
                  {t(`comments:sort.${orderBy}`)}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {COMMENT_SORT_OPTIONS.map((option) => (
                  <Menu.Item
                    key={option}
                    onClick={() => setOrderBy(option)}
                    rightSection={option === orderBy ? <IconCheck size={14} /> : null}
                  >
                    {t(`comments:sort.${option}`)}
                  </Menu.Item>
                ))}
              </Menu.Dropdown>
            </Menu>
          </Group>
        </Group>
        <CommentBox
          label={t('comments:thread.boxLabel')}
          submitLabel={t('comments:thread.submit')}
          onSubmit={add}
        />
        <Divider />
        {body}
      </Stack>
    </Card>
  );
}

/** The thread's live changes, merged into the cache by id (nothing rendered). */
function LiveThread({ thread }: { thread: ThreadRef }) {
  useSubscription(CommentChangedDocument, {
    variables: thread,
    ignoreResults: true,
    onData: ({ client, data }) => {
      const change = data.data?.commentChanged;
      if (change) applyLiveChange(client.cache, thread, change);
    },
    onError: (caught) => console.warn('commentChanged subscription ended', caught),
  });
  return null;
}
