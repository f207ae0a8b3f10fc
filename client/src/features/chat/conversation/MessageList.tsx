import { Box, Center, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { htmlToPlainText, REPLY_HIGHLIGHT_MS } from '@rules';
import type { ChatMessage } from './messageCache';
import { MessageItem, messageElementId, type MessageActions } from './MessageItem';
import type { OutgoingMessage } from './useSendQueue';

/** Closer than this to the top loads older messages; to the bottom, new ones keep it at the bottom. */
const EDGE_PX = 80;

export interface MessageListProps {
  messages: ChatMessage[];
  /** Mine, not yet stored (after the stored ones, in the order written). */
  outgoing: { message: ChatMessage; item: OutgoingMessage }[];
  /** Others' messages that arrived live, for screen readers (never the history). */
  arrivals: ChatMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  actionsOf: (message: ChatMessage) => Omit<MessageActions, 'onOpenQuote'>;
  onDiscard: (id: string) => void;
  /** Shown when there are no messages at all. */
  empty: ReactNode;
}

/**
 * The messages, oldest at the top, as a `role="log"`. Its own announcements are off, so loading
 * the history (or an older page) reads nothing; a visually hidden live region beside it receives
 * only messages that arrive afterwards. It keeps to the bottom as messages arrive while the reader
 * is there, loads older pages near the top (keeping what is on screen in place), and a quote goes
 * to the quoted message and highlights it for a moment.
 */
export function MessageList({
  messages,
  outgoing,
  arrivals,
  hasMore,
  loadingOlder,
  onLoadOlder,
  actionsOf,
  onDiscard,
  empty,
}: MessageListProps) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const heightBeforeOlder = useRef<number | null>(null);
  const [highlighted, setHighlighted] = useState<string | null>(null);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < EDGE_PX;
    if (element.scrollTop < EDGE_PX && hasMore && !loadingOlder) {
      heightBeforeOlder.current = element.scrollHeight;
      onLoadOlder();
    }
  };

  const firstId = messages[0]?.id;
  const total = messages.length + outgoing.length;
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (heightBeforeOlder.current !== null) {
      // An older page went in above: what was on screen stays where it was.
      element.scrollTop += element.scrollHeight - heightBeforeOlder.current;
      heightBeforeOlder.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [firstId, total]);

  // The composer growing (a reply's quote) or an image loading keeps a reader at the bottom there.
  const hasMessages = total > 0;
  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      if (atBottom.current) element.scrollTop = element.scrollHeight;
    });
    observer.observe(element);
    if (content.current) observer.observe(content.current);
    return () => observer.disconnect();
  }, [hasMessages]);

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const openQuote = useCallback((id: string) => {
    const element = document.getElementById(messageElementId(id));
    if (!element) return;
    element.scrollIntoView({ block: 'center', behavior: 'smooth' });
    setHighlighted(id);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setHighlighted(null), REPLY_HIGHLIGHT_MS);
  }, []);

  return (
    <Box pos="relative" style={{ flex: 1, minHeight: 0, display: 'flex' }}>
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="off"
        aria-label={t('chat:conversation.messages')}
        tabIndex={0}
        style={{ flex: 1, overflowY: 'auto', overscrollBehavior: 'contain' }}
        py="xs"
      >
        {loadingOlder ? (
          <Center py="xs">
            <Loader role="status" size="sm" aria-label={t('chat:conversation.loadingOlder')} />
          </Center>
        ) : null}
        {total === 0 ? (
          <Center h="100%" p="md">
            {/* Wraps within the drawer's width, however long a word (a name). */}
            <Text c="dimmed" ta="center" maw="100%" style={{ overflowWrap: 'anywhere' }}>
              {empty}
            </Text>
          </Center>
        ) : (
          <Stack gap={2} ref={content}>
            {messages.map((message) => (
              <MessageItem
                key={message.id}
                message={message}
                highlighted={highlighted === message.id}
                actions={{ ...actionsOf(message), onOpenQuote: openQuote }}
              />
            ))}
            {outgoing.map(({ message, item }) => (
              <MessageItem
                key={message.id}
                message={message}
                highlighted={false}
                status={item.failed ? { failed: item.failed } : { sending: true }}
                onDiscard={() => onDiscard(item.id)}
              />
            ))}
          </Stack>
        )}
      </Box>
      <VisuallyHidden aria-live="polite" aria-atomic="false" data-testid="chat-announcements">
        {arrivals.map((message) => (
          <p key={message.id}>
            {t('chat:conversation.arrived', {
              name: message.author?.displayName ?? t('chat:conversation.deletedUser'),
              text:
                htmlToPlainText(message.text).trim() ||
                (message.files.length ? t('chat:conversation.image') : ''),
            })}
          </p>
        ))}
      </VisuallyHidden>
    </Box>
  );
}
