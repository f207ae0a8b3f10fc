import { Button, Center, Chip, EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf, type Connection } from '../../app/cursorPages';
import { loadStateView, SkeletonRows } from '../../components/LoadState';

export interface EngagedItemsPageProps<Row extends { itemType: string; itemId: string }> {
  /** The locale namespace holding page.{title,intro,empty,loadMore} and filters.<kind>. */
  ns: 'reactions' | 'bookmarks';
  /** The filter chips: 'all' and the item kinds the list can hold. */
  kinds: readonly ('all' | Row['itemType'])[];
  emptyIcon: ReactNode;
  page: Connection<Row> | undefined;
  loading: boolean;
  error: unknown;
  refetch: () => unknown;
  /** The retry alert's title, e.g. t('reactions:page.loadFailed'). */
  errorTitle: string;
  loadMore: (after: string) => void;
  renderRow: (row: Row) => ReactNode;
}

/**
 * /reactions and /bookmarks: what I engaged with and may still see, newest first, narrowed by kind;
 * the loading, failed and empty states; Load more while there is more.
 */
export function EngagedItemsPage<Row extends { itemType: string; itemId: string }>({
  ns,
  kinds,
  emptyIcon,
  page,
  loading,
  error,
  refetch,
  errorTitle,
  loadMore,
  renderRow,
}: EngagedItemsPageProps<Row>) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState<string>('all');
  const cursor = nextCursorOf(page);
  const rows = nodesOf(page).filter((row) => filter === 'all' || row.itemType === filter);

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SkeletonRows count={3} height={72} label={t('common:app.loading')} />,
    errorTitle,
  });

  let body: ReactNode;
  if (waiting) body = waiting;
  else if (rows.length === 0)
    body = (
      <EmptyState icon={emptyIcon} withIndicatorBackground title={t(`${ns}:page.empty`)} py="xl" />
    );
  else
    body = rows.map((row) => (
      <Fragment key={`${row.itemType}/${row.itemId}`}>{renderRow(row)}</Fragment>
    ));

  return (
    <Stack gap="md" maw={720} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {t(`${ns}:page.title`)}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`${ns}:page.intro`)}
        </Text>
      </Stack>
      <Chip.Group value={filter} onChange={(value) => setFilter(value as string)}>
        <Group gap="xs">
          {kinds.map((kind) => (
            <Chip key={kind} value={kind} size="sm">
              {t(`${ns}:filters.${kind}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {body}
      {cursor ? (
        <Center>
          <Button variant="subtle" onClick={() => loadMore(cursor)}>
            {t(`${ns}:page.loadMore`)}
          </Button>
        </Center>
      ) : null}
    </Stack>
  );
}
