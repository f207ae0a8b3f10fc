import { useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import {
  IconHash,
  IconMessageCircle,
  IconSettings,
  IconStar,
  IconStarFilled,
} from '@tabler/icons-react';
import { spaceChatIdOf } from '@rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { serverErrorOf } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import { SpaceDocument, type SpaceCardFragment } from '../../gql/graphql';
// From their own modules: the feature indexes load with the shell, these only with this page.
import { SpaceAnalyticsPanel } from '../admin';
import { useViewer } from '../auth';
import { SpaceMediaPage } from '../media';
import { ShareButton } from '../share';
import { ParticipantList } from './ParticipantList';
import { canReadSpace, isActiveParticipant } from './spaceAccess';
import { SpaceIcon, useSpaceName, useStatusLabel } from './spaceDisplay';
import { useAcceptInvite, useChangeSpace } from './useChangeSpace';
import { RequestAccessPanel } from './RequestAccessPanel';
import { useSpaceActions } from './useSpaceActions';

export const PAGE_WIDTH = 860;
/** Tabs of /space/{id} built now; the others (activity, reports) come later. */
const SPACE_TABS = ['info', 'participants', 'members', 'tags', 'media', 'analytics'] as const;

/** A private space the viewer may not read, or one that does not exist: the same answer, with Request access. */
function HiddenSpace({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  return (
    <RequestAccessPanel
      spaceId={spaceId}
      title={t('spaces:hidden.title')}
      text={
        <Text c="dimmed" maw={460}>
          {t('spaces:hidden.text')}
        </Text>
      }
      maw={PAGE_WIDTH}
    />
  );
}

function useSpace(id: string) {
  return useQuery(SpaceDocument, { variables: { id }, fetchPolicy: 'cache-and-network' });
}

/** Loads the space, then renders `children` with it; hidden or missing spaces get the request page. */
export function WithSpace({
  id,
  children,
}: {
  id: string;
  children: (space: SpaceCardFragment) => ReactNode;
}) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useSpace(id);
  if (data) return children(data.space);
  // The server answers NOT_FOUND alike for a space hidden from the viewer and one that is not there.
  const hidden = !loading && (!error || serverErrorOf(error, t).code === 'NOT_FOUND');
  if (hidden) return <HiddenSpace spaceId={id} />;
  return loadStateView({
    loading,
    error,
    refetch,
    skeleton: (
      <Center py="xl">
        <Loader role="status" aria-label={t('spaces:list.loading')} />
      </Center>
    ),
    errorTitle: t('spaces:page.loadFailed'),
  });
}

export function SpaceHeader({
  space,
  extra,
  managing = false,
}: {
  space: SpaceCardFragment;
  extra?: ReactNode;
  /** The manage pages: their heading says so (and so their tabs' titles differ from the space's). */
  managing?: boolean;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const spaceName = useSpaceName();
  const statusLabel = useStatusLabel();
  const actions = useSpaceActions();
  const { enter, dialog } = useChangeSpace();
  const readable = canReadSpace(space);
  const name = spaceName(space);
  return (
    <Group justify="space-between" align="flex-start" gap="sm">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <SpaceIcon spaceId={space.id} isPrivate={space.isPrivate} />
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={1} size="h3" style={{ overflowWrap: 'anywhere' }}>
            {managing ? <VisuallyHidden>{t('spaces:manage.headingPrefix')} </VisuallyHidden> : null}
            {name}
          </Title>
          {space.status ? (
            <Badge variant="light" w="fit-content">
              {statusLabel(space.status)}
            </Badge>
          ) : null}
        </Stack>
      </Group>
      <Group gap="xs">
        {viewer && readable ? (
          <Tooltip label={space.favorite ? t('spaces:favorite.remove') : t('spaces:favorite.add')}>
            <ActionIcon
              variant="light"
              color="yellow"
              size="lg"
              aria-label={space.favorite ? t('spaces:favorite.remove') : t('spaces:favorite.add')}
              aria-pressed={space.favorite}
              onClick={() => void actions.favorite(space.id, !space.favorite)}
            >
              {space.favorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
            </ActionIcon>
          </Tooltip>
        ) : null}
        <ShareButton target={{ kind: 'space', id: space.id }} spaceId={space.id} />
        {viewer && readable ? (
          <Tooltip label={t('chat:lists.spaceChat')}>
            <ActionIcon
              component={Link}
              to={`/chat/${spaceChatIdOf(space.id)}`}
              variant="light"
              size="lg"
              aria-label={t('chat:lists.spaceChat')}
            >
              <IconMessageCircle size={18} />
            </ActionIcon>
          </Tooltip>
        ) : null}
        {extra}
        {readable ? (
          <Button onClick={() => void enter({ id: space.id, name, isPrivate: space.isPrivate })}>
            {t('spaces:card.enter')}
          </Button>
        ) : null}
      </Group>
      {dialog}
    </Group>
  );
}

function InfoTab({ space }: { space: SpaceCardFragment }) {
  const { t } = useTranslation();
  const spaceName = useSpaceName();
  const actions = useSpaceActions();
  const invitation = useAcceptInvite();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  return (
    <Stack gap="md">
      {space.status === 'invited' ? (
        <Alert color="blue" title={t('spaces:invite.pendingTitle')}>
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {space.invitedBy
                ? t('spaces:invite.pendingFrom', { name: space.invitedBy.displayName })
                : t('spaces:invite.pendingText')}
            </Text>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  void actions.decline(space.id).then(() => navigate('/spaces/private/invited'))
                }
              >
                {t('spaces:invite.decline')}
              </Button>
              <Button
                size="xs"
                onClick={() =>
                  void invitation.accept({
                    id: space.id,
                    name: spaceName(space),
                    isPrivate: true,
                  })
                }
              >
                {t('spaces:invite.accept')}
              </Button>
              {invitation.dialog}
            </Group>
          </Group>
        </Alert>
      ) : null}
      {space.status === 'requested' ? (
        <Alert color="yellow" title={t('spaces:request.pending')}>
          {t('spaces:request.pendingText')}
        </Alert>
      ) : null}
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Text fw={600}>{t('spaces:info.purpose')}</Text>
          <Text c={space.description ? undefined : 'dimmed'} style={{ whiteSpace: 'pre-wrap' }}>
            {space.description || t('spaces:info.noPurpose')}
          </Text>
          <Group gap="lg">
            <Text size="sm" c="dimmed">
              {space.isPrivate
                ? t('spaces:kind.private')
                : space.kind === 'country'
                  ? t('spaces:kind.country')
                  : t('spaces:kind.global')}
            </Text>
            {space.kind === 'private' && space.totalParticipants != null ? (
              <Text size="sm" c="dimmed">
                {t('spaces:card.participants', { count: space.totalParticipants })}
              </Text>
            ) : null}
            {space.author ? (
              <Text size="sm" c="dimmed">
                {t('spaces:info.createdBy', { name: space.author.displayName })} ·{' '}
                <RelativeTime date={space.createdAt} />
              </Text>
            ) : null}
          </Group>
        </Stack>
      </Card>
      {space.status === 'admin' || space.status === 'contributor' ? (
        <Group>
          <Button variant="subtle" color="red" onClick={() => setLeaving(true)}>
            {t('spaces:leave.button')}
          </Button>
        </Group>
      ) : null}
      <ConfirmDialog
        opened={leaving}
        title={t('spaces:leave.title')}
        message={t('spaces:leave.confirm')}
        confirmLabel={t('spaces:leave.button')}
        loading={actions.leaving}
        onConfirm={() =>
          void actions.leave(space.id).then((done) => done && navigate('/spaces/private/active'))
        }
        onCancel={() => setLeaving(false)}
      />
    </Stack>
  );
}

function MembersTab({ space }: { space: SpaceCardFragment }) {
  const { t } = useTranslation();
  if (space.kind !== 'private') {
    return <Alert color="gray">{t('spaces:members.notListed')}</Alert>;
  }
  if (!isActiveParticipant(space.status)) {
    return <Alert color="gray">{t('spaces:members.participantsOnly')}</Alert>;
  }
  return <ParticipantList spaceId={space.id} status="active" empty={t('spaces:members.empty')} />;
}

/** /space/{id}/{info,participants,members,tags}; the other tabs of the spec are coming soon. */
export function SpacePage() {
  const { t } = useTranslation();
  const { id = '', tab = 'info' } = useParams();
  const navigate = useNavigate();
  const current = SPACE_TABS.find((value) => value === tab);
  if (!current) return <ComingSoon />;
  return (
    <Stack gap="md" maw={PAGE_WIDTH} mx="auto" w="100%">
      <WithSpace id={id}>
        {(space) => (
          <>
            <SpaceHeader
              space={space}
              extra={
                space.canManage ? (
                  <Button
                    component={Link}
                    to={`/space/${space.id}/manage/participants`}
                    variant="light"
                    leftSection={<IconSettings size={16} />}
                  >
                    {t('spaces:manage.open')}
                  </Button>
                ) : null
              }
            />
            <Tabs
              value={current === 'members' ? 'participants' : current}
              onChange={(value) => value && void navigate(`/space/${id}/${value}`)}
            >
              <Tabs.List>
                <Tabs.Tab value="info">{t('spaces:tabs.info')}</Tabs.Tab>
                <Tabs.Tab value="participants">{t('spaces:tabs.participants')}</Tabs.Tab>
                <Tabs.Tab value="tags">{t('spaces:tabs.tags')}</Tabs.Tab>
                <Tabs.Tab value="media">{t('media:space.tab')}</Tabs.Tab>
                <Tabs.Tab value="analytics">{t('admin:analytics.tab')}</Tabs.Tab>
              </Tabs.List>
            </Tabs>
            {current === 'info' ? <InfoTab space={space} /> : null}
            {current === 'media' ? <SpaceMediaPage spaceId={space.id} /> : null}
            {current === 'participants' || current === 'members' ? (
              <MembersTab space={space} />
            ) : null}
            {current === 'tags' ? (
              <Card withBorder radius="md" padding="md">
                <Group justify="space-between">
                  <Text>{t('spaces:tags.text')}</Text>
                  <Button
                    component={Link}
                    to="/tags"
                    variant="light"
                    leftSection={<IconHash size={16} />}
                  >
                    {t('spaces:tags.open')}
                  </Button>
                </Group>
              </Card>
            ) : null}
            {current === 'analytics' ? <SpaceAnalyticsPanel spaceId={space.id} /> : null}
          </>
        )}
      </WithSpace>
    </Stack>
  );
}
