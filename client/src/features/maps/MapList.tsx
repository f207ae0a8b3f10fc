import { Card, Skeleton, Stack } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconChartDots3 } from '@tabler/icons-react';
import { MAP_LIST_SETTLE_MS } from '@rules';
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { notifySuccess } from '../../components/notify';
import { useLoadMore } from '../../components/useLoadMore';
import {
  ProgressMapsDocument,
  type ProgressMapCardFragment,
  type ProgressMapsQueryVariables,
} from '../../gql/graphql';
import { MapItem, type MapView } from './MapCard';
import { notifyMapFailure } from './mapToasts';
import { MapWizardDialog } from './MapWizard';
import { useMapMutations } from './useMapMutations';
import { EmptyNotice } from '../../components/EmptyNotice';

/**
 * True for a moment (MAP_LIST_SETTLE_MS) after `key` changes: the list shows its loading state
 * briefly after a sort or filter (spec 000 §4), so the change is seen even when the cache answers.
 */
function useSettling(key: string): boolean {
  const [settled, setSettled] = useState(key);
  useEffect(() => {
    if (settled === key) return undefined;
    const timer = window.setTimeout(() => setSettled(key), MAP_LIST_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [key, settled]);
  return settled !== key;
}

export interface MapListProps {
  variables: ProgressMapsQueryVariables;
  /** What the person chose (sort, filters): a change shows the brief loading state. */
  choices?: string;
  view: MapView;
  /** Only the maps whose name holds this text (the maps menu's search), among those loaded. */
  search?: string;
  empty: { title: string; description?: string; action?: ReactNode };
  /** Shown instead of `empty` when the search leaves nothing. */
  noMatch: string;
}

/**
 * One maps list (a space's directory or a problem's recipes), loading further pages (keyset) as
 * the end scrolls into view; the author's Edit (the wizard as Update Map) and Delete (confirmed).
 */
export function MapList({
  variables,
  choices = '',
  view,
  search = '',
  empty,
  noMatch,
}: MapListProps) {
  const { t } = useTranslation();
  const { data, loading, error, fetchMore, refetch } = useQuery(ProgressMapsDocument, {
    variables,
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const settling = useSettling(choices);
  const { deleteMap, deleting } = useMapMutations();
  // The map stays set while the dialog closes, so its title does not change on the way out.
  const [editing, setEditing] = useState<ProgressMapCardFragment | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [removing, setRemoving] = useState<ProgressMapCardFragment | null>(null);
  const page = data?.progressMaps;
  const cursor = nextCursorOf(page);

  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } }),
    [fetchMore],
  );
  const { loadMore, loadingMore, sentinel } = useLoadMore(cursor, fetchPage);

  const confirmDelete = async () => {
    if (!removing) return;
    try {
      await deleteMap(removing);
      notifySuccess(t('maps:toast.deleted'));
      setRemoving(null);
    } catch (caught) {
      notifyMapFailure(t('maps:toast.deleteFailed'), caught);
    }
  };

  const waiting = settling ? (
    <MapListSkeleton />
  ) : (
    loadStateView({
      loading,
      error,
      refetch,
      hasData: !!page,
      skeleton: <MapListSkeleton />,
      errorTitle: t('maps:list.loadFailed'),
    })
  );
  if (waiting) return waiting;

  const needle = search.trim().toLowerCase();
  const items = nodesOf(page).filter((map) => !needle || map.name.toLowerCase().includes(needle));
  return (
    <Stack gap={view === 'cards' ? 'md' : 'xs'}>
      {items.length === 0 ? (
        <EmptyNotice
          icon={IconChartDots3}
          title={needle && nodesOf(page).length ? noMatch : empty.title}
          hint={needle && nodesOf(page).length ? undefined : empty.description}
          action={needle && nodesOf(page).length ? undefined : empty.action}
        />
      ) : (
        items.map((map) => (
          <MapItem
            key={map.id}
            map={map}
            view={view}
            onEdit={(chosen) => {
              setEditing(chosen);
              setEditOpen(true);
            }}
            onDelete={setRemoving}
          />
        ))
      )}
      {cursor ? (
        <LoadMoreFooter
          sentinel={sentinel}
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('maps:list.loadMore')}
        />
      ) : null}
      <MapWizardDialog opened={editOpen} onClose={() => setEditOpen(false)} map={editing} />
      <ConfirmDialog
        opened={removing !== null}
        title={t('maps:delete.title')}
        message={t('maps:delete.message', { name: removing?.name ?? '' })}
        confirmLabel={t('common:actions.delete')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setRemoving(null)}
      />
    </Stack>
  );
}

export function MapListSkeleton({ count = 3 }: { count?: number }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" role="status" aria-busy aria-label={t('maps:list.loading')}>
      {Array.from({ length: count }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Skeleton height={14} width="45%" mb={10} />
          <Skeleton height={10} mb={8} />
          <Skeleton height={10} width="70%" />
        </Card>
      ))}
    </Stack>
  );
}
