import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useMutation } from '@apollo/client/react';
import type { ModerateItemAction, ReportableType, ReportStatus } from '@rules';
import {
  ModerateItemDocument,
  ReportDocument,
  SetReportStatusDocument,
  SuspendUserDocument,
} from '../../gql/graphql';
import { ITEM_TYPENAMES } from './reportTargets';

/** The item as the cache knows it (a story card, a comment…) takes its new standing at once. */
function markItem(cache: ApolloCache, itemType: string, itemId: string, hidden: boolean) {
  const __typename = ITEM_TYPENAMES[itemType];
  if (!__typename) return;
  cache.modify({
    id: cache.identify({ __typename, id: itemId }),
    fields: { isHidden: () => hidden },
  });
}

/** An approved or rejected post leaves every 'awaiting approval' page loaded. */
function dropPending(cache: ApolloCache, itemId: string) {
  cache.modify({
    fields: {
      // Pending posts have no id: each page stores its edges' nodes inline.
      pendingPosts: (existing) => {
        const page = existing as { edges: { node: { itemId: string } }[] };
        return { ...page, edges: page.edges.filter((edge) => edge.node.itemId !== itemId) };
      },
    },
  });
}

/**
 * Moderators' writes with their cache updates. After an action on a report the report is read
 * again, so its card shows the item's new state and the action in its history. Each function
 * rejects with the server's error for the caller to show.
 */
export function useModeration() {
  const client = useApolloClient();
  const [setStatus, statusState] = useMutation(SetReportStatusDocument);
  const [moderate, moderateState] = useMutation(ModerateItemDocument);
  const [suspend, suspendState] = useMutation(SuspendUserDocument);

  const rereadReport = async (reportId: string | undefined) => {
    if (reportId)
      await client.query({
        query: ReportDocument,
        variables: { id: reportId },
        fetchPolicy: 'network-only',
      });
  };

  return {
    busy: statusState.loading || moderateState.loading || suspendState.loading,
    setReportStatus: async (id: string, status: ReportStatus) => {
      await setStatus({ variables: { id, status } });
    },
    moderateItem: async (
      action: ModerateItemAction,
      item: { itemType: ReportableType; itemId: string },
      reportId?: string,
    ) => {
      await moderate({
        variables: { action, itemType: item.itemType, itemId: item.itemId, reportId },
        update: (cache) => {
          if (action === 'hide' || action === 'restore')
            markItem(cache, item.itemType, item.itemId, action === 'hide');
          else dropPending(cache, item.itemId);
        },
      });
      await rereadReport(reportId);
    },
    suspendUser: async (userId: string, until: Date, reportId?: string) => {
      await suspend({ variables: { userId, until: until.toISOString(), reportId } });
      await rereadReport(reportId);
    },
  };
}
