import { Box, Center, Loader, Paper, ScrollArea, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequireSignIn } from '../auth';
import { AiChatList } from './AiChatList';
import { AiChatView } from './AiChatView';
import { useAiTexts } from './aiTexts';

/** The list's column: the chat drawer's width, as /chat has it. */
const LIST_WIDTH = 300;
/** The page fills the window under the header (60) and, on mobile, above the bottom bar (64). */
const PAGE_HEIGHT = 'calc(100dvh - 60px - 2 * var(--mantine-spacing-md))';
const MOBILE_PAGE_HEIGHT = 'calc(100dvh - 60px - 64px - 2 * var(--mantine-spacing-xs))';

/**
 * /aichat and /aichat/{id} (000 §2): the person's AI chats on the left and the open one on the
 * right; on a phone one at a time. Signed out, it asks to sign in.
 */
export function AiChatPage() {
  return (
    <RequireSignIn>
      <AiChatLayout />
    </RequireSignIn>
  );
}

function AiChatLayout() {
  const { t } = useTranslation();
  const loaded = useAiTexts();
  const { id } = useParams();
  const mobile = useMediaQuery('(max-width: 48em)') ?? false;
  if (!loaded)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );

  const list = (
    <ScrollArea h="100%" px="xs" py="xs">
      <Title order={id ? 2 : 1} size="h3" mb="sm">
        {t('ai:chat.title')}
      </Title>
      <AiChatList activeId={id} />
    </ScrollArea>
  );
  const chat = id ? (
    <AiChatView key={id} chatId={id} showBack={mobile} />
  ) : (
    <Center h="100%" p="md">
      <Text c="dimmed">{t('ai:chat.emptyHint')}</Text>
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
          {id ? chat : list}
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
            {chat}
          </Box>
        </>
      )}
    </Paper>
  );
}
