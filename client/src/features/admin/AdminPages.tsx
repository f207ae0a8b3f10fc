import { Avatar, Badge, Card, Group, Stack, Tabs, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconLock,
  IconLockOpen,
  IconSearch,
  IconShield,
  IconShieldOff,
  IconWorld,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatDateTime } from '../../components/formatDateTime';
import { RelativeTime } from '../../components/RelativeTime';
import {
  AdminSpacesDocument,
  AdminUsersDocument,
  type AdminSpacesQuery,
  type AdminUserFieldsFragment,
} from '../../gql/graphql';
import { SuspendDialog } from '../moderation';
import { PagedList } from '../people';
import { useSpaceName } from '../spaces';
import { RequireAdmin } from './access';
import { useAdminUserActions } from './useAdminUserActions';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';

const PAGE_WIDTH = 960;
const SEARCH_DEBOUNCE_MS = 300;

function SearchBox({
  value,
  onChange,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  label: string;
}) {
  return (
    <TextInput
      aria-label={label}
      placeholder={label}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      maw={420}
    />
  );
}

/** Users | Spaces, the two admin pages. */
function AdminTabs({ current }: { current: 'allUsers' | 'allSpaces' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Tabs value={current} onChange={(value) => value && void navigate(`/admin/${value}`)}>
      <Tabs.List>
        <Tabs.Tab value="allUsers">{t('admin:tabs.allUsers')}</Tabs.Tab>
        <Tabs.Tab value="allSpaces">{t('admin:tabs.allSpaces')}</Tabs.Tab>
      </Tabs.List>
    </Tabs>
  );
}

const isSuspended = (user: AdminUserFieldsFragment) =>
  !!user.suspendedUntil && new Date(user.suspendedUntil).getTime() > Date.now();

function AdminUserRow({
  user,
  onSuspend,
  onModerator,
  onUnsuspend,
}: {
  user: AdminUserFieldsFragment;
  onSuspend: (user: AdminUserFieldsFragment) => void;
  onModerator: (user: AdminUserFieldsFragment) => void;
  onUnsuspend: (user: AdminUserFieldsFragment) => void;
}) {
  const { t, i18n } = useTranslation();
  const suspended = isSuspended(user);
  return (
    <Card withBorder radius="md" padding="sm" data-testid="admin-user">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          <Avatar
            src={user.photoURL || null}
            name={user.displayName}
            color="initials"
            radius="xl"
          />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text component={Link} to={`/network/${user.id}/info`} fw={600} truncate>
              {user.displayName}
            </Text>
            <Text size="sm" c="dimmed" truncate>
              {user.email}
            </Text>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t('admin:users.joined')}
              </Text>
              <RelativeTime date={user.createdAt} size="xs" c="dimmed" />
            </Group>
            <Group gap={4} mt={2}>
              <Badge size="sm" variant="light" color="gray">
                {t(`admin:roles.${user.role}`)}
              </Badge>
              {user.isAdmin ? (
                <Badge size="sm" color="violet">
                  {t('admin:badges.admin')}
                </Badge>
              ) : null}
              {user.isModerator ? (
                <Badge size="sm" color="blue">
                  {t('admin:badges.moderator')}
                </Badge>
              ) : null}
              {suspended ? (
                <Badge size="sm" color="red">
                  {t('admin:badges.suspendedUntil', {
                    date: formatDateTime(user.suspendedUntil!, i18n.language),
                  })}
                </Badge>
              ) : null}
            </Group>
          </Stack>
        </Group>
        <IconMenu label={t('admin:users.actions', { name: user.displayName })}>
          {suspended ? (
            <Menu.Item leftSection={<IconLockOpen size={16} />} onClick={() => onUnsuspend(user)}>
              {t('admin:users.unsuspend')}
            </Menu.Item>
          ) : (
            // Admins cannot be suspended (the server refuses too).
            <Menu.Item
              leftSection={<IconLock size={16} />}
              color="red"
              disabled={user.isAdmin}
              onClick={() => onSuspend(user)}
            >
              {t('admin:users.suspend')}
            </Menu.Item>
          )}
          <Menu.Item
            leftSection={user.isModerator ? <IconShieldOff size={16} /> : <IconShield size={16} />}
            onClick={() => onModerator(user)}
          >
            {user.isModerator ? t('admin:users.revokeModerator') : t('admin:users.grantModerator')}
          </Menu.Item>
        </IconMenu>
      </Group>
    </Card>
  );
}

