import { Center, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { AiChatPage } from '../ai';
import { ListPaneLayout } from '../../components/ListPaneLayout';
import { RequireSignIn } from '../auth';
import { useChatNavigation, type ChatTarget } from './chatNavigation';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';

/** The lists' column: the drawer's width (000 §2). */
const LIST_WIDTH = 350;

/**
 * /chat and /chat/{id}: the lists on the left and the open conversation on the right; on a phone
 * one at a time. `/chat?to={userId}` is a new direct chat with that person. Signed out, chat goes
 * to login.
 */
export function ChatPage() {
  // /aichat shares this page's route loader (routes.ts): a loader of its own would grow every
  // first visit. Its page, code and texts load from here.
  if (useLocation().pathname.startsWith('/aichat'))
    return (
      <Suspense fallback={<Loader m="xl" />}>
        <AiChatPage />
      </Suspense>
    );
  return (
    <RequireSignIn>
      <ChatLayout />
    </RequireSignIn>
  );
}

function ChatLayout() {
  const { t } = useTranslation();
  const { id } = useParams();
  const [params] = useSearchParams();
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  const receiverId = params.get('to');
  const target: ChatTarget | null = id
    ? { conversationId: id }
    : receiverId
      ? { receiverId }
      : null;
  const navigation = useChatNavigation();

  const list = (
    <ScrollArea h="100%" px="xs" py="xs">
      {/* The page's heading, unless a conversation is open: then its name is. */}
      <Title order={target ? 2 : 1} size="h3" mb="sm">
        {t('chat:title')}
      </Title>
      <ConversationList activeId={id} />
    </ScrollArea>
  );
  const conversation = target ? (
    <ConversationPane target={target} onBack={mobile ? navigation.close : undefined} />
  ) : (
    <Center h="100%">
      <Text c="dimmed">{t('chat:lists.pickConversation')}</Text>
    </Center>
  );

  return (
    <ListPaneLayout
      list={list}
      pane={conversation}
      paneOpen={Boolean(target)}
      mobile={mobile}
      listWidth={LIST_WIDTH}
    />
  );
}
