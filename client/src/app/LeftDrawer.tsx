import { useQuery } from '@apollo/client/react';
import { Badge, Divider, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconActivity,
  IconChartLine,
  IconAddressBook,
  IconBulb,
  IconMapPins,
  IconCloud,
  IconFlag,
  IconHash,
  IconHistory,
  IconInfoCircle,
  IconLayoutDashboard,
  IconLock,
  IconMap2,
  IconNews,
  IconMapPin,
  IconPhoto,
  IconPlus,
  IconPuzzle,
  IconTools,
  IconUsers,
  IconWorld,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { GLOBAL_SPACE_ID } from '@rules';
import { useViewer } from '../features/auth/useViewer';
import { CreateSpaceDialog } from '../features/spaces/CreateSpaceDialog';
import { SpaceIcon, useSpaceName } from '../features/spaces/spaceDisplay';
import { useChangeSpace, type EnterableSpace } from '../features/spaces/useChangeSpace';
import { SpaceDrawerDocument } from '../gql/graphql';
import { LanguageSelect } from '../features/users/LanguageSelect';
import { useActiveSpace } from './useActiveSpace';

interface MenuLink {
  to: string;
  label: string;
  icon: ReactNode;
  soon?: boolean;
}

/**
 * The burger's drawer (spec 000 §2 'Left drawer'): the active space with its menu, favourite and
 * recently visited spaces, the global and skills spaces, private spaces with the invitations
 * badge, and the language.
 */
export function LeftDrawer({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const active = useActiveSpace();
  const { viewer } = useViewer();
  const spaceName = useSpaceName();
  const { enter, dialog } = useChangeSpace();
  const [creating, setCreating] = useState(false);
  const { data } = useQuery(SpaceDrawerDocument, {
    skip: !viewer,
    fetchPolicy: 'cache-and-network',
  });
  const activeName =
    active.spaceId === GLOBAL_SPACE_ID
      ? active.spaceName
      : spaceName({ id: active.spaceId, name: active.spaceName });

  const go = async (space: EnterableSpace) => {
    if (await enter(space)) onNavigate();
  };

  const id = active.spaceId;
  const soonBadge = (
    <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0 }}>
      {t('common:comingSoon.badge')}
    </Badge>
  );
  const menu: MenuLink[] = [
    { to: `/space/${id}/info`, label: t('common:drawer.info'), icon: <IconInfoCircle size={18} /> },
    {
      to: `/space/${id}/participants`,
      label: t('common:drawer.participants'),
      icon: <IconUsers size={18} />,
    },
    { to: '/stories/recent', label: t('common:drawer.stories'), icon: <IconNews size={18} /> },
    { to: '/problems/recent', label: t('common:drawer.problems'), icon: <IconPuzzle size={18} /> },
    {
      to: '/spacemaps/2d',
      label: t('common:drawer.spacemaps'),
      icon: <IconMap2 size={18} />,
    },
    { to: '/solutions/recent', label: t('common:drawer.solutions'), icon: <IconBulb size={18} /> },
    { to: '/skills/public', label: t('common:drawer.skills'), icon: <IconTools size={18} /> },
    { to: '/network/people', label: t('people:nav.people'), icon: <IconAddressBook size={18} /> },
    { to: `/space/${id}/tags`, label: t('common:drawer.tags'), icon: <IconHash size={18} /> },
    {
      to: '/tagsCloud',
      label: t('common:drawer.tagsCloud'),
      icon: <IconCloud size={18} />,
      soon: true,
    },
    {
      to: `/space/${id}/media`,
      label: t('common:drawer.media'),
      icon: <IconPhoto size={18} />,
    },
    { to: '/location', label: t('common:drawer.location'), icon: <IconMapPin size={18} /> },
    {
      to: `/space/${id}/activity`,
      label: t('common:drawer.activity'),
      icon: <IconActivity size={18} />,
      soon: true,
    },
    {
      to: `/space/${id}/analytics`,
      label: t('admin:analytics.tab'),
      icon: <IconChartLine size={18} />,
    },
    {
      to: '/dashboard',
      label: t('common:drawer.dashboard'),
      icon: <IconLayoutDashboard size={18} />,
    },
    {
      to: `/space/${id}/reports`,
      label: t('common:drawer.reports'),
      icon: <IconFlag size={18} />,
    },
    {
      to: '/spaces/countries',
      label: t('common:drawer.countries'),
      icon: <IconMapPins size={18} />,
    },
    {
      to: '/spaces/private/active',
      label: t('common:drawer.privateSpaces'),
      icon: <IconLock size={18} />,
    },
  ];

  const spaceLinks = (
    spaces: readonly { id: string; name: string; isPrivate: boolean }[],
    empty: string,
  ) =>
    spaces.length === 0 ? (
      <Text size="sm" c="dimmed" px="sm">
        {empty}
      </Text>
    ) : (
      spaces.map((space) => (
        <NavLink
          key={space.id}
          label={spaceName(space)}
          leftSection={<SpaceIcon spaceId={space.id} isPrivate={space.isPrivate} size="md" />}
          active={space.id === active.spaceId}
          onClick={() => void go(space)}
        />
      ))
    );

  const invites = data?.spaceInviteCount ?? 0;

  return (
    <ScrollArea h="100%" p="md">
      <Stack gap="md">
        <div>
          <Text size="xs" tt="uppercase" fw={700} c="dimmed" mb={6}>
            {t('common:drawer.activeSpace')}
          </Text>
          <Group gap="sm" wrap="nowrap" data-testid="active-space">
            <SpaceIcon spaceId={active.spaceId} />
            <Text fw={600}>{activeName}</Text>
          </Group>
        </div>
        {/* Open at first: it is where the space's pages are found. */}
        <NavLink label={t('common:drawer.thisSpace')} defaultOpened childrenOffset={12}>
          {menu.map((link) => (
            <NavLink
              key={link.to}
              component={Link}
              to={link.to}
              label={link.label}
              leftSection={link.icon}
              rightSection={link.soon ? soonBadge : null}
              onClick={onNavigate}
            />
          ))}
        </NavLink>
        {viewer ? (
          <>
            <Divider />
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm">
                {t('common:drawer.favorites')}
              </Text>
              {spaceLinks(data?.favoriteSpaces ?? [], t('common:drawer.noFavorites'))}
            </Stack>
            <Stack gap={2}>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed" px="sm">
                {t('common:drawer.recent')}
              </Text>
              {spaceLinks(data?.recentSpaces ?? [], t('common:drawer.noRecent'))}
              <NavLink
                component={Link}
                to="/spaces/recent"
                label={t('common:drawer.allRecent')}
                leftSection={<IconHistory size={18} />}
                onClick={onNavigate}
              />
            </Stack>
          </>
        ) : null}
        <Divider />
        <Stack gap={2}>
          <NavLink
            label={t('common:drawer.globalSpace')}
            leftSection={<IconWorld size={18} />}
            active={active.spaceId === GLOBAL_SPACE_ID}
            onClick={() =>
              void go({
                id: GLOBAL_SPACE_ID,
                name: t('common:space.global'),
                isPrivate: false,
              })
            }
          />
          <NavLink
            label={t('common:drawer.skillsSpace')}
            leftSection={<IconTools size={18} />}
            rightSection={soonBadge}
            disabled
          />
          <NavLink
            component={Link}
            to="/spaces/private/active"
            label={t('common:drawer.privateSpaces')}
            leftSection={<IconLock size={18} />}
            rightSection={
              invites > 0 ? (
                <Badge
                  size="sm"
                  color="red"
                  circle
                  aria-label={t('common:drawer.invites', { count: invites })}
                >
                  {invites}
                </Badge>
              ) : null
            }
            onClick={onNavigate}
          />
          {viewer ? (
            <NavLink
              label={t('spaces:create.open')}
              leftSection={<IconPlus size={18} />}
              onClick={() => setCreating(true)}
            />
          ) : null}
        </Stack>
        <Divider />
        <LanguageSelect size="xs" />
      </Stack>
      {dialog}
      <CreateSpaceDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={onNavigate}
      />
    </ScrollArea>
  );
}
