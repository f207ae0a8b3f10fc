import { Divider, NavLink, ScrollArea, Stack, Text, ThemeIcon, Group } from '@mantine/core';
import { IconLock, IconWorld } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSelect } from '../features/users/LanguageSelect';
import { useActiveSpace } from './useActiveSpace';

/** The burger's drawer: the active space and the language for now (spaces come in a later issue). */
export function LeftDrawer({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const { spaceName } = useActiveSpace();
  return (
    <ScrollArea h="100%" p="md">
      <Stack gap="md">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
            {t('common:drawer.activeSpace')}
          </Text>
          <Group gap="sm" wrap="nowrap" data-testid="active-space">
            <ThemeIcon variant="light" radius="xl" size="lg">
              <IconWorld size={20} />
            </ThemeIcon>
            <Text fw={600}>{spaceName}</Text>
          </Group>
        </div>
        <Divider />
        <Stack gap={2}>
          <NavLink
            component={Link}
            to="/stories/recent"
            label={t('common:drawer.globalSpace')}
            leftSection={<IconWorld size={18} />}
            onClick={onNavigate}
          />
          <NavLink
            component={Link}
            to="/spaces/private/active"
            label={t('common:drawer.privateSpaces')}
            leftSection={<IconLock size={18} />}
            onClick={onNavigate}
          />
        </Stack>
        <Divider />
        <LanguageSelect size="xs" />
      </Stack>
    </ScrollArea>
  );
}
