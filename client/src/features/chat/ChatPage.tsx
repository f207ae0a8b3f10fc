import { Box, Center, Loader, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Suspense } from 'react';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { AiChatPage } from '../ai';
import { RequireSignIn } from '../auth';
import { useChatNavigation, type ChatTarget } from './chatNavigation';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';

/** The lists' column: the drawer's width (000 §2). */
const LIST_WIDTH = 350;
/** The page fills the window under the header (60) and, on mobile, above the bottom bar (64). */
const PAGE_HEIGHT = 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md))';
const MOBILE_PAGE_HEIGHT = 'calc(100dvh - 60px - 64px - 2 * var(--mantine-spacing-xs))';

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
    <Paper
      withBorder
      radius="md"
      h={mobile ? MOBILE_PAGE_HEIGHT : PAGE_HEIGHT}
      style={{ display: 'flex', overflow: 'hidden' }}
    >
      {mobile ? (
        <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
          {target ? conversation : list}
        </Box>
      ) : (
        <>
          <Box
            w={LIST_WIDTH}
            style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }}
          >
            {list}
          </Box>
          <Box style={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
            {conversation}
          </Box>
        </>
      )}
    </Paper>
  );
}
