import { useQuery } from '@apollo/client/react';
import { Avatar, Badge, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import {
  IconBookmark,
  IconCheck,
  IconChevronDown,
  IconCreditCard,
  IconFlag,
  IconHash,
  IconHeart,
  IconLanguage,
  IconLogout,
  IconMask,
  IconPuzzle,
  IconRobot,
  IconRss,
  IconSettings,
  IconTool,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ProfileTagsDialog } from '../features/tags';
import { MyProfileTagsDocument } from '../gql/graphql';
import { useSignOut } from '../features/auth/useSession';
import type { Viewer } from '../features/auth/useViewer';
import { useChangeLanguage } from '../features/users/useChangeLanguage';
import { currentAppLang } from './i18n';

/** The signed-in user's menu (spec: user menu), with the language choice and Logout. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  const { t, i18n } = useTranslation();
  const signOut = useSignOut();
  const changeLanguage = useChangeLanguage();
  const lang = i18n.language ? currentAppLang() : 'en';
  const icon = (Icon: typeof IconUser) => <Icon size={16} stroke={1.6} />;
  const link = (to: string, label: string, Icon: typeof IconUser) => (
    <Menu.Item component={Link} to={to} leftSection={icon(Icon)}>
      {label}
    </Menu.Item>
  );
  const check = (value: string) => (lang === value ? <IconCheck size={14} /> : null);
  const [editingTags, setEditingTags] = useState(false);
  const { data: profileTagsData } = useQuery(MyProfileTagsDocument);
  const profileTags = profileTagsData?.myProfileTags ?? [];

  return (
    <>
      <Menu position="bottom-end" width={250} shadow="md" withinPortal>
        <Menu.Target>
          <UnstyledButton aria-label={t('common:userMenu.open')} data-testid="user-menu">
            <Group gap={6} wrap="nowrap">
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
        <Menu.Dropdown>
          <Group gap="sm" px="sm" py={6} wrap="nowrap">
            <Avatar
              src={viewer.photoURL || null}
              name={viewer.displayName}
              color="initials"
              radius="xl"
            />
            <div style={{ minWidth: 0 }}>
              <Text fw={600} truncate>
                {viewer.displayName}
              </Text>
              <Text size="xs" c="dimmed">
                {t('common:userMenu.basicUser')}
              </Text>
            </div>
          </Group>
          {profileTags.length ? (
            <Group gap={4} px="sm" pb={6} aria-label={t('tags:profileTags.menu')}>
              {profileTags.map((tag) => (
                <Badge key={tag} size="xs" variant="light" tt="none">
                  #{tag}
                </Badge>
              ))}
            </Group>
          ) : null}
          <Menu.Item leftSection={icon(IconHash)} onClick={() => setEditingTags(true)}>
            {t('tags:profileTags.edit')}
          </Menu.Item>
          <Menu.Divider />
          {link(`/network/${viewer.id}/info`, t('common:userMenu.profile'), IconUser)}
          {link('/problems/mypriorities', t('common:userMenu.myProblems'), IconPuzzle)}
          {link('/solutions/mysolutions', t('common:userMenu.mySolutions'), IconTool)}
          {link('/stories/feed', t('common:userMenu.following'), IconRss)}
          {link('/bookmarks', t('common:userMenu.bookmarks'), IconBookmark)}
          {link('/reactions', t('common:userMenu.reactions'), IconHeart)}
          {link('/anonymous/stories', t('common:userMenu.anonymousPosts'), IconMask)}
          {link('/reports', t('common:userMenu.reports'), IconFlag)}
          <Menu.Divider />
          {link('/settings/profile', t('common:userMenu.settings'), IconSettings)}
          {link('/settings/ai', t('common:userMenu.aiConfigs'), IconRobot)}
          {link('/settings/account', t('common:userMenu.subscription'), IconCreditCard)}
          <Menu.Divider />
          <Menu.Label>
            <Group gap={6}>
              <IconLanguage size={14} />
              {t('common:language.label')}
            </Group>
          </Menu.Label>
          <Menu.Item rightSection={check('en')} onClick={() => void changeLanguage('en')} lang="en">
            {t('common:language.en')}
          </Menu.Item>
          <Menu.Item rightSection={check('te')} onClick={() => void changeLanguage('te')} lang="te">
            {t('common:language.te')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item color="red" leftSection={icon(IconLogout)} onClick={() => void signOut()}>
            {t('common:userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <ProfileTagsDialog opened={editingTags} onClose={() => setEditingTags(false)} />
    </>
  );
}
