import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  AcceptInviteDocument,
  DeclineInviteDocument,
  FavoriteSpaceDocument,
  LeaveSpaceDocument,
  RequestAccessDocument,
} from '../../gql/graphql';

const REFETCH = ['MySpaces', 'SpaceDrawer', 'Space', 'Participants'];

/** The viewer's own space actions, each with its toast; lists refetch after the server confirms. */
export function useSpaceActions() {
  const { t } = useTranslation();
  const [accept] = useMutation(AcceptInviteDocument, { refetchQueries: REFETCH });
  const [decline] = useMutation(DeclineInviteDocument, { refetchQueries: REFETCH });
  const [leave, { loading: leaving }] = useMutation(LeaveSpaceDocument, {
    refetchQueries: REFETCH,
  });
  const [request] = useMutation(RequestAccessDocument, { refetchQueries: REFETCH });
  const [favorite] = useMutation(FavoriteSpaceDocument, { refetchQueries: ['SpaceDrawer'] });

  const run = async (action: () => Promise<unknown>, success?: string) => {
    try {
      await action();
      if (success) notifySuccess(success);
      return true;
    } catch (caught) {
      notifyError(caught);
      return false;
    }
  };

  return {
    accept: (spaceId: string) =>
      run(() => accept({ variables: { spaceId } }), t('spaces:invite.accepted')),
    decline: (spaceId: string) =>
      run(() => decline({ variables: { spaceId } }), t('spaces:invite.declined')),
    leave: (spaceId: string) =>
      run(() => leave({ variables: { spaceId } }), t('spaces:leave.done')),
    /** A leave is on its way to the server. */
    leaving,
    /** The favourite flag flips when the server has stored it (the mutation returns the space). */
    favorite: (spaceId: string, value: boolean) =>
      run(() => favorite({ variables: { spaceId, favorite: value } })),
    requestAccess: async (spaceId: string) => {
      try {
        await request({ variables: { spaceId } });
        notifySuccess(t('spaces:request.submitted'));
        return true;
      } catch {
        notifications.show({
          color: 'red',
          message: t('spaces:request.failed'),
          autoClose: TOAST_MS,
          withCloseButton: true,
        });
        return false;
      }
    },
  };
}