function AdminUsersList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const actions = useAdminUserActions();
  const [suspending, setSuspending] = useState<AdminUserFieldsFragment | null>(null);
  const [moderatorChange, setModeratorChange] = useState<AdminUserFieldsFragment | null>(null);
  const [unsuspending, setUnsuspending] = useState<AdminUserFieldsFragment | null>(null);
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('admin:users.title')}
      </Title>
      <AdminTabs current="allUsers" />
      <SearchBox value={search} onChange={setSearch} label={t('admin:users.search')} />
      <PagedList
        query={AdminUsersDocument}
        variables={{ query: query || null }}
        field="adminUsers"
        gap={8}
        empty={query ? t('admin:users.noMatch') : t('admin:users.empty')}
        render={(user) => (
          <AdminUserRow
            key={user.id}
            user={user}
            onSuspend={setSuspending}
            onModerator={setModeratorChange}
            onUnsuspend={setUnsuspending}
          />
        )}
      />
      {suspending ? (
        <SuspendDialog
          opened
          name={suspending.displayName}
          loading={actions.busy}
          onClose={() => setSuspending(null)}
          onSuspend={(until) =>
            void actions.suspend(suspending.id, until).then((done) => done && setSuspending(null))
          }
        />
      ) : null}
      <ConfirmDialog
        opened={!!moderatorChange}
        color={moderatorChange?.isModerator ? 'red' : 'blue'}
        title={
          moderatorChange?.isModerator
            ? t('admin:users.revokeModerator')
            : t('admin:users.grantModerator')
        }
        message={t(
          moderatorChange?.isModerator ? 'admin:users.revokeMessage' : 'admin:users.grantMessage',
          { name: moderatorChange?.displayName ?? '' },
        )}
        confirmLabel={
          moderatorChange?.isModerator
            ? t('admin:users.revokeModerator')
            : t('admin:users.grantModerator')
        }
        loading={actions.busy}
        onCancel={() => setModeratorChange(null)}
        onConfirm={() =>
          moderatorChange &&
          void actions
            .setModerator(moderatorChange.id, !moderatorChange.isModerator)
            .then((done) => done && setModeratorChange(null))
        }
      />
      <ConfirmDialog
        opened={!!unsuspending}
        color="blue"
        title={t('admin:users.unsuspend')}
        message={t('admin:users.unsuspendMessage', { name: unsuspending?.displayName ?? '' })}
        confirmLabel={t('admin:users.unsuspend')}
        loading={actions.busy}
        onCancel={() => setUnsuspending(null)}
        onConfirm={() =>
          unsuspending &&
          void actions.unsuspend(unsuspending.id).then((done) => done && setUnsuspending(null))
        }
      />
    </Stack>
  );
}

/** /admin/allUsers: every account, searched by name or e-mail; suspend and grant moderator. */
export function AdminUsersPage() {
  return (
    <RequireAdmin>
      <AdminUsersList />
    </RequireAdmin>
  );
}

type AdminSpaceRow = AdminSpacesQuery['adminSpaces']['edges'][number]['node'];

function AdminSpaceCard({ space }: { space: AdminSpaceRow }) {
  const { t } = useTranslation();
  const spaceName = useSpaceName();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="admin-space">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
          {space.isPrivate ? <IconLock size={20} /> : <IconWorld size={20} />}
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text component={Link} to={`/space/${space.id}/info`} fw={600} truncate>
              {spaceName({ id: space.id, name: space.name })}
            </Text>
            <Group gap={6}>
              <Badge size="sm" variant="light">
                {t(`admin:kinds.${space.kind}`)}
              </Badge>
              <Text size="xs" c="dimmed">
                {t('admin:spaces.created')}
              </Text>
              <RelativeTime date={space.createdAt} size="xs" c="dimmed" />
            </Group>
          </Stack>
        </Group>
        <Group gap="lg">
          <Stack gap={0} align="flex-end">
            <Text fw={700}>{space.totalParticipants}</Text>
            <Text size="xs" c="dimmed">
              {t('admin:spaces.participants')}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text fw={700}>{space.totalItems}</Text>
            <Text size="xs" c="dimmed">
              {t('admin:spaces.items')}
            </Text>
          </Stack>
        </Group>
      </Group>
    </Card>
  );
}

function AdminSpacesList() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <Title order={1} size="h2">
        {t('admin:spaces.title')}
      </Title>
      <AdminTabs current="allSpaces" />
      <SearchBox value={search} onChange={setSearch} label={t('admin:spaces.search')} />
      <PagedList
        query={AdminSpacesDocument}
        variables={{ query: query || null }}
        field="adminSpaces"
        gap={8}
        empty={query ? t('admin:spaces.noMatch') : t('admin:spaces.empty')}
        render={(space) => <AdminSpaceCard key={space.id} space={space} />}
      />
    </Stack>
  );
}

/** /admin/allSpaces: every space with its kind, participants, items and age. */
export function AdminSpacesPage() {
  return (
    <RequireAdmin>
      <AdminSpacesList />
    </RequireAdmin>
  );
}
