import {
  ActionIcon,
  Anchor,
  Avatar,
  Box,
  Button,
  Group,
  Image,
  Popover,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconArrowBackUp, IconMoodSmile, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CHAT_QUICK_EMOJIS } from '@rules';
import { RelativeTime } from '../../../components/RelativeTime';
import { RichText } from '../../../components/RichText';
import type { ChatMessage } from './messageCache';
import { ReplyQuote } from './ReplyQuote';
import { IconMenu } from '../../../components/IconMenu';
import { Menu } from '../../../components/overlays';

/** The DOM id of a message's row, for going to it from a quote. */
export const messageElementId = (id: string) => `chat-message-${id}`;

/** What the view may do with a message (absent for a message still on its way). */
export interface MessageActions {
  onReply: () => void;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Picking my emoji again (or null) removes it; another replaces it. */
  onReact: (emoji: string | null) => void;
  onOpenQuote: (id: string) => void;
}

/**
 * One message: the author's photo and name, when, the text and images (thumbnails opening full
 * size), 'edited', the emoji counts (mine pressed), and its menu: Reply for everyone, Edit and
 * Delete on my own. A message not yet stored shows Sending… or why it was refused.
 */
export function MessageItem({
  message,
  highlighted,
  actions,
  status,
  onDiscard,
}: {
  message: ChatMessage;
  highlighted: boolean;
  actions?: MessageActions;
  status?: { sending: true } | { failed: string };
  onDiscard?: () => void;
}) {
  const { t } = useTranslation();
  const name = message.author?.displayName ?? t('chat:conversation.deletedUser');
  const mine = message.reactions.find((reaction) => reaction.reactedByMe)?.emoji ?? null;

  return (
    <Group
      id={messageElementId(message.id)}
      component="article"
      aria-label={t('chat:conversation.messageBy', { name })}
      data-message-id={message.id}
      data-pending={status ? 'true' : undefined}
      align="flex-start"
      wrap="nowrap"
      gap="sm"
      px="sm"
      py={6}
      style={{
        borderRadius: 6,
        transition: 'background-color 300ms',
        background: highlighted ? 'var(--mantine-color-yellow-light)' : undefined,
        opacity: status && 'sending' in status ? 0.7 : 1,
      }}
    >
      <Avatar
        src={message.author?.photoURL || null}
        name={name}
        color="initials"
        radius={message.author?.role === 'org' ? 'sm' : 'xl'}
        size="md"
      />
      <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Group gap="xs" justify="space-between" wrap="nowrap">
          <Group gap="xs" style={{ minWidth: 0, rowGap: 0 }}>
            <Text size="sm" fw={600} truncate>
              {name}
            </Text>
            <RelativeTime date={message.createdAt} size="xs" style={{ whiteSpace: 'nowrap' }} />
            {message.editedAt ? (
              <Text size="xs" c="dimmed" fs="italic">
                {t('chat:conversation.edited')}
              </Text>
            ) : null}
          </Group>
          {actions ? (
            <Group gap={2} wrap="nowrap">
              <EmojiPicker mine={mine} onPick={actions.onReact} />
              <MessageMenu actions={actions} />
            </Group>
          ) : null}
        </Group>
        {message.replyTo ? (
          <ReplyQuote
            quote={message.replyTo}
            onOpen={actions ? () => actions.onOpenQuote(message.replyTo?.id ?? '') : undefined}
          />
        ) : null}
        {message.text ? <RichText html={message.text} fz="sm" /> : null}
        {message.files.length ? (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing={6} maw={360}>
            {message.files.map((file) => (
              <Anchor
                key={file.url}
                href={file.url}
                target="_blank"
                rel="noopener"
                aria-label={t('chat:conversation.openImage', { name: file.name || '' })}
              >
                <Image src={file.url} alt={file.name} h={96} fit="cover" radius="sm" />
              </Anchor>
            ))}
          </SimpleGrid>
        ) : null}
        {message.reactions.length ? (
          <Group gap={4}>
            {message.reactions.map((reaction) => (
              <Button
                key={reaction.emoji}
                size="compact-xs"
                radius="xl"
                variant={reaction.reactedByMe ? 'light' : 'default'}
                aria-pressed={reaction.reactedByMe}
                aria-label={t('chat:conversation.reactionCount', {
                  emoji: reaction.emoji,
                  count: reaction.count,
                })}
                disabled={!actions}
                onClick={() => actions?.onReact(reaction.emoji)}
              >
                {reaction.emoji} {reaction.count}
              </Button>
            ))}
          </Group>
        ) : null}
        {status && 'sending' in status ? (
          <Text size="xs" c="dimmed">
            {t('chat:conversation.sending')}
          </Text>
        ) : null}
        {status && 'failed' in status ? (
          <Group gap="xs">
            <Text size="xs" c="red" role="alert">
              {t('chat:conversation.notSent', { reason: status.failed })}
            </Text>
            {onDiscard ? (
              <Button size="compact-xs" variant="subtle" color="red" onClick={onDiscard}>
                {t('chat:conversation.discard')}
              </Button>
            ) : null}
          </Group>
        ) : null}
      </Stack>
    </Group>
  );
}

function MessageMenu({ actions }: { actions: MessageActions }) {
  const { t } = useTranslation();
  return (
    <IconMenu label={t('chat:conversation.messageActions')} iconSize={16} size="sm">
      <Menu.Item leftSection={<IconArrowBackUp size={16} />} onClick={actions.onReply}>
        {t('chat:conversation.reply')}
      </Menu.Item>
      {actions.onEdit ? (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={actions.onEdit}>
          {t('common:actions.edit')}
        </Menu.Item>
      ) : null}
      {actions.onDelete ? (
        <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={actions.onDelete}>
          {t('common:actions.delete')}
        </Menu.Item>
      ) : null}
    </IconMenu>
  );
}

function EmojiPicker({
  mine,
  onPick,
}: {
  mine: string | null;
  onPick: (emoji: string | null) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="top-start" withinPortal shadow="md">
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size="sm"
          aria-label={t('chat:conversation.react')}
          title={t('chat:conversation.react')}
          onClick={() => setOpened((open) => !open)}
        >
          <IconMoodSmile size={16} />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Box role="group" aria-label={t('chat:conversation.react')}>
          <Group gap={2}>
            {CHAT_QUICK_EMOJIS.map((emoji) => (
              <ActionIcon
                key={emoji}
                variant={emoji === mine ? 'light' : 'subtle'}
                aria-pressed={emoji === mine}
                aria-label={emoji}
                onClick={() => {
                  setOpened(false);
                  onPick(emoji === mine ? null : emoji);
                }}
              >
                {emoji}
              </ActionIcon>
            ))}
          </Group>
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
