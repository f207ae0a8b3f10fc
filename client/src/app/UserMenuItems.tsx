import { useQuery } from '@apollo/client/react';
import { Avatar, Badge, Group, Text } from '@mantine/core';
import {
  IconAdjustments,
  IconBell,
  IconBellRinging,
  IconBookmark,
  IconCheck,
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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useManageAccess } from '../features/admin';
import { MyProfileTagsDocument } from '../gql/graphql';
import { useSignOut } from '../features/auth/useSession';
import type { Viewer } from '../features/auth/useViewer';
import { useChangeLanguage } from '../features/users/useChangeLanguage';
import { currentAppLang } from './i18n';
import { Menu } from '../components/overlays';
import { MenuPlanName } from '../features/billing/PlanName';

/**
 * The user menu's items, loaded with the menu's first opening (a first visit never opens it):
 * the spec's links and every page of the viewer's own (priorities, problem alerts, skills, stories
 * and drafts), the plan's name, the language choice and Logout.
 */
export function UserMenuItems({ viewer, onEditTags }: { viewer: Viewer; onEditTags: () => void }) {
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
  const { data: profileTagsData } = useQuery(MyProfileTagsDocument);
  const profileTags = profileTagsData?.myProfileTags ?? [];
  const manage = useManageAccess();

  return (
    <>
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
            <MenuPlanName />
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
      <Menu.Item leftSection={icon(IconHash)} onClick={onEditTags}>
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
    </>
  );
}
