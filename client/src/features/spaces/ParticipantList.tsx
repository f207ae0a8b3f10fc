import { useMutation, useQuery } from '@apollo/client/react';
import { Avatar, Badge, Button, Card, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { loadStateView } from '../../components/LoadState';
import { notifyError } from '../../components/notify';
import {
  ApproveRequestDocument,
  DenyRequestDocument,
  ParticipantsDocument,
  SetParticipantStatusDocument,
  type AssignableParticipantStatus,
  type ParticipantFilter,
  type ParticipantCardFragment,
} from '../../gql/graphql';
import { useStatusLabel } from './spaceDisplay';
import { EmptyNotice } from '../../components/EmptyNotice';

const REFETCH = ['Participants', 'Space'];

/** Owner and admin actions on one participant, as the rules allow them (the server checks again). */
function ManageActions({
  spaceId,
  participant,
  viewerStatus,
}: {
  spaceId: string;
  participant: ParticipantCardFragment;
  viewerStatus: string | null;
}) {
  const { t } = useTranslation();
  const [setStatus, { loading }] = useMutation(SetParticipantStatusDocument, {
    refetchQueries: REFETCH,
  });
  const [approve] = useMutation(ApproveRequestDocument, { refetchQueries: REFETCH });
  const [deny] = useMutation(DenyRequestDocument, { refetchQueries: REFETCH });
  const userId = participant.user.id;
  const isOwner = viewerStatus === 'owner';
  const run = async (action: () => Promise<unknown>) => {
    try {
      await action();
    } catch (caught) {
      notifyError(caught);
    }
  };
  const change = (status: AssignableParticipantStatus) =>
    run(() => setStatus({ variables: { spaceId, userId, status } }));
  const changeButton = (status: AssignableParticipantStatus, label: string, color?: 'red') => (
    <Button
      size="xs"
      variant="light"
      color={color}
      loading={loading}
      onClick={() => void change(status)}
    >
      {label}
    </Button>
  );

  switch (participant.status) {
    case 'requested':
      return (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            onClick={() => void run(() => deny({ variables: { spaceId, userId } }))}
          >
            {t('spaces:manage.deny')}
          </Button>
          <Button
            size="xs"
            onClick={() => void run(() => approve({ variables: { spaceId, userId } }))}
          >
            {t('spaces:manage.approve')}
          </Button>
        </Group>
      );
    case 'contributor':
      return (
        <Group gap="xs">
          {isOwner ? changeButton('admin', t('spaces:manage.makeAdmin')) : null}
          {changeButton('blocked', t('spaces:manage.block'), 'red')}
        </Group>
      );
    case 'admin':
      return isOwner ? (
        <Group gap="xs">
          {changeButton('contributor', t('spaces:manage.makeContributor'))}
          {changeButton('blocked', t('spaces:manage.block'), 'red')}
        </Group>
      ) : null;
    case 'blocked':
      return changeButton('contributor', t('spaces:manage.unblock'));
    default:
      return null;
  }
}

/** Participant cards of one status filter; with `manage`, the owner's and admins' actions. */
export function ParticipantList({
  spaceId,
  status,
  manage = false,
  viewerStatus = null,
  empty,
}: {
  spaceId: string;
  status: ParticipantFilter;
  manage?: boolean;
  viewerStatus?: string | null;
  empty: string;
}) {
  const { t } = useTranslation();
  const statusLabel = useStatusLabel();
  const { data, loading, error, refetch, fetchMore } = useQuery(ParticipantsDocument, {
    variables: { spaceId, status, first: 50 },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.participants;
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!page,
    skeleton: (
      <Center py="lg">
        <Loader role="status" size="sm" aria-label={t('spaces:list.loading')} />
      </Center>
    ),
    errorTitle: t('spaces:list.loadFailed'),
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0) {
    return <EmptyNotice icon={IconUsers} iconSize={28} title={empty} py="lg" />;
  }
  return (
    <Stack gap="sm">
      {items.map((participant) => (
        <Card key={participant.user.id} withBorder radius="md" padding="sm">
          <Group justify="space-between" gap="sm">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
              <Avatar
                src={participant.user.photoURL || null}
                alt={participant.user.displayName}
                radius="xl"
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} truncate="end">
                  {participant.user.displayName}
                </Text>
                <Badge size="xs" variant="light" w="fit-content">
                  {statusLabel(participant.status)}
                </Badge>
              </Stack>
            </Group>
            {manage ? (
              <ManageActions
                spaceId={spaceId}
                participant={participant}
                viewerStatus={viewerStatus}
              />
            ) : null}
          </Group>
        </Card>
      ))}
      <LoadMoreButton
        cursor={nextCursorOf(page)}
        label={t('spaces:list.loadMore')}
        onLoad={(after) => fetchMore({ variables: { after } })}
      />
    </Stack>
  );
}
