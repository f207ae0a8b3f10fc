import { useQuery } from '@apollo/client/react';
import { Modal, Tabs, Text } from '@mantine/core';
import { REACTION_EMOJI } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nodesOf } from '../../app/cursorPages';
import { PeopleList, PeopleListSkeleton } from '../../components/PeopleList';
import { ReactorsDocument, type ReactableItemType, type ReactionKind } from '../../gql/graphql';
import { usePagedQueryState } from '../../components/usePagedQueryState';

/** Spec (000 §2): the reaction list dialog is at most 500 wide. */
const DIALOG_MAX_WIDTH = 500;
const PAGE_SIZE = 30;

export interface ReactionListDialogProps {
  opened: boolean;
  onClose: () => void;
  itemType: ReactableItemType;
  itemId: string;
  /** The kinds in use, each with its count, in the picker's order. */
  counts: readonly { reaction: ReactionKind; count: number }[];
  totalReactions: number;
}

/** Who reacted: an All tab and one per reaction in use, each a virtual list of people. */
export function ReactionListDialog(props: ReactionListDialogProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<string>('all');
  const kindLabel = (reaction: ReactionKind) => t(`reactions:kinds.${reaction}`);
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('reactions:list.title')}
      size={DIALOG_MAX_WIDTH}
    >
      <Tabs value={tab} onChange={(value) => setTab(value ?? 'all')} keepMounted={false}>
        <Tabs.List mb="xs">
          <Tabs.Tab value="all">
            {t('reactions:list.all', { count: props.totalReactions })}
          </Tabs.Tab>
          {props.counts.map(({ reaction, count }) => (
            <Tabs.Tab
              key={reaction}
              value={reaction}
              aria-label={t('reactions:list.kindTab', { count, reaction: kindLabel(reaction) })}
            >
              {REACTION_EMOJI[reaction]} {count}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value={tab}>
          <Reactors
            itemType={props.itemType}
            itemId={props.itemId}
            reaction={tab === 'all' ? null : (tab as ReactionKind)}
          />
        </Tabs.Panel>
      </Tabs>
    </Modal>
  );
}

function Reactors({
  itemType,
  itemId,
  reaction,
}: {
  itemType: ReactableItemType;
  itemId: string;
  reaction: ReactionKind | null;
}) {
  const { t } = useTranslation();
  const query = useQuery(ReactorsDocument, {
    variables: { itemType, itemId, reaction, first: PAGE_SIZE },
  });
  const page = query.data?.reactions;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: <PeopleListSkeleton label={t('common:app.loading')} />,
    errorTitle: t('reactions:list.loadFailed'),
  });
  if (waiting) return waiting;
  if (page && nodesOf(page).length === 0) {
    return (
      <Text c="dimmed" size="sm" py="md" ta="center">
        {t('reactions:list.empty')}
      </Text>
    );
  }
  return (
    <PeopleList
      label={t('reactions:list.title')}
      loading={query.loading || loadingMore}
      onEndReached={() => void loadMore()}
      rows={nodesOf(page).map((row) => ({
        key: row.user.id,
        person: row.user,
        trailing: (
          <Text component="span" size="lg" title={t(`reactions:kinds.${row.reaction}`)}>
            {REACTION_EMOJI[row.reaction]}
          </Text>
        ),
      }))}
    />
  );
}
