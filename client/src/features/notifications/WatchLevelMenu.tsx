import { useQuery } from '@apollo/client/react';
import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAt, IconBell, IconBellOff, IconBellRinging, IconCheck } from '@tabler/icons-react';
import { TOAST_MS, WATCH_LEVELS, type CommentableType, type WatchLevel } from '@rules';
import { useTranslation } from 'react-i18next';
import { WatchLevelDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { useNotificationMutations } from './useNotificationMutations';

const LEVEL_ICONS = { everything: IconBellRinging, mentions: IconAt, muted: IconBellOff } as const;

const isWatchLevel = (value: unknown): value is WatchLevel =>
  (WATCH_LEVELS as readonly unknown[]).includes(value);

/**
 * An item page's 'Notifications' menu: everything, mentions only, or mute this thread, showing the
 * viewer's level (none until they post, comment, join or choose). Signed out there is none.
 */
export function WatchLevelMenu({
  itemType,
  itemId,
}: {
  itemType: CommentableType;
  itemId: string;
}) {
  const { viewer } = useViewer();
  if (!viewer) return null;
  return <WatchMenu itemType={itemType} itemId={itemId} />;
}

function WatchMenu({ itemType, itemId }: { itemType: CommentableType; itemId: string }) {
  const { t } = useTranslation();
  const { data } = useQuery(WatchLevelDocument, {
    variables: { itemType, itemId },
    fetchPolicy: 'cache-and-network',
  });
  const writes = useNotificationMutations();
  const level = isWatchLevel(data?.watchLevel) ? data.watchLevel : null;
  const names: Record<WatchLevel, { label: string; hint: string }> = {
    everything: {
      label: t('notifications:watch.everything'),
      hint: t('notifications:watch.everythingHint'),
    },
    mentions: {
      label: t('notifications:watch.mentions'),
      hint: t('notifications:watch.mentionsHint'),
    },
    muted: { label: t('notifications:watch.muted'), hint: t('notifications:watch.mutedHint') },
  };
  const current = level ? names[level].label : t('notifications:watch.notWatching');
  const label = t('notifications:watch.button', { level: current });
  const CurrentIcon = level ? LEVEL_ICONS[level] : IconBell;

  const choose = async (next: WatchLevel) => {
    try {
      await writes.setWatchLevel(itemType, itemId, next);
      notifications.show({
        color: 'teal',
        message: t('notifications:watch.saved'),
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
    } catch {
      notifications.show({
        color: 'red',
        message: t('notifications:watch.failed'),
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
    }
  };

  return (
    <Menu position="bottom-end" withinPortal width={260}>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={label}
            loading={writes.savingWatch}
            data-watch-level={level ?? 'none'}
          >
            <CurrentIcon size={18} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('notifications:watch.title')}</Menu.Label>
        {WATCH_LEVELS.map((option) => {
          const OptionIcon = LEVEL_ICONS[option];
          return (
            <Menu.Item
              key={option}
              role="menuitemradio"
              aria-checked={level === option}
              leftSection={<OptionIcon size={16} />}
              rightSection={level === option ? <IconCheck size={14} /> : null}
              onClick={() => void choose(option)}
            >
              <Text size="sm">{names[option].label}</Text>
              <Text size="xs" c="dimmed">
                {names[option].hint}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
