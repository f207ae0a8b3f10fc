import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { IconBell } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { wsClient } from '../../app/apollo';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import { NotificationCountDocument, NotificationsChangedDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { applyLiveChange } from './notificationCache';
import { CountIconButton } from '../../components/CountIconButton';

/**
 * The bell in the top bar (spec 000 §4 'Notifications'): the unread total as a badge when above 0,
 * live over `notificationsChanged`, and in its name. It opens every notification (the badge counts
 * them all, the space's tab only its own). Always a plain bell: the space's switch only decides
 * browser pushes (in-app notifications are always listed), so a crossed-out bell beside an unread
 * count read as "notifications off". Signed out there is none.
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
  const { spaceId } = useActiveSpace();
  const { data } = useQuery(NotificationCountDocument, { fetchPolicy: 'cache-and-network' });
  const total = data?.me?.totalNotifications ?? 0;
  const label =
    total > 0 ? t('notifications:bell.label', { count: total }) : t('notifications:bell.labelNone');

  return (
    <>
      <LiveNotifications spaceId={spaceId} />
      <CountIconButton
        label={label}
        count={total}
        testId="notification-badge"
        icon={<IconBell size={22} stroke={1.7} />}
        to="/notifications/all"
      />
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
