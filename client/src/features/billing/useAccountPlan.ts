import { useQuery, useSubscription } from '@apollo/client/react';
import { AccountChangedDocument, MyAccountPlanDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/**
 * The viewer's account type and subscription, kept live while shown: `accountChanged` brings the
 * viewer's user when a webhook changes it, and selecting the same fields as the query it
 * normalises into the cache over every reader (menu, settings, pricing). Signed out: nothing.
 */
export function useAccountPlan({
  refresh = false,
  live = true,
}: {
  /** Read it again on mount (the menu, which is not live while shut). */
  refresh?: boolean;
  /** Listen for changes while mounted (one listener per page is enough). */
  live?: boolean;
} = {}) {
  const { viewer } = useViewer();
  const query = useQuery(MyAccountPlanDocument, {
    skip: !viewer,
    fetchPolicy: refresh ? 'cache-and-network' : 'cache-first',
  });
  useSubscription(AccountChangedDocument, {
    skip: !viewer || !live,
    ignoreResults: true,
    onError: (caught) => console.warn('accountChanged subscription ended', caught),
  });
  return { ...query, account: query.data?.me ?? null, viewer };
}
