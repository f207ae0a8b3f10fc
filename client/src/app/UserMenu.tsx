import { Avatar, Center, Group, Loader, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Viewer } from '../features/auth/useViewer';
import { MountOnce } from '../components/MountOnce';
import { Menu } from '../components/overlays';

// The profile tags dialog (and its tag picker) loads with its first opening.
const ProfileTagsDialog = lazy(() =>
  import('../features/tags/ProfileTagsDialog').then((m) => ({ default: m.ProfileTagsDialog })),
);
// The items load with the menu's first opening, as Mantine's menu itself does. The dropdown is
// here: mounted before it opens, it gives the focus back to the button when it closes.
const UserMenuItems = lazy(() =>
  import('./UserMenuItems').then((m) => ({ default: m.UserMenuItems })),
);

/** The signed-in user's menu (spec: user menu): its button, and the dropdown once opened. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { t } = useTranslation();
  const [editingTags, setEditingTags] = useState(false);
  const [everOpened, setEverOpened] = useState(false);

  return (
    <>
      <Menu
        position="bottom-end"
        width={270}
        shadow="md"
        withinPortal
        onChange={(open) => open && setEverOpened(true)}
      >
        <Menu.Target>
          {/* Named by its content: the visible initials and name are part of the name (WCAG 2.5.3). */}
          <UnstyledButton data-testid="user-menu">
            <Group gap={6} wrap="nowrap">
              <VisuallyHidden>{t('common:userMenu.open')}</VisuallyHidden>
              <Avatar
                src={viewer.photoURL || null}
                name={viewer.displayName}
                color="initials"
                radius="xl"
                size={34}
              />
              <Text size="sm" fw={500} visibleFrom="md" maw={140} truncate>
                {viewer.displayName}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        {/* Scrolls when the screen is shorter than the menu (a phone held sideways). */}
        <Menu.Dropdown mah="calc(100dvh - 72px)" style={{ overflowY: 'auto' }}>
          <MountOnce
            when={everOpened}
            fallback={
              <Center py="md">
                <Loader size="sm" role="status" aria-label={t('common:app.loading')} />
              </Center>
            }
          >
            <UserMenuItems viewer={viewer} onEditTags={() => setEditingTags(true)} />
          </MountOnce>
        </Menu.Dropdown>
      </Menu>
      <MountOnce when={editingTags}>
        <ProfileTagsDialog opened={editingTags} onClose={() => setEditingTags(false)} />
      </MountOnce>
    </>
  );
}
