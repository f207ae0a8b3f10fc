import { useQuery } from '@apollo/client/react';
import { Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { notifyError, serverErrorOf } from '../../../components/notify';
import { ChatConversationViewDocument, PersonDocument } from '../../../gql/graphql';
import { useViewer, type Viewer } from '../../auth';
import { useChatNavigation } from '../chatNavigation';
import { ChatComposer } from './ChatComposer';
import { ConversationHeader } from './ConversationHeader';
import type { ChatMessage } from './messageCache';
import { MessageList } from './MessageList';
import type { MessageActions } from './MessageItem';
import { TypingIndicator } from './TypingIndicator';
import { useConversationMessages } from './useConversationMessages';
import { useActiveConversation, useMessageMutations } from './useMessageMutations';
import { useSendQueue, type OutgoingMessage } from './useSendQueue';

export interface ConversationViewProps {
  conversationId?: string;
  /** A direct chat not started yet: its first message creates it. */
  receiverId?: string;
  onBack?: () => void;
}

/**
 * An open conversation (000 §2 chat drawer, §4 chat): the header, the messages, who is typing and
 * the composer. With only `receiverId` it is a new direct chat whose first message creates the
 * conversation; it then goes on as that conversation.
 */
export function ConversationView({ conversationId, receiverId, onBack }: ConversationViewProps) {
  const { viewer } = useViewer();
  const navigation = useChatNavigation();
  const [createdId, setCreatedId] = useState<string | null>(null);
  const id = conversationId ?? createdId;
  const created = useCallback(
    (newId: string) => {
      setCreatedId(newId);
      navigation.open({ conversationId: newId });
    },
    [navigation],
  );
  if (!viewer) return null;
  if (id) return <OpenConversation key={id} conversationId={id} viewer={viewer} onBack={onBack} />;
  if (receiverId)
    return (
      <NewDirectChat
        key={receiverId}
        receiverId={receiverId}
        viewer={viewer}
        onCreated={created}
        onBack={onBack}
      />
    );
  return null;
}

/** A message of mine the server does not have yet, shaped like the stored ones. */
function pendingMessage(item: OutgoingMessage, viewer: Viewer): ChatMessage {
  return {
    id: item.id,
    conversationId: item.conversationId ?? '',
    text: item.text,
    files: item.files,
    author: {
      id: viewer.id,
      displayName: viewer.displayName,
      photoURL: viewer.photoURL ?? '',
      role: viewer.role,
    },
    type: item.replyTo ? 'reply' : null,
    replyTo: item.replyTo,
    reactions: [],
    createdAt: item.createdAt,
    editedAt: null,
  };
}

function OpenConversation({
  conversationId,
  viewer,
  onBack,
}: {
  conversationId: string;
  viewer: Viewer;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const conversation = useQuery(ChatConversationViewDocument, {
    variables: { id: conversationId },
    fetchPolicy: 'cache-and-network',
  });
  const { store, dispatch, error, retry, loadingOlder, loadOlder } = useConversationMessages(
    conversationId,
    viewer.id,
  );
  const writes = useMessageMutations(conversationId, dispatch);
  useActiveConversation(conversationId);
  const onSent = useCallback(
    (message: ChatMessage) => dispatch({ type: 'upsert', message }),
    [dispatch],
  );
  const queue = useSendQueue({
    viewerId: viewer.id,
    conversationId,
    receiverId: null,
    onSent,
  });
  const [editing, setEditing] = useState<ChatMessage | null>(null);
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);

  const stored = useMemo(() => new Set(store.messages.map((message) => message.id)), [store]);
  const outgoing = queue.outgoing
    .filter((item) => !stored.has(item.id))
    .map((item) => ({ item, message: pendingMessage(item, viewer) }));

  const actionsOf = (message: ChatMessage): Omit<MessageActions, 'onOpenQuote'> => {
    const mine = message.author?.id === viewer.id;
    return {
      onReply: () => {
        setEditing(null);
        setReplyTo(message);
      },
      onEdit: mine
        ? () => {
            setReplyTo(null);
            setEditing(message);
          }
        : undefined,
      onDelete: mine ? () => setDeleting(message) : undefined,
      onReact: (emoji) => void writes.reactToMessage(message.id, emoji).catch(notifyError),
    };
  };

  const remove = async (message: ChatMessage) => {
    setDeleting(null);
    try {
      await writes.deleteMessage(message.id);
      if (editing?.id === message.id) setEditing(null);
    } catch (caught) {
      notifyError(caught);
    }
  };

  const info = conversation.data?.chatConversation ?? null;
  if (!info && conversation.error) {
    const { code, message } = serverErrorOf(conversation.error, t);
    return (
      <Center h="100%" p="md">
        <Stack align="center" gap="sm">
          <Text c="dimmed" ta="center">
            {code === 'NOT_FOUND' ? t('chat:errors.notMember') : message}
          </Text>
          {code === 'NOT_FOUND' ? null : (
            <Button variant="light" size="xs" onClick={() => void conversation.refetch()}>
              {t('chat:conversation.retry')}
            </Button>
          )}
          {onBack ? (
            <Button variant="subtle" size="xs" onClick={onBack}>
              {t('chat:page.back')}
            </Button>
          ) : null}
        </Stack>
      </Center>
    );
  }

  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <ConversationHeader
        conversation={info}
        person={info?.type === 'p2p' ? (info.receivingAuthor ?? null) : null}
        onBack={onBack}
      />
      {store.loaded ? (
        <MessageList
          messages={store.messages}
          outgoing={outgoing}
          arrivals={store.arrivals}
          hasMore={store.hasMore}
          loadingOlder={loadingOlder}
          onLoadOlder={loadOlder}
          actionsOf={actionsOf}
          onDiscard={queue.discard}
          empty={t('chat:conversation.empty')}
        />
      ) : (
        <Center style={{ flex: 1 }}>
          {error ? (
            <Stack align="center" gap="xs">
              <Text c="dimmed">{t('chat:conversation.loadFailed')}</Text>
              <Button variant="light" size="xs" onClick={retry}>
                {t('chat:conversation.retry')}
              </Button>
            </Stack>
          ) : (
            <Loader role="status" aria-label={t('chat:conversation.loading')} />
          )}
        </Center>
      )}
      <TypingIndicator conversationId={conversationId} />
      <ChatComposer
        conversationId={conversationId}
        onSend={(draft) => {
          writes.stoppedTyping();
          queue.enqueue(draft);
        }}
        editing={editing}
        onSaveEdit={(message, html) => writes.editMessage(message.id, html)}
        replyTo={replyTo}
        onCancelMode={() => {
          setEditing(null);
          setReplyTo(null);
        }}
        onTyping={writes.typing}
      />
      <ConfirmDialog
        opened={deleting !== null}
        title={t('chat:conversation.deleteTitle')}
        message={t('chat:conversation.deleteMessage')}
        confirmLabel={t('common:actions.delete')}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => setDeleting(null)}
      />
    </Stack>
  );
}

