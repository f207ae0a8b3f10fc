import { useSubscription } from '@apollo/client/react';
import { Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TYPING_TIMEOUT_MS } from '@rules';
import { ChatTypingDocument } from '../../../gql/graphql';

/** Who is typing, by person: their name and when they last said so. */
type Typists = Record<string, { name: string; at: number }>;

/**
 * 'Ada is typing…' under the messages while others type (the server sends only others' typing).
 * A person drops out when they stop or after TYPING_TIMEOUT_MS without a repeat.
 */
export function TypingIndicator({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation();
  const [typists, setTypists] = useState<Typists>({});

  useSubscription(ChatTypingDocument, {
    variables: { conversationId },
    ignoreResults: true,
    onData: ({ data }) => {
      const event = data.data?.chatTyping;
      if (!event) return;
      setTypists((current) => {
        const next = { ...current };
        if (event.typing) next[event.userId] = { name: event.displayName, at: Date.now() };
        else delete next[event.userId];
        return next;
      });
    },
    onError: (caught) => console.warn('chatTyping ended', caught),
  });

  const typing = Object.keys(typists).length > 0;
  useEffect(() => {
    if (!typing) return;
    const timer = setInterval(() => {
      const now = Date.now();
      setTypists((current) => {
        const fresh = Object.entries(current).filter(([, { at }]) => now - at < TYPING_TIMEOUT_MS);
        return fresh.length === Object.keys(current).length ? current : Object.fromEntries(fresh);
      });
    }, TYPING_TIMEOUT_MS / 4);
    return () => clearInterval(timer);
  }, [typing]);

  const names = Object.values(typists).map(({ name }) => name);
  const text =
    names.length === 0
      ? ''
      : names.length === 1
        ? t('chat:conversation.typingOne', { name: names[0] })
        : names.length === 2
          ? t('chat:conversation.typingTwo', { first: names[0], second: names[1] })
          : t('chat:conversation.typingMany');
  return (
    <Text size="xs" c="dimmed" px="sm" h={18} aria-live="polite" data-testid="chat-typing">
      {text}
    </Text>
  );
}
