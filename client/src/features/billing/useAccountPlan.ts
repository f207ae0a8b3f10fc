import { useQuery, useSubscription } from '@apollo/client/react';
import { AccountChangedDocument, MyAccountPlanDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/**
 * The viewer's account type and subscription, kept live while shown: `accountChanged` brings the
 * viewer's user when a webhook changes it, and selecting the same fields as the query it
 * normalises into the cache over every reader (menu, settings, pricing). Signed out: nothing.
 */
export function useAccountPlan({ refresh = false }: { refresh?: boolean } = {}) {
  const { viewer } = useViewer();
  const query = useQuery(MyAccountPlanDocument, {
    skip: !viewer,
    // The menu reads it again with each opening: it is not live while the menu is shut.
    fetchPolicy: refresh ? 'cache-and-network' : 'cache-first',
  });
  useSubscription(AccountChangedDocument, {
    skip: !viewer,
    ignoreResults: true,
    onError: (caught) => console.warn('accountChanged subscription ended', caught),
  });
  return { ...query, account: query.data?.me ?? null, viewer };
}
