import { ActionIcon, Anchor, Avatar, Box, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconHash, IconLock, IconUsers, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { ChatConversationFieldsFragment } from '../../../gql/graphql';
import { chatInfoPathOf, useChatNavigation } from '../chatNavigation';
import { GroupMenu } from '../GroupMenu';
import { PresenceDot } from '../PresenceDot';

const TYPE_ICONS = {
  group: IconUsers,
  public: IconHash,
  private: IconLock,
  space: IconWorld,
} as const;

/**
 * The open conversation's header: back (in the drawer and on mobile), its picture and name, for a
 * direct chat the other person's presence, otherwise its kind; the group menu. A new direct chat
 * (no conversation yet) names the person it is with. On the /chat pages its name is the page's
 * heading (and so the tab's title) and leads to the conversation's info page; in the drawer, over
 * another page, it is a section's heading, and the group menu shows the info.
 */
export function ConversationHeader({
  conversation,
  person,
  onBack,
}: {
  conversation: ChatConversationFieldsFragment | null;
  /** A direct chat's other person (also before the conversation exists). */
  person: { id: string; displayName: string; photoURL: string } | null;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const { host } = useChatNavigation();
  const name = person?.displayName ?? conversation?.name ?? '';
  const TypeIcon =
    conversation && conversation.type !== 'p2p' ? TYPE_ICONS[conversation.type] : null;
  return (
    <Group
      gap="sm"
      px="sm"
      py={8}
      wrap="nowrap"
      style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
    >
      {onBack ? (
        <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label={t('chat:page.back')}>
          <IconArrowLeft size={18} />
        </ActionIcon>
      ) : null}
      <Box pos="relative">
        <Avatar
          src={(person?.photoURL ?? conversation?.imageURL) || null}
          name={name}
          color="initials"
          radius="xl"
        >
          {TypeIcon ? <TypeIcon size={18} /> : null}
        </Avatar>
        {person ? (
          <Box pos="absolute" right={-2} bottom={-2}>
            <PresenceDot userId={person.id} />
          </Box>
        ) : null}
      </Box>
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text fw={600} truncate component={host === 'page' ? 'h1' : 'h2'} size="md" m={0}>
          {/* The page (and its tab's title) says it is a chat: a space's chat has its name. */}
          {host === 'page' ? (
            <VisuallyHidden>{t('chat:page.headingPrefix')} </VisuallyHidden>
          ) : null}
          {host === 'page' && conversation ? (
            <Anchor component={Link} to={chatInfoPathOf(conversation.id)} c="inherit" inherit>
              {name}
            </Anchor>
          ) : (
            name
          )}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {conversation && conversation.type !== 'p2p'
            ? t(`chat:types.${conversation.type}`)
            : t('chat:types.p2p')}
        </Text>
      </Stack>
      {conversation ? <GroupMenu conversation={conversation} /> : null}
    </Group>
  );
}
