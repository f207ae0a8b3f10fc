import { Avatar, Badge, Box, Card, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconTrash } from '@tabler/icons-react';
import { REACTION_EMOJI, type ReactionKind } from '@rules';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../components/RelativeTime';
import type { NotificationRowFragment } from '../../gql/graphql';
import { useSpaceName } from '../spaces';
import { notificationText } from './notificationText';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';

const reactionEmoji = (reaction: string | null | undefined) =>
  reaction && reaction in REACTION_EMOJI ? REACTION_EMOJI[reaction as ReactionKind] : null;

/**
 * One notification: the actors' avatars, the grouped sentence, the space, the time and an unread
 * dot. Clicking it opens its item (and marks it read); its menu deletes it.
 */
export function NotificationRow({
  notification,
  onOpen,
  onMarkRead,
  onDelete,
}: {
  notification: NotificationRowFragment;
  onOpen: () => void;
  onMarkRead: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const spaceName = useSpaceName();
  const text = notificationText(t, notification);
  const emoji = notification.kind === 'reaction' ? reactionEmoji(notification.reaction) : null;
  const unread = !notification.isRead;

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      bg={unread ? 'var(--mantine-primary-color-light)' : undefined}
      data-testid="notification-row"
      data-unread={unread || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Avatar.Group spacing="sm">
              {notification.actors.length ? (
                notification.actors.map((actor) => (
                  <Avatar
                    key={actor.id}
                    src={actor.photoURL || null}
                    name={actor.displayName}
                    alt=""
                    color="initials"
                    radius="xl"
                    size={36}
                  />
                ))
              ) : (
                <Avatar radius="xl" size={36} alt="" />
              )}
            </Avatar.Group>
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text size="sm" fw={unread ? 600 : 400}>
                {emoji ? `${text} ${emoji}` : text}
              </Text>
              {notification.snippet ? (
                <Text size="sm" c="dimmed" lineClamp={2}>
                  {notification.snippet}
                </Text>
              ) : null}
              <Group gap={6} wrap="wrap">
                <RelativeTime date={notification.updatedAt} size="xs" c="dimmed" />
                {notification.spaceId && notification.spaceName ? (
                  <Badge size="xs" variant="light" color="gray" tt="none">
                    {spaceName({
                      id: notification.spaceId,
                      name: notification.spaceName,
                    })}
                  </Badge>
                ) : null}
              </Group>
            </Stack>
          </Group>
        </UnstyledButton>
        <Group gap={4} wrap="nowrap">
          {unread ? (
            <Box
              role="img"
              aria-label={t('notifications:row.unread')}
              w={10}
              h={10}
              bg="blue"
              style={{ borderRadius: '50%' }}
            />
          ) : null}
          <IconMenu label={t('notifications:row.menu')}>
            {unread ? (
              <Menu.Item leftSection={<IconCheck size={16} />} onClick={onMarkRead}>
                {t('notifications:row.markRead')}
              </Menu.Item>
            ) : null}
            <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              {t('notifications:row.delete')}
            </Menu.Item>
          </IconMenu>
        </Group>
      </Group>
    </Card>
  );
}
