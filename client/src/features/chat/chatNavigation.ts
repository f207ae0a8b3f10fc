import { createContext, useContext, useMemo } from 'react';
import { useNavigate } from 'react-router';

/** What the chat shows on the right: a conversation, or a new direct chat with someone. */
export type ChatTarget = { conversationId: string } | { receiverId: string };

export interface ChatNavigation {
  /** The drawer, or the /chat pages (where the open conversation's name is the page's heading). */
  host: 'drawer' | 'page';
  open(target: ChatTarget): void;
  /** Back to the lists (after leaving or deleting the open conversation). */
  close(): void;
  /** Out of the chat, before going to another page (Go To Problem): the drawer closes. */
  dismiss(): void;
}

/**
 * The drawer and the /chat page each host the lists and one open conversation; the pieces inside
 * (lists, group menu, conversation view) move between them through this, wherever they are.
 */
export const ChatNavigationContext = createContext<ChatNavigation | null>(null);

/** The host's navigation; outside one, the /chat pages. */
export function useChatNavigation(): ChatNavigation {
  const host = useContext(ChatNavigationContext);
  const navigate = useNavigate();
  const pages = useMemo<ChatNavigation>(
    () => ({
      host: 'page',
      open: (target) => void navigate(chatPathOf(target)),
      close: () => void navigate('/chat'),
      dismiss: () => undefined,
    }),
    [navigate],
  );
  return host ?? pages;
}

/** The page of a conversation, or of a new direct chat with someone. */
export const chatPathOf = (target: ChatTarget) =>
  'conversationId' in target
    ? `/chat/${encodeURIComponent(target.conversationId)}`
    : `/chat?to=${encodeURIComponent(target.receiverId)}`;

/** A conversation's info page (Group Info as a page of its own). */
export const chatInfoPathOf = (conversationId: string) => `${chatPathOf({ conversationId })}/info`;
