import { useQuery } from '@apollo/client/react';
import { Button, Card, Group, Skeleton, Stack, Switch, Tabs, Title } from '@mantine/core';
import { IconBell, IconChecks, IconTrash } from '@tabler/icons-react';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { useActiveSpace } from '../../app/useActiveSpace';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { useLoadMore } from '../../components/useLoadMore';
import {
  NotificationsDocument,
  SpaceNotificationsDocument,
  type NotificationRowFragment,
} from '../../gql/graphql';
import { RequireSignIn } from '../auth';
import {
  isNotificationTab,
  listVariables,
  NOTIFICATION_TABS,
  type NotificationTab,
} from './notificationCache';
import { NotificationRedirectPage } from './NotificationRedirect';
import { NotificationRow } from './NotificationRow';
import { useNotificationMutations } from './useNotificationMutations';
import { EmptyNotice } from '../../components/EmptyNotice';

const PAGE_WIDTH = 720;

/**
 * /notifications/{all,invites,mySpaces,thisSpace}: the viewer's notifications, one list per tab;
 * /notifications/redirect?id=… opens one notification's item.
 */
export function NotificationsPage() {
  const { tab } = useParams();
  if (tab === 'redirect') return <NotificationRedirectPage />;
  if (!isNotificationTab(tab)) return <Navigate to="/notifications/all" replace />;
  return (
    <RequireSignIn>
      <Notifications tab={tab} />
    </RequireSignIn>
  );
}

function Notifications({ tab }: { tab: NotificationTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const writes = useNotificationMutations();
  const [confirmingClear, setConfirmingClear] = useState(false);
  const labels: Record<NotificationTab, string> = {
    all: t('notifications:tabs.all'),
    invites: t('notifications:tabs.invites'),
    mySpaces: t('notifications:tabs.mySpaces'),
    thisSpace: t('notifications:tabs.thisSpace'),
  };

  const markAll = async () => {
    try {
      await writes.markAllRead();
      notifySuccess(t('notifications:markAll.done'));
    } catch (caught) {
      notifyError(caught);
    }
  };
  const clearAll = async () => {
    try {
      await writes.clearAll();
      setConfirmingClear(false);
      notifySuccess(t('notifications:clear.done'));
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2">
          {t('notifications:page.title')}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconChecks size={16} />}
            loading={writes.markingAll}
            onClick={() => void markAll()}
          >
            {t('notifications:page.markAllRead')}
          </Button>
          <Button
            size="xs"
            variant="light"
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setConfirmingClear(true)}
          >
            {t('notifications:page.clearAll')}
          </Button>
        </Group>
      </Group>
      <Tabs value={tab} onChange={(value) => value && void navigate(`/notifications/${value}`)}>
        <Tabs.List
          aria-label={t('notifications:page.tabs')}
          style={{ flexWrap: 'nowrap', overflowX: 'auto' }}
        >
          {NOTIFICATION_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {labels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'thisSpace' ? <SpaceNotificationsSwitch /> : null}
      <NotificationList key={tab} tab={tab} />
      <ConfirmDialog
        opened={confirmingClear}
        title={t('notifications:clear.title')}
        message={t('notifications:clear.message')}
        confirmLabel={t('notifications:clear.confirm')}
        loading={writes.clearing}
        onConfirm={() => void clearAll()}
        onCancel={() => setConfirmingClear(false)}
      />
    </Stack>
  );
}

/**
 * The active space's switch (spec: a space setting flips after the server reports success; on
 * failure it stays and a toast says so). It governs browser notifications for the space, and is
 * offered only to people who may read the space's content (the server refuses anyone else).
 */
function SpaceNotificationsSwitch() {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const { data } = useQuery(SpaceNotificationsDocument, { variables: { spaceId } });
  const writes = useNotificationMutations();

  const flip = async (next: boolean) => {
    try {
      await writes.setSpaceNotifications(spaceId, next);
      notifySuccess(t('notifications:spaceSwitch.saved'));
    } catch {
      notifications.show({
        color: 'red',
        message: t('notifications:spaceSwitch.failed'),
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
    }
  };

  if (!data?.space.canSwitchNotifications) return null;
  return (
    <Card withBorder radius="md" padding="sm">
      <Switch
        checked={data.space.notificationsOn}
        disabled={writes.savingSpace}
        onChange={(event) => void flip(event.currentTarget.checked)}
        label={t('notifications:spaceSwitch.label')}
        description={t('notifications:spaceSwitch.description', { space: spaceName })}
      />
    </Card>
  );
}

/** One tab's notifications, newest first, further pages as the end scrolls into view. */
function NotificationList({ tab }: { tab: NotificationTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { spaceId } = useActiveSpace();
  const writes = useNotificationMutations();
  const { data, loading, error, refetch, fetchMore } = useQuery(NotificationsDocument, {
    variables: listVariables(tab, spaceId),
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = data?.notifications;
  const fetchPage = useCallback(
    (after: string) => fetchMore({ variables: { after } }),
    [fetchMore],
  );
  const { loadMore, loadingMore, hasMore, sentinel } = useLoadMore(nextCursorOf(page), fetchPage);

  const open = async (notification: NotificationRowFragment) => {
    try {
      await writes.markRead(notification);
    } catch (caught) {
      // Reading the item matters more than the dot: open it anyway.
      console.warn('markNotificationRead failed', caught);
    }
    void navigate(notification.route);
  };
  const markRead = async (notification: NotificationRowFragment) => {
    try {
      await writes.markRead(notification);
    } catch (caught) {
      notifyError(caught);
    }
  };
  const remove = async (notification: NotificationRowFragment) => {
    try {
      await writes.deleteNotification(notification);
      notifySuccess(t('notifications:row.deleted'));
    } catch (caught) {
      notifyError(caught);
    }
  };

  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: <NotificationListSkeleton />,
    errorTitle: t('notifications:page.loadFailed'),
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0) return <EmptyTab tab={tab} />;

  return (
    <Stack gap="sm">
      {items.map((notification) => (
        <NotificationRow
          key={notification.id}
          notification={notification}
          onOpen={() => void open(notification)}
          onMarkRead={() => void markRead(notification)}
          onDelete={() => void remove(notification)}
        />
      ))}
      {hasMore ? (
        <LoadMoreFooter
          sentinel={sentinel}
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('notifications:page.loadMore')}
        />
      ) : null}
    </Stack>
  );
}

function EmptyTab({ tab }: { tab: NotificationTab }) {
  const { t } = useTranslation();
  const texts: Record<NotificationTab, { title: string; description: string }> = {
    all: { title: t('notifications:empty.all'), description: t('notifications:empty.allHint') },
    invites: {
      title: t('notifications:empty.invites'),
      description: t('notifications:empty.invitesHint'),
    },
    mySpaces: {
      title: t('notifications:empty.mySpaces'),
      description: t('notifications:empty.mySpacesHint'),
    },
    thisSpace: {
      title: t('notifications:empty.thisSpace'),
      description: t('notifications:empty.thisSpaceHint'),
    },
  };
  return <EmptyNotice icon={IconBell} title={texts[tab].title} hint={texts[tab].description} />;
}

function NotificationListSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap="sm" role="status" aria-busy aria-label={t('notifications:page.loading')}>
      {[0, 1, 2].map((index) => (
        <Card key={index} withBorder radius="md" padding="sm">
          <Group gap="sm" wrap="nowrap">
            <Skeleton circle height={36} />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={10} width="70%" />
              <Skeleton height={8} width="30%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
