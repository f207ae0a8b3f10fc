import { useApolloClient, useMutation } from '@apollo/client/react';
import { Group, Loader, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { spaceKindOf, TOAST_MS } from '@rules';
import { ChangeSpaceDocument } from '../../gql/graphql';
import { useLoginBox, useViewer } from '../auth';
import { storeActiveSpace } from './activeSpaceStore';
import { useSpaceActions } from './useSpaceActions';
import { Modal } from '../../components/overlays';
import type { SpaceLike } from './spaceDisplay';

/** A space one may switch to. */
export type EnterableSpace = SpaceLike;

/** The 'Switching spaces' progress dialog. */
export function SwitchingDialog({ opened }: { opened: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={() => undefined}
      withCloseButton={false}
      centered
      size="xs"
      title={null}
    >
      <Group gap="md" wrap="nowrap" role="status" aria-live="polite">
        <Loader size="sm" />
        <Text>{t('spaces:switch.progress')}</Text>
      </Group>
    </Modal>
  );
}

/**
 * Entering a space (spec 000 §4 'Space switch'): the progress dialog, the server's changeSpace,
 * then the viewer and every list refetched and a redirect (default /stories/recent). On failure
 * nothing changed, so the previous space stays, with 'Failed to change space'. Signed out, only
 * public spaces can be entered and the choice is kept in this browser.
 */
export function useChangeSpace() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { open } = useLoginBox();
  const client = useApolloClient();
  const navigate = useNavigate();
  const [mutate] = useMutation(ChangeSpaceDocument);
  const [switching, setSwitching] = useState(false);

  const enter = useCallback(
    async (
      space: EnterableSpace,
      redirect = '/stories/recent',
      { replace = false }: { replace?: boolean } = {},
    ): Promise<boolean> => {
      const isPrivate = space.isPrivate ?? spaceKindOf(space.id).kind === 'private';
      if (!viewer && isPrivate) {
        open('signin');
        return false;
      }
      setSwitching(true);
      try {
        if (viewer) {
          await mutate({ variables: { spaceId: space.id } });
          // The viewer's default space and every list of the old space load afresh. Queries in
          // flight are cancelled by the reset, which is expected, not a failed switch.
          await client.resetStore().catch(() => undefined);
        } else {
          storeActiveSpace({ spaceId: space.id, spaceName: space.name });
        }
        void navigate(redirect, { replace });
        return true;
      } catch {
        notifications.show({
          color: 'red',
          message: t('spaces:switch.failed'),
          autoClose: TOAST_MS,
          withCloseButton: true,
        });
        return false;
      } finally {
        setSwitching(false);
      }
    },
    [client, mutate, navigate, open, t, viewer],
  );

  return { enter, switching, dialog: <SwitchingDialog opened={switching} /> };
}

/**
 * Accepting an invitation takes the person into the space: once the server has them as a member,
 * the space becomes their active one and its page opens (not the Invited list, now empty of it).
 * On failure the toast says why and they stay where they were.
 */
export function useAcceptInvite() {
  const actions = useSpaceActions();
  const { enter, dialog } = useChangeSpace();
  const accept = async (space: EnterableSpace) => {
    if (!(await actions.accept(space.id))) return;
    await enter({ ...space, isPrivate: true }, `/space/${encodeURIComponent(space.id)}/info`);
  };
  return { accept, dialog };
}
