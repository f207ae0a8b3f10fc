import { IconMessageCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useSessionEpoch } from '../../app/useSessionEpoch';
import { useLoginBox, useViewer } from '../auth';
import { ChatLive } from './ChatLive';
import { useChatTotals } from './useChatTotals';
import { CountIconButton } from '../../components/CountIconButton';

/**
 * The header's Chat button: opens the chat drawer, with the active space's unread total as a
 * badge, live. Signed out it opens the login box, and the drawer once signed in (000 §2).
 */
export function ChatBadge({ onOpen }: { onOpen: () => void }) {
  const { viewer } = useViewer();
  const sessionEpoch = useSessionEpoch();
  const { spaceId } = useActiveSpace();
  const { open } = useLoginBox();
  return (
    <>
      {/* A new identity or space resubscribes as that identity, for that space. */}
      {viewer ? (
        <ChatLive key={`${viewer.id}:${sessionEpoch}:${spaceId}`} spaceId={spaceId} />
      ) : null}
      <ChatButton onClick={viewer ? onOpen : () => open('signin', onOpen)} />
    </>
  );
}

function ChatButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  const total = useChatTotals();
  const label = total > 0 ? t('chat:badge.label', { count: total }) : t('chat:badge.labelNone');
  return (
    <CountIconButton
      label={label}
      count={total}
      testId="chat-badge"
      icon={<IconMessageCircle size={22} stroke={1.7} />}
      onClick={onClick}
    />
  );
}
