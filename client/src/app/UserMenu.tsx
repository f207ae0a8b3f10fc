import { useQuery } from '@apollo/client/react';
import { Avatar, Badge, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import {
  IconAdjustments,
  IconBell,
  IconBellRinging,
  IconBookmark,
  IconCheck,
  IconChevronDown,
  IconCreditCard,
  IconFilePencil,
  IconFlag,
  IconFlagQuestion,
  IconHash,
  IconHeart,
  IconLanguage,
  IconListNumbers,
  IconLogout,
  IconMask,
  IconNews,
  IconPuzzle,
  IconRobot,
  IconRss,
  IconSettings,
  IconShieldLock,
  IconTool,
  IconTools,
  IconUser,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useManageAccess } from '../features/admin';
import { MyProfileTagsDocument } from '../gql/graphql';
import { useSignOut } from '../features/auth/useSession';
import type { Viewer } from '../features/auth/useViewer';
import { useChangeLanguage } from '../features/users/useChangeLanguage';
import { currentAppLang } from './i18n';
import { MountOnce } from '../components/MountOnce';
import { Menu } from '../components/overlays';

// The profile tags dialog (and its tag picker) loads with its first opening.
const ProfileTagsDialog = lazy(() =>
  import('../features/tags/ProfileTagsDialog').then((m) => ({ default: m.ProfileTagsDialog })),
);

/**
 * The signed-in user's menu (spec: user menu), with the language choice and Logout. Besides the
 * spec's links it leads to every page of the viewer's own: priorities, problem alerts, skills,
 * stories and drafts.
 */
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
  const manage = useManageAccess();

  return (
    <>
      <Menu position="bottom-end" width={270} shadow="md" withinPortal>
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
          {link('/notifications/all', t('notifications:page.title'), IconBellRinging)}
          {link('/problems/myproblems', t('common:userMenu.myProblems'), IconPuzzle)}
          {link('/problems/mypriorities', t('common:userMenu.myPriorities'), IconListNumbers)}
          {link('/problems/alerts', t('common:userMenu.problemAlerts'), IconBell)}
          {link('/solutions/mysolutions', t('common:userMenu.mySolutions'), IconTool)}
          {link('/skills/myskills', t('common:userMenu.mySkills'), IconTools)}
          <Menu.Divider />
          {link('/stories/feed', t('common:userMenu.following'), IconRss)}
          {link('/following', t('people:nav.following'), IconUsers)}
          {link('/stories/mystories', t('common:userMenu.myStories'), IconNews)}
          {link('/stories/mydrafts', t('common:userMenu.drafts'), IconFilePencil)}
          {link('/anonymous/stories', t('common:userMenu.anonymousPosts'), IconMask)}
          {link('/bookmarks', t('common:userMenu.bookmarks'), IconBookmark)}
          {link('/reactions', t('common:userMenu.reactions'), IconHeart)}
          {link('/reports', t('common:userMenu.reports'), IconFlag)}
          {link('/myreports', t('reports:pages.myReports'), IconFlagQuestion)}
          {viewer.isAdmin ? link('/admin/allUsers', t('admin:menu.admin'), IconShieldLock) : null}
          {manage.canManage || manage.canModerate
            ? link(
                manage.canManage ? '/manage/overview' : '/manage/reports',
                t('admin:menu.manage'),
                IconAdjustments,
              )
            : null}
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
          <Menu.Item c="red" leftSection={icon(IconLogout)} onClick={() => void signOut()}>
            {t('common:userMenu.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <MountOnce when={editingTags}>
        <ProfileTagsDialog opened={editingTags} onClose={() => setEditingTags(false)} />
      </MountOnce>
    </>
  );
}
