import { useQuery } from '@apollo/client/react';
import {
  Avatar,
  Badge,
  Button,
  Card,
  Group,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { loadStateView } from '../../components/LoadState';
import { RelativeTime } from '../../components/RelativeTime';
import { ManageUsersDocument, SpaceDocument } from '../../gql/graphql';
import { useActiveSpace } from '../../app/useActiveSpace';
import { RequireSignIn } from '../auth';
import { ReportQueue } from '../moderation';
import { PagedList } from '../people';
import { useStatusLabel } from '../spaces';
import { useManageAccess } from './access';
import { ManageOverviewPanel } from './AnalyticsPanels';

const PAGE_WIDTH = 960;
export const MANAGE_TABS = ['overview', 'users', 'reports', 'data'] as const;
type ManageTab = (typeof MANAGE_TABS)[number];

/** Newest people: accounts (public spaces) or participants (a private space). */
function ManageUsers({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { data } = useQuery(SpaceDocument, {
    variables: { id: spaceId },
    fetchPolicy: 'cache-first',
  });
  const isPrivate = data?.space.kind === 'private';
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {isPrivate ? t('admin:manageUsers.titlePrivate') : t('admin:manageUsers.titlePublic')}
      </Title>
      <PagedList
        query={ManageUsersDocument}
        variables={{ spaceId }}
        field="manageUsers"
        gap={8}
        empty={t('admin:manageUsers.empty')}
        render={(row) => (
          <Card key={row.person.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
                <Avatar
                  src={row.person.photoURL || null}
                  name={row.person.displayName}
                  color="initials"
                  radius="xl"
                />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text component={Link} to={`/network/${row.person.id}/info`} fw={600} truncate>
                    {row.person.displayName}
                  </Text>
                  <Group gap={4}>
                    <Text size="xs" c="dimmed">
                      {t('admin:users.joined')}
                    </Text>
                    <RelativeTime date={row.joinedAt} size="xs" c="dimmed" />
                  </Group>
                </Stack>
              </Group>
              {row.status ? (
                <Badge variant="light" size="sm">
                  {statusLabel(row.status)}
                </Badge>
              ) : null}
            </Group>
          </Card>
        )}
      />
    </Stack>
  );
}

/** 'Export this space': a JSON download the server streams (GET /api/spaces/{id}/export). */
function ManageData({ spaceId, spaceName }: { spaceId: string; spaceName: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm" align="flex-start">
        <Title order={2} size="h3">
          {t('admin:data.title')}
        </Title>
        <Text>{t('admin:data.text', { name: spaceName })}</Text>
        <Text size="sm" c="dimmed">
          {t('admin:data.privacy')}
        </Text>
        {/* Not a link: the server answers with an attachment, so the browser downloads it and
            stays on this page (the file streams to disk rather than into the page's memory). */}
        <Button
          leftSection={<IconDownload size={16} />}
          onClick={() =>
            window.location.assign(`/api/spaces/${encodeURIComponent(spaceId)}/export`)
          }
        >
          {t('admin:data.export')}
        </Button>
      </Stack>
    </Card>
  );
}

function ManageContent({ tab }: { tab: ManageTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const access = useManageAccess();
  const active = useActiveSpace();
  const allowed = tab === 'reports' ? access.canModerate : access.canManage;
  const waiting = loadStateView({
    loading: access.loading,
    // A failed space load matters only while the viewer has no access: the space may be theirs.
    error: allowed ? undefined : access.error,
    refetch: access.refetch,
    skeleton: <Skeleton height={320} radius="md" maw={PAGE_WIDTH} mx="auto" />,
    errorTitle: t('admin:loadFailed'),
    // A space the viewer may not read is one they may not manage.
    errorPages: { NOT_FOUND: 403 },
    alertWidth: PAGE_WIDTH,
  });
  if (waiting) return waiting;
  if (!allowed) return <ErrorPage status={403} />;
  const tabs = MANAGE_TABS.filter((value) =>
    value === 'reports' ? access.canModerate : access.canManage,
  );
  const content: Record<ManageTab, ReactNode> = {
    overview: <ManageOverviewPanel spaceId={active.spaceId} />,
    users: <ManageUsers spaceId={active.spaceId} />,
    // A private space has its own queue; public spaces share the site's.
    reports: <ReportQueue spaceId={active.kind === 'private' ? active.spaceId : undefined} />,
    data: <ManageData spaceId={active.spaceId} spaceName={active.spaceName} />,
  };
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('admin:manage.title', { name: active.spaceName })}
      </Title>
      {tabs.length > 1 ? (
        <Tabs value={tab} onChange={(value) => value && void navigate(`/manage/${value}`)}>
          <Tabs.List>
            {tabs.map((value) => (
              <Tabs.Tab key={value} value={value}>
                {t(`admin:manage.tabs.${value}`)}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
      ) : null}
      {content[tab]}
    </Stack>
  );
}

/** /manage/{overview,users,reports,data} for the active space. */
export function ManagePage() {
  const { tab = 'overview' } = useParams();
  const current = MANAGE_TABS.find((value) => value === tab);
  if (!current) return <ErrorPage status={404} />;
  return (
    <RequireSignIn>
      <ManageContent tab={current} />
    </RequireSignIn>
  );
}
