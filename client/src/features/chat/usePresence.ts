import { useQuery, useSubscription } from '@apollo/client/react';
import { useMemo } from 'react';
import { ChatPresenceDocument, PresenceChangedDocument } from '../../gql/graphql';

/** The server answers presence for at most this many people per call (contracts: chatPresence). */
export const PRESENCE_IDS_MAX = 100;

/**
 * Keeps the presence of these people current in the cache (ChatPresence is keyed by userId, so
 * every dot showing one of them follows): `load` fetches it first, for people no list brought;
 * `presenceChanged` then brings each change live. Nothing is returned: dots read the cache.
 */
export function usePresence(userIds: readonly string[], { load = true } = {}) {
  const key = [...new Set(userIds)].sort().slice(0, PRESENCE_IDS_MAX).join(',');
  const ids = useMemo(() => (key ? key.split(',') : []), [key]);
  useQuery(ChatPresenceDocument, {
    variables: { userIds: ids },
    skip: !load || ids.length === 0,
    fetchPolicy: 'cache-and-network',
  });
  useSubscription(PresenceChangedDocument, {
    variables: { userIds: ids },
    skip: ids.length === 0,
    ignoreResults: true,
    onError: (caught) => console.warn('presenceChanged subscription ended', caught),
  });
}
