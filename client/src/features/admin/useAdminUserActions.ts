import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  AdminSetModeratorDocument,
  AdminSuspendUserDocument,
  AdminUnsuspendUserDocument,
} from '../../gql/graphql';

/**
 * The admin users page's actions (moderation's mutations). Each returns the AdminUser, which
 * Apollo's cache merges into the listed row by id: the badges change without a refetch.
 */
export function useAdminUserActions() {
  const { t } = useTranslation();
  const [suspendMutation, suspending] = useMutation(AdminSuspendUserDocument);
  const [unsuspendMutation, unsuspending] = useMutation(AdminUnsuspendUserDocument);
  const [setModeratorMutation, settingModerator] = useMutation(AdminSetModeratorDocument);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };

  return {
    busy: suspending.loading || unsuspending.loading || settingModerator.loading,
    suspend: (userId: string, until: Date) =>
      run(
        () => suspendMutation({ variables: { userId, until: until.toISOString() } }),
        t('admin:users.suspended'),
      ),
    unsuspend: (userId: string) =>
      run(() => unsuspendMutation({ variables: { userId } }), t('admin:users.unsuspended')),
    setModerator: (userId: string, moderator: boolean) =>
      run(
        () => setModeratorMutation({ variables: { userId, moderator } }),
        moderator ? t('admin:users.moderatorGranted') : t('admin:users.moderatorRevoked'),
      ),
  };
}
