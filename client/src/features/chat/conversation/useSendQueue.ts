import { useMutation } from '@apollo/client/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { wsClient } from '../../../app/apollo';
import { serverErrorOf } from '../../../components/notify';
import { SendChatMessageDocument } from '../../../gql/graphql';
import type { ChatMessage } from './messageCache';

/** A message written here and not yet stored by the server, as kept across reloads. */
export interface OutgoingMessage {
  /** Made here, so a retry of the same message is stored once (the server is idempotent by id). */
  id: string;
  conversationId: string | null;
  /** A direct chat's first message: the server opens the conversation. */
  receiverId: string | null;
  text: string;
  files: ChatMessage['files'];
  replyTo: ChatMessage['replyTo'];
  createdAt: string;
  /** The server refused it (translated message): it stays shown until discarded. */
  failed?: string;
}

export type Draft = Pick<OutgoingMessage, 'text' | 'files' | 'replyTo'>;

/** How often a message that could not reach the server is tried again while the page is online. */
const RETRY_MS = 5000;

const storageKey = (viewerId: string, target: string) => `chat-outbox:${viewerId}:${target}`;

function read(key: string): OutgoingMessage[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(parsed) ? (parsed as OutgoingMessage[]) : [];
  } catch {
    return [];
  }
}

function write(key: string, items: OutgoingMessage[]) {
  if (items.length) localStorage.setItem(key, JSON.stringify(items));
  else localStorage.removeItem(key);
}

/**
 * The outbox of one conversation (or of a direct chat not started yet, by receiver): a message is
 * shown at once as pending, kept in localStorage until the server has it (a reload does not lose
 * it), and sent in order, one at a time, with its own id, so a retry after a dropped connection
 * never posts twice. Sending waits while the browser is offline and resumes when it is back, when
 * the websocket reconnects, and every few seconds.
 */
export function useSendQueue({
  viewerId,
  conversationId,
  receiverId,
  onSent,
  onConversationCreated,
}: {
  viewerId: string;
  conversationId: string | null;
  receiverId: string | null;
  onSent: (message: ChatMessage) => void;
  /** A new direct chat's first message created the conversation; the rest of the outbox moved there. */
  onConversationCreated?: (conversationId: string) => void;
}) {
  const key = storageKey(viewerId, conversationId ?? `to-${receiverId ?? ''}`);
  const [items, setItems] = useState<OutgoingMessage[]>(() => read(key));
  const itemsRef = useRef(items);
  const sending = useRef(false);
  const [send] = useMutation(SendChatMessageDocument);
  const callbacks = useRef({ onSent, onConversationCreated });
  useEffect(() => {
    callbacks.current = { onSent, onConversationCreated };
  }, [onSent, onConversationCreated]);

  const save = useCallback(
    (next: OutgoingMessage[]) => {
      itemsRef.current = next;
      write(key, next);
      setItems(next);
    },
    [key],
  );

  const flush = useCallback(async () => {
    if (sending.current) return;
    sending.current = true;
    try {
      for (;;) {
        const next = itemsRef.current.find((item) => !item.failed);
        if (!next || !navigator.onLine) return;
        try {
          const { data } = await send({
            variables: {
              input: {
                id: next.id,
                conversationId: next.conversationId,
                receiverId: next.conversationId ? null : next.receiverId,
                text: next.text,
                files: next.files.map(({ url, name, type, size }) => ({ url, name, type, size })),
                replyToId: next.replyTo?.id ?? null,
              },
            },
          });
          if (!data) return;
          const message = data.sendChatMessage;
          const rest = itemsRef.current.filter((item) => item.id !== next.id);
          callbacks.current.onSent(message);
          if (!next.conversationId) {
            // The direct chat exists now: what is still waiting goes to it.
            write(
              storageKey(viewerId, message.conversationId),
              rest.map((item) => ({ ...item, conversationId: message.conversationId })),
            );
            save([]);
            callbacks.current.onConversationCreated?.(message.conversationId);
            return;
          }
          save(rest);
        } catch (caught) {
          const error = serverErrorOf(caught);
          // Unreachable: it stays queued for the next try. Refused: it is marked, not retried.
          if (error.network) return;
          save(
            itemsRef.current.map((item) =>
              item.id === next.id ? { ...item, failed: error.message } : item,
            ),
          );
        }
      }
    } finally {
      sending.current = false;
    }
  }, [send, save, viewerId]);

  useEffect(() => {
    void flush();
    const retry = () => void flush();
    window.addEventListener('online', retry);
    const offConnected = wsClient.on('connected', retry);
    const timer = setInterval(() => {
      if (itemsRef.current.some((item) => !item.failed)) retry();
    }, RETRY_MS);
    return () => {
      window.removeEventListener('online', retry);
      offConnected();
      clearInterval(timer);
    };
  }, [flush]);

  const enqueue = useCallback(
    (draft: Draft) => {
      save([
        ...itemsRef.current,
        {
          ...draft,
          id: crypto.randomUUID(),
          conversationId,
          receiverId,
          createdAt: new Date().toISOString(),
        },
      ]);
      void flush();
    },
    [conversationId, receiverId, save, flush],
  );

  const discard = useCallback(
    (id: string) => save(itemsRef.current.filter((item) => item.id !== id)),
    [save],
  );

  return { outgoing: items, enqueue, discard };
}
