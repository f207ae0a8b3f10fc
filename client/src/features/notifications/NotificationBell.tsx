import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell, IconBellOff } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { wsClient } from '../../app/apollo';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import {
  NotificationCountDocument,
  NotificationsChangedDocument,
  SpaceNotificationsDocument,
} from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';
import { applyLiveChange } from './notificationCache';
import { Tooltip } from '../../components/overlays';

/**
 * The bell in the top bar (spec 000 §4 'Notifications'): the unread total as a badge when above 0,
 * the bell crossed out when the active space's notifications are off, live over
 * `notificationsChanged`. It opens every notification (the badge counts them all, the space's tab
 * only its own). Signed out there is none.
 */
export function NotificationBell() {
  const { viewer } = useViewer();
  const sessionEpoch = useSessionEpoch();
  if (!viewer) return null;
  // A new identity resubscribes as that identity.
  return <Bell key={`${viewer.id}:${sessionEpoch}`} />;
}

function Bell() {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const { data } = useQuery(NotificationCountDocument, { fetchPolicy: 'cache-and-network' });
  const { data: spaceData } = useQuery(SpaceNotificationsDocument, { variables: { spaceId } });
  const total = data?.me?.totalNotifications ?? 0;
  const on = spaceData?.space.notificationsOn ?? true;
  const label =
    total > 0 ? t('notifications:bell.label', { count: total }) : t('notifications:bell.labelNone');
  const BellIcon = on ? IconBell : IconBellOff;

  return (
    <>
      <LiveNotifications spaceId={spaceId} />
      <Tooltip
        label={on ? label : `${label} · ${t('notifications:bell.off', { space: spaceName })}`}
      >
        <Indicator
          label={total}
          size={18}
          offset={4}
          color="red"
          disabled={total === 0}
          data-testid="notification-badge"
        >
          <ActionIcon
            component={Link}
            to="/notifications/all"
            variant="subtle"
            color="gray"
            size="lg"
            radius="xl"
            aria-label={label}
            data-notifications-on={on}
          >
            <BellIcon size={22} stroke={1.7} />
          </ActionIcon>
        </Indicator>
      </Tooltip>
    </>
  );
}

/**
 * Merges live changes into the cache (nothing rendered). graphql-ws resubscribes after a dropped
 * connection; what happened meanwhile is fetched again when it reconnects.
 */
function LiveNotifications({ spaceId }: { spaceId: string }) {
  const client = useApolloClient();
  useSubscription(NotificationsChangedDocument, {
    ignoreResults: true,
    onData: ({ client: { cache }, data }) => {
      const change = data.data?.notificationsChanged;
      if (change) applyLiveChange(cache, change, spaceId);
    },
    onError: (caught) => console.warn('notificationsChanged subscription ended', caught),
  });
  useEffect(
    () =>
      wsClient.on('connected', (_socket, _payload, wasRetry) => {
        if (wasRetry)
          void client.refetchQueries({ include: [NotificationCountDocument, 'Notifications'] });
      }),
    [client],
  );
  return null;
}
