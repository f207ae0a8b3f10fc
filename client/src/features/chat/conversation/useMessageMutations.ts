import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, type Dispatch } from 'react';
import { TYPING_REPEAT_MS } from '@rules';
import {
  DeleteChatMessageDocument,
  EditChatMessageDocument,
  ReactToChatMessageDocument,
  SetActiveConversationDocument,
  SetTypingDocument,
} from '../../../gql/graphql';
import type { StoreAction } from './messageCache';

/**
 * Writes on an open conversation's messages, each applied to the view's store as soon as the
 * server answers (the live event that follows changes nothing more). They reject with the
 * server's error for the caller to show. `typing()` tells the others at most every
 * TYPING_REPEAT_MS; `stoppedTyping()` ends it at once (after sending).
 */
export function useMessageMutations(conversationId: string, dispatch: Dispatch<StoreAction>) {
  const [edit] = useMutation(EditChatMessageDocument);
  const [remove] = useMutation(DeleteChatMessageDocument);
  const [react] = useMutation(ReactToChatMessageDocument);
  const [setTyping] = useMutation(SetTypingDocument);
  const lastTyping = useRef(0);

  const sendTyping = useCallback(
    (typing: boolean) => {
      setTyping({ variables: { conversationId, typing } }).catch(() => {
        // Typing is a hint: a lost one changes nothing.
      });
    },
    [conversationId, setTyping],
  );

  return {
    editMessage: async (messageId: string, text: string) => {
      const { data } = await edit({ variables: { conversationId, messageId, text } });
      if (data) dispatch({ type: 'upsert', message: data.editChatMessage });
    },
    deleteMessage: async (messageId: string) => {
      await remove({ variables: { conversationId, messageId } });
      dispatch({ type: 'remove', id: messageId });
    },
    /** null (or my current emoji) removes mine; another replaces it. */
    reactToMessage: async (messageId: string, emoji: string | null) => {
      const { data } = await react({ variables: { conversationId, messageId, emoji } });
      if (data) dispatch({ type: 'upsert', message: data.reactToChatMessage });
    },
    typing: () => {
      if (Date.now() - lastTyping.current < TYPING_REPEAT_MS) return;
      lastTyping.current = Date.now();
      sendTyping(true);
    },
    stoppedTyping: () => {
      if (!lastTyping.current) return;
      lastTyping.current = 0;
      sendTyping(false);
    },
  };
}

/**
 * The active-conversation calls of this tab, one after another: switching chats clears the old one
 * and sets the new one, and a clear overtaken by the set would leave no chat active.
 */
let activeCalls: Promise<unknown> = Promise.resolve();

/**
 * While a conversation is open it is the viewer's active one (the server then keeps its count at
 * zero and marks it read); leaving clears it.
 */
export function useActiveConversation(conversationId: string) {
  const [setActive] = useMutation(SetActiveConversationDocument);
  useEffect(() => {
    const send = (id: string | null) =>
      setActive({
        variables: { conversationId: id },
        update: (cache) => {
          if (!id) return;
          cache.modify({
            id: cache.identify({ __typename: 'ChatConversation', id }),
            fields: { totalNewMessages: () => 0 },
          });
        },
      }).catch((caught: unknown) => console.warn('setActiveConversation failed', caught));
    const tell = (id: string | null) => (activeCalls = activeCalls.then(() => send(id)));
    void tell(conversationId);
    return () => void tell(null);
  }, [conversationId, setActive]);
}
