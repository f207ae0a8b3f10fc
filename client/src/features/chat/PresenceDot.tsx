import { useFragment } from '@apollo/client/react';
import { Box, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/formatDateTime';
import { ChatPresenceFieldsFragmentDoc } from '../../gql/graphql';
import { usePresence } from './usePresence';

const DOT_SIZE = 10;

/**
 * A person's chat presence as a dot: green online, grey offline ('Last seen …' on hover and for
 * screen readers). Live by itself; a list that already follows everyone's presence at once
 * (usePresence) passes `live={false}` so each row does not subscribe again.
 */
export function PresenceDot({ userId, live = true }: { userId: string; live?: boolean }) {
  return live ? <LiveDot userId={userId} /> : <Dot userId={userId} />;
}

function LiveDot({ userId }: { userId: string }) {
  usePresence([userId]);
  return <Dot userId={userId} />;
}

function Dot({ userId }: { userId: string }) {
  const { t, i18n } = useTranslation();
  const { data, complete } = useFragment({
    fragment: ChatPresenceFieldsFragmentDoc,
    from: { __typename: 'ChatPresence', userId },
  });
  const online = complete && data.state === 'online';
  const lastSeen = complete && !online ? data.lastSeen : null;
  const label = online
    ? t('chat:presence.online')
    : lastSeen
      ? t('chat:presence.lastSeen', { time: formatDateTime(lastSeen, i18n.language) })
      : t('chat:presence.offline');
  return (
    <Tooltip label={label}>
      <Box
        role="img"
        aria-label={label}
        data-presence={online ? 'online' : 'offline'}
        w={DOT_SIZE}
        h={DOT_SIZE}
        style={{
          flexShrink: 0,
          borderRadius: '50%',
          background: online ? 'var(--mantine-color-green-6)' : 'var(--mantine-color-gray-5)',
          border: '2px solid var(--mantine-color-body)',
          boxSizing: 'content-box',
        }}
      />
    </Tooltip>
  );
}
