import { useQuery } from '@apollo/client/react';
import { Anchor, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLayoutCards, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { loadStateView } from '../../components/LoadState';
import { SpaceDocument } from '../../gql/graphql';
import { RequireSignIn, useViewer } from '../auth';
import { ReportList } from './ReportList';
import { ReportQueue } from './ReportQueue';

const PAGE_WIDTH = 860;

function ReportsLayout({
  title,
  intro,
  extra,
  wide,
  children,
}: {
  title: string;
  intro: string;
  extra?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Stack gap="md" maw={wide ? 1200 : PAGE_WIDTH} mx="auto" w="100%">
      <Group justify="space-between" align="flex-end">
        <Stack gap={4}>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed" size="sm">
            {intro}
          </Text>
        </Stack>
        {extra}
      </Group>
      {children}
    </Stack>
  );
}

/** /myreports: what I reported and where each report stands. */
export function MyReportsPage() {
  const { t } = useTranslation();
  return (
    <RequireSignIn>
      <ReportsLayout title={t('reports:pages.myReports')} intro={t('reports:pages.myReportsIntro')}>
        <ReportList scope={{ kind: 'mine' }} layout="cards" />
      </ReportsLayout>
    </RequireSignIn>
  );
}

/** Switch between the queue as cards (/reports) and as a table (/reportsTable), keeping the tab. */
function LayoutSwitch({ layout }: { layout: 'cards' | 'table' }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  const table = layout === 'table';
  const Icon = table ? IconLayoutCards : IconTable;
  return (
    <Anchor component={Link} to={`${table ? '/reports' : '/reportsTable'}${search}`} size="sm">
      <Group gap={4}>
        <Icon size={16} />
        {table ? t('reports:pages.cardsLink') : t('reports:pages.tableLink')}
      </Group>
    </Anchor>
  );
}

/**
 * /reports and /reportsTable: moderators and admins get the site's queue; anyone else signed in
 * sees their own reports there (as GET /reports answers them).
 */
function SiteReports({ layout }: { layout: 'cards' | 'table' }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const moderator = Boolean(viewer?.isModerator || viewer?.isAdmin);
  if (!moderator)
    return (
      <ReportsLayout
        title={t('reports:pages.myReports')}
        intro={t('reports:pages.myReportsIntro')}
        extra={<LayoutSwitch layout={layout} />}
        wide={layout === 'table'}
      >
        <ReportList scope={{ kind: 'mine' }} layout={layout} />
      </ReportsLayout>
    );
  return (
    <ReportsLayout
      title={layout === 'table' ? t('reports:pages.table') : t('reports:pages.queue')}
      intro={t('reports:pages.queueIntro')}
      extra={<LayoutSwitch layout={layout} />}
      wide={layout === 'table'}
    >
      <ReportQueue layout={layout} />
    </ReportsLayout>
  );
}

export function ReportsPage() {
  return (
    <RequireSignIn>
      <SiteReports layout="cards" />
    </RequireSignIn>
  );
}

export function ReportsTablePage() {
  return (
    <RequireSignIn>
      <SiteReports layout="table" />
    </RequireSignIn>
  );
}

/**
 * /space/{id}/reports: a space's queue, for a private space's owners and admins (also a tab of
 * /space/{id}/manage) and a public space's moderators; anyone else gets the polite error page.
 */
export function SpaceReportsPage() {
  return (
    <RequireSignIn>
      <SpaceReports />
    </RequireSignIn>
  );
}

function SpaceReports() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { viewer } = useViewer();
  const { data, loading, error, refetch } = useQuery(SpaceDocument, {
    variables: { id },
    fetchPolicy: 'cache-first',
  });
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!data,
    skeleton: (
      <Center py="xl">
        <Loader role="status" aria-label={t('reports:pages.loading')} />
      </Center>
    ),
    errorTitle: t('reports:pages.loadFailed'),
    // A space one may not see answers as one it does not moderate.
    errorPages: { FORBIDDEN: 403, NOT_FOUND: 403 },
  });
  if (waiting) return waiting;
  const space = data?.space;
  // Who moderates here, as the server decides: a private space's owners and admins, a public
  // space's site moderators. Anyone else gets the polite page without the queue's frame.
  const moderates = space?.isPrivate
    ? space.canManage
    : Boolean(viewer?.isModerator || viewer?.isAdmin);
  if (!space || !moderates) return <ErrorPage status={403} />;
  return (
    <ReportsLayout
      title={t('reports:pages.spaceQueue', { name: space.name })}
      intro={
        space.isPrivate
          ? t('reports:pages.spaceQueueIntro')
          : t('reports:pages.publicSpaceQueueIntro')
      }
    >
      <ReportQueue spaceId={id} />
    </ReportsLayout>
  );
}
