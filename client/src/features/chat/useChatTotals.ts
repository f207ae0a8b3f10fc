import { useQuery } from '@apollo/client/react';
import { useActiveSpace } from '../../app/useActiveSpace';
import { ChatTotalsDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/**
 * The Chat badge's number: the viewer's unread messages in the active space's direct chats,
 * groups and channels plus its space chat (userSpaceDoc.chat). Kept live by ChatLive; 0 signed out.
 */
export function useChatTotals(): number {
  const { viewer } = useViewer();
  const { spaceId } = useActiveSpace();
  const { data } = useQuery(ChatTotalsDocument, {
    variables: { spaceId },
    skip: !viewer,
    fetchPolicy: 'cache-and-network',
  });
  if (!viewer || !data) return 0;
  return data.chatTotals.totalNewMessages + data.chatTotals.totalNewSpaceMessages;
}
