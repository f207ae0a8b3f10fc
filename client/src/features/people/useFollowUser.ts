import { useMutation } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  FollowingPeopleDocument,
  FollowUserDocument,
  UnfollowUserDocument,
  type PersonCardFragment,
} from '../../gql/graphql';
import { useRequireSignIn, useViewer } from '../auth';

/**
 * Follow and unfollow a person. The answer is the person's card (following, counters), which
 * Apollo writes over every place they show; the viewer's own following list is fetched again.
 * Signed out, acting opens the login box.
 */
export function useFollowUser() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const requireSignIn = useRequireSignIn();
  const refetchQueries = viewer
    ? [{ query: FollowingPeopleDocument, variables: { userId: viewer.id } }]
    : [];
  const [follow, { loading: following }] = useMutation(FollowUserDocument, { refetchQueries });
  const [unfollow, { loading: unfollowing }] = useMutation(UnfollowUserDocument, {
    refetchQueries,
  });

  const toggle = (person: PersonCardFragment) =>
    requireSignIn(() => {
      const variables = { userId: person.id };
      const done = person.following
        ? unfollow({ variables }).then(() =>
            notifySuccess(t('people:follow.unfollowed', { name: person.displayName })),
          )
        : follow({ variables }).then(() =>
            notifySuccess(t('people:follow.followed', { name: person.displayName })),
          );
      done.catch(notifyError);
    });

  return { toggle, busy: following || unfollowing };
}
