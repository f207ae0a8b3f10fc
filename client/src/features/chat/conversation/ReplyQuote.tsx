import { Box, CloseButton, Group, Text, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { htmlToPlainText } from '@rules';
import type { ChatMessage } from './messageCache';

type Quote = NonNullable<ChatMessage['replyTo']>;

/** The start of a quoted message: its text, or that it is an image. */
export function quoteText(quote: Quote): string {
  return htmlToPlainText(quote.text).trim();
}

/**
 * The message a reply answers, quoted: above a reply (clicking it goes to the quoted message) or
 * above the composer in reply mode (with a button to cancel the reply).
 */
export function ReplyQuote({
  quote,
  onOpen,
  onCancel,
}: {
  quote: Quote;
  onOpen?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const text = quoteText(quote);
  const body = (
    <Box
      px="xs"
      py={4}
      style={{
        borderLeft: '3px solid var(--mantine-primary-color-filled)',
        background: 'var(--mantine-color-default-hover)',
        borderRadius: 4,
        minWidth: 0,
        flex: 1,
      }}
    >
      <Text size="xs" fw={600} truncate>
        {quote.authorName}
      </Text>
      <Group gap={4} wrap="nowrap">
        {quote.hasFiles ? <IconPhoto size={14} aria-label={t('chat:conversation.image')} /> : null}
        <Text size="xs" c="dimmed" lineClamp={2}>
          {text || (quote.hasFiles ? t('chat:conversation.image') : '')}
        </Text>
      </Group>
    </Box>
  );
  if (onCancel)
    return (
      <Group gap="xs" wrap="nowrap" aria-label={t('chat:conversation.replyingTo')}>
        {body}
        <CloseButton size="sm" aria-label={t('chat:conversation.cancelReply')} onClick={onCancel} />
      </Group>
    );
  if (!onOpen) return body;
  return (
    <UnstyledButton
      onClick={onOpen}
      aria-label={t('chat:conversation.goToQuoted', { name: quote.authorName })}
      display="flex"
      w="100%"
    >
      {body}
    </UnstyledButton>
  );
}
