import { useQuery } from '@apollo/client/react';
import { Text, VisuallyHidden } from '@mantine/core';
import { REACTION_EMOJI } from '@rules';
import { IconMoodSmile } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { MyReactionsDocument, type MyReactionsQuery } from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import {
  EngagedItemCard,
  engagedItemLink,
  engagedItemTitle,
  engagedPostTitle,
} from './EngagedItemCard';
import { EngagedItemsPage } from './EngagedItemsPage';

const KINDS = ['all', 'stories', 'problems', 'solutions', 'comments'] as const;
type Row = MyReactionsQuery['myReactions']['edges'][number]['node'];

/** /reactions: what I reacted to and may still see, latest first, narrowed by kind. */
export function ReactionsPage() {
  return (
    <RequireSignIn>
      <ReactionsList />
    </RequireSignIn>
  );
}

function ReactionsList() {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useQuery(MyReactionsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  return (
    <EngagedItemsPage
      ns="reactions"
      kinds={KINDS}
      emptyIcon={<IconMoodSmile size={32} />}
      page={data?.myReactions}
      loading={loading}
      error={error}
      refetch={refetch}
      errorTitle={t('reactions:page.loadFailed')}
      renderRow={(row: Row) => <ReactionRow row={row} />}
      loadMore={(after) => void fetchMore({ variables: { after } })}
    />
  );
}

function ReactionRow({ row }: { row: Row }) {
  const { t } = useTranslation();
  const comment = row.comment;
  const title = row.post
    ? engagedPostTitle(row.post)
    : engagedItemTitle({ html: comment?.commentHTML });
  return (
    <EngagedItemCard
      kind={row.itemType}
      title={title}
      to={engagedItemLink(
        row.itemType,
        row.itemId,
        comment ? { itemType: comment.itemType, itemId: comment.itemId } : undefined,
      )}
      when={row.reactedAt}
      trailing={
        <Text component="span" size="xl" title={t(`reactions:kinds.${row.reaction}`)}>
          <span aria-hidden>{REACTION_EMOJI[row.reaction]}</span>
          <VisuallyHidden>{t(`reactions:kinds.${row.reaction}`)}</VisuallyHidden>
        </Text>
      }
    />
  );
}
