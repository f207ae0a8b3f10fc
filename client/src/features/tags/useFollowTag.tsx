import { useMutation } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { FollowedTagsDocument, FollowTagDocument, UnfollowTagDocument } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';

/**
 * Follow and unfollow (unfollow asks first). Signed out, acting opens the login box. Returns the
 * toggle and the confirmation dialog to render.
 */
export function useFollowTag() {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const requireSignIn = useRequireSignIn();
  const refetchQueries = [{ query: FollowedTagsDocument, variables: { spaceId: spaceId || null } }];
  const [followTag, { loading: following }] = useMutation(FollowTagDocument, {
    refetchQueries,
  });
  const [unfollowTag, { loading: unfollowing }] = useMutation(UnfollowTagDocument, {
    refetchQueries,
  });
  const [confirming, setConfirming] = useState<string | null>(null);

  const toggle = (tag: { id: string; following: boolean }) =>
    requireSignIn(() => {
      if (tag.following) {
        setConfirming(tag.id);
        return;
      }
      followTag({ variables: { tag: tag.id, spaceId: spaceId || null } })
        .then(() => notifySuccess(t('tags:follow.followed', { tag: tag.id })))
        .catch(notifyError);
    });

  const confirmUnfollow = async () => {
    if (!confirming) return;
    try {
      await unfollowTag({
        variables: { tag: confirming, spaceId: spaceId || null },
      });
      notifySuccess(t('tags:follow.unfollowed', { tag: confirming }));
      setConfirming(null);
    } catch (caught) {
      notifyError(caught);
    }
  };

  const dialog = (
    <ConfirmDialog
      opened={confirming !== null}
      title={t('tags:follow.confirmTitle', { tag: confirming ?? '' })}
      message={t('tags:follow.confirmText')}
      confirmLabel={t('tags:follow.unfollow')}
      loading={unfollowing}
      onConfirm={() => void confirmUnfollow()}
      onCancel={() => setConfirming(null)}
    />
  );

  return { toggle, busy: following || unfollowing, dialog };
}
