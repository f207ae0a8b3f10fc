import { useQuery } from '@apollo/client/react';
import { Anchor, Badge, Stack, Table, Text } from '@mantine/core';
import type { ReportStatus } from '@rules';
import { IconFlag } from '@tabler/icons-react';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nextCursorOf, nodesOf, type Connection } from '../../app/cursorPages';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { RelativeTime } from '../../components/RelativeTime';
import { useLoadMore } from '../../components/useLoadMore';
import {
  MyReportsDocument,
  ReportQueueDocument,
  type ReportCardFieldsFragment,
} from '../../gql/graphql';
import { ReportActions } from './ReportActions';
import { openItemLabel, ReportCard, ReportedAuthor, TopicChips } from './ReportCard';
import { ReportStatusBadge } from './ReportStatusBadge';
import { ModerationLoadMore } from './ModerationLoadMore';
import { EmptyNotice } from '../../components/EmptyNotice';

export const REPORTS_PAGE_SIZE = 20;

/** Whose reports a list shows: mine, or a queue (the site's, or one private space's). */
export type ReportScope =
  { kind: 'mine' } | { kind: 'queue'; status: ReportStatus; spaceId?: string };

type Page = Connection<ReportCardFieldsFragment>;

/** The list's page, from whichever query its scope needs. */
function useReportPage(scope: ReportScope) {
  const mine = useQuery(MyReportsDocument, {
    variables: { first: REPORTS_PAGE_SIZE },
    skip: scope.kind !== 'mine',
    fetchPolicy: 'cache-and-network',
  });
  const queue = useQuery(ReportQueueDocument, {
    variables:
      scope.kind === 'queue'
        ? { status: scope.status, spaceId: scope.spaceId ?? null, first: REPORTS_PAGE_SIZE }
        : {},
    skip: scope.kind !== 'queue',
    fetchPolicy: 'cache-and-network',
  });
  const { fetchMore: fetchMoreMine } = mine;
  const { fetchMore: fetchMoreQueue } = queue;
  const fetchPage = useCallback(
    (after: string) =>
      scope.kind === 'mine'
        ? fetchMoreMine({ variables: { after } })
        : fetchMoreQueue({ variables: { after } }),
    [scope.kind, fetchMoreMine, fetchMoreQueue],
  );
  const result = scope.kind === 'mine' ? mine : queue;
  const page: Page | undefined =
    scope.kind === 'mine' ? mine.data?.myReports : queue.data?.reportQueue;
  return {
    page,
    loading: result.loading,
    error: result.error,
    refetch: result.refetch,
    fetchPage,
  };
}

/**
 * One list of reports for every page that shows them (/myreports, /reports, /reportsTable, a
 * space's reports, /manage/reports): cards or a table, the loading, failed, forbidden and empty
 * states, and further pages. Moderators (any queue) get the actions on each report.
 */
export function ReportList({ scope, layout }: { scope: ReportScope; layout: 'cards' | 'table' }) {
  const { t } = useTranslation();
  const { page, loading, error, refetch, fetchPage } = useReportPage(scope);
  const more = useLoadMore(nextCursorOf(page), fetchPage);
  const moderator = scope.kind === 'queue';

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <SkeletonRows count={3} height={120} label={t('reports:pages.loading')} />,
    errorTitle: t('reports:pages.loadFailed'),
    errorPages: { FORBIDDEN: 403, NOT_FOUND: 404 },
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0)
    return (
      <EmptyNotice
        icon={IconFlag}
        title={scope.kind === 'mine' ? t('reports:pages.myReportsEmpty') : t('reports:pages.empty')}
      />
    );
  return (
    <Stack gap="md">
      {layout === 'table' ? (
        <ReportTable reports={items} moderator={moderator} />
      ) : (
        items.map((report) => <ReportCard key={report.id} report={report} moderator={moderator} />)
      )}
      <ModerationLoadMore more={more} />
    </Stack>
  );
}

/** The table's item: its text as the link that opens it (plain when it cannot be opened). */
function ItemCell({ report }: { report: ReportCardFieldsFragment }) {
  const { t } = useTranslation();
  if (report.itemExcerpt === null || report.itemExcerpt === undefined)
    return (
      <Text size="sm" c="dimmed" fs="italic">
        {t('reports:card.unavailable')}
      </Text>
    );
  const text = (
    <Text span size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
      {report.itemExcerpt}
    </Text>
  );
  if (!report.route) return text;
  return (
    <Anchor component={Link} to={report.route} title={openItemLabel(t, report)}>
      {text}
    </Anchor>
  );
}

/** /reportsTable: time, kind, the item (its text, opening it), topics, reported author, status. */
function ReportTable({
  reports,
  moderator,
}: {
  reports: readonly ReportCardFieldsFragment[];
  moderator: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('reports:table.time')}</Table.Th>
            <Table.Th>{t('reports:table.kind')}</Table.Th>
            <Table.Th>{t('reports:table.item')}</Table.Th>
            <Table.Th>{t('reports:table.topics')}</Table.Th>
            <Table.Th>{t('reports:table.reportedAuthor')}</Table.Th>
            <Table.Th>{t('reports:table.status')}</Table.Th>
            {moderator ? <Table.Th>{t('reports:table.actions')}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {reports.map((report) => (
            <Table.Tr key={report.id}>
              <Table.Td>
                <RelativeTime date={report.createdAt} />
              </Table.Td>
              <Table.Td>
                <Badge variant="default" size="sm">
                  {t(`reports:kinds.${report.itemType}`)}
                </Badge>
              </Table.Td>
              <Table.Td maw={280}>
                <ItemCell report={report} />
              </Table.Td>
              <Table.Td>
                <TopicChips report={report} />
              </Table.Td>
              <Table.Td>
                <Text size="sm" component="div">
                  <ReportedAuthor report={report} />
                </Text>
              </Table.Td>
              <Table.Td>
                <ReportStatusBadge status={report.status} />
              </Table.Td>
              {moderator ? (
                <Table.Td>
                  <ReportActions report={report} layout="menu" />
                </Table.Td>
              ) : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
