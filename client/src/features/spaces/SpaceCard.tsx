import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SpaceCardFragment } from '../../gql/graphql';
import { useViewer } from '../auth';
import { canReadSpace } from './spaceAccess';
import { SpaceIcon, useSpaceName, useStatusLabel } from './spaceDisplay';
import { useSpaceActions } from './useSpaceActions';
import { useAcceptInvite, type EnterableSpace } from './useChangeSpace';

/** A space card with an Enter button and the actions the viewer's status allows. */
export function SpaceCard({
  space,
  onEnter,
}: {
  space: SpaceCardFragment;
  onEnter: (space: EnterableSpace) => void;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const spaceName = useSpaceName();
  const statusLabel = useStatusLabel();
  const actions = useSpaceActions();
  const invitation = useAcceptInvite();
  const name = spaceName(space);
  const readable = canReadSpace(space);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm" h="100%" justify="space-between">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <SpaceIcon spaceId={space.id} isPrivate={space.isPrivate} />
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <Text
              fw={600}
              component={Link}
              to={`/space/${space.id}/info`}
              truncate="end"
              c="inherit"
            >
              {name}
            </Text>
            {space.kind === 'country' && space.code ? (
              <Text size="xs" c="dimmed" tt="uppercase">
                {space.code}
              </Text>
            ) : null}
            {space.description ? (
              <Text size="sm" c="dimmed" lineClamp={2}>
                {space.description}
              </Text>
            ) : null}
            {space.invitedBy ? (
              <Text size="xs" c="dimmed">
                {t('spaces:invite.invitedBy', { name: space.invitedBy.displayName })}
              </Text>
            ) : null}
          </Stack>
          {viewer && readable ? (
            <Tooltip
              label={space.favorite ? t('spaces:favorite.remove') : t('spaces:favorite.add')}
            >
              <ActionIcon
                variant="subtle"
                color="yellow"
                aria-label={space.favorite ? t('spaces:favorite.remove') : t('spaces:favorite.add')}
                aria-pressed={space.favorite}
                onClick={() => void actions.favorite(space.id, !space.favorite)}
              >
                {space.favorite ? <IconStarFilled size={18} /> : <IconStar size={18} />}
              </ActionIcon>
            </Tooltip>
          ) : null}
        </Group>
        <Group gap="xs" justify="space-between">
          <Group gap={6}>
            {space.status ? <Badge variant="light">{statusLabel(space.status)}</Badge> : null}
            {space.kind === 'private' && space.totalParticipants != null ? (
              <Text size="xs" c="dimmed">
                {t('spaces:card.participants', { count: space.totalParticipants })}
              </Text>
            ) : null}
          </Group>
          <Group gap="xs">
            {space.status === 'invited' ? (
              <>
                <Button size="xs" variant="default" onClick={() => void actions.decline(space.id)}>
                  {t('spaces:invite.decline')}
                </Button>
                <Button
                  size="xs"
                  onClick={() => void invitation.accept({ id: space.id, name, isPrivate: true })}
                >
                  {t('spaces:invite.accept')}
                </Button>
                {invitation.dialog}
              </>
            ) : null}
            {space.status === 'requested' ? (
              <Button size="xs" variant="default" onClick={() => void actions.leave(space.id)}>
                {t('spaces:request.withdraw')}
              </Button>
            ) : null}
            {readable ? (
              <Button
                size="xs"
                onClick={() => onEnter({ id: space.id, name, isPrivate: space.isPrivate })}
              >
                {t('spaces:card.enter')}
              </Button>
            ) : null}
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
