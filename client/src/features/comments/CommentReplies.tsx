import { Button, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { RepliesDocument } from '../../gql/graphql';
import { repliesVariables } from './commentCache';
import { CommentItem, type CommentWrites } from './CommentItem';
import { usePagedQueryState } from '../../components/usePagedQueryState';

/**
 * A comment's replies, oldest first, indented under it. Loaded on the first expand and then kept
 * in the cache (a later expand shows them at once; live changes keep them current).
 */
export function CommentReplies({
  commentId,
  writes,
}: {
  commentId: string;
  writes: CommentWrites;
}) {
  const { t } = useTranslation();
  const query = useQuery(RepliesDocument, {
    variables: repliesVariables(commentId),
  });
  const page = query.data?.replies;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: <Skeleton height={40} radius="sm" />,
    errorTitle: t('comments:thread.loadFailed'),
  });

  let body;
  if (waiting) body = waiting;
  else
    body = (
      <>
        {nodesOf(page).map((reply) => (
          <CommentItem key={reply.id} comment={reply} writes={writes} />
        ))}
        {nextCursorOf(page) ? (
          <Button
            variant="subtle"
            size="compact-xs"
            loading={loadingMore}
            onClick={() => void loadMore()}
          >
            {t('comments:thread.moreReplies')}
          </Button>
        ) : null}
      </>
    );
  return (
    <Stack
      gap="sm"
      pl="md"
      ml="lg"
      style={{ borderLeft: '2px solid var(--mantine-color-default-border)' }}
    >
      {body}
    </Stack>
  );
}