/** A direct chat with someone before its first message: sending creates the conversation. */
function NewDirectChat({
  receiverId,
  viewer,
  onCreated,
  onBack,
}: {
  receiverId: string;
  viewer: Viewer;
  onCreated: (conversationId: string) => void;
  onBack?: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(PersonDocument, { variables: { id: receiverId } });
  const queue = useSendQueue({
    viewerId: viewer.id,
    conversationId: null,
    receiverId,
    onSent: () => undefined,
    onConversationCreated: onCreated,
  });
  const person = data?.person ?? null;
  return (
    <Stack gap={0} h="100%" style={{ minHeight: 0 }}>
      <ConversationHeader conversation={null} person={person} onBack={onBack} />
      <MessageList
        messages={[]}
        outgoing={queue.outgoing.map((item) => ({ item, message: pendingMessage(item, viewer) }))}
        arrivals={[]}
        hasMore={false}
        loadingOlder={false}
        onLoadOlder={() => undefined}
        actionsOf={() => ({ onReply: () => undefined, onReact: () => undefined })}
        onDiscard={queue.discard}
        empty={t('chat:conversation.startWith', { name: person?.displayName ?? '' })}
      />
      <ChatComposer
        conversationId={null}
        onSend={queue.enqueue}
        editing={null}
        onSaveEdit={() => Promise.resolve()}
        replyTo={null}
        onCancelMode={() => undefined}
        onTyping={() => undefined}
      />
    </Stack>
  );
}
