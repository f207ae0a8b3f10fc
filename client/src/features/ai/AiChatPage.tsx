import { Center, Loader, ScrollArea, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ListPaneLayout } from '../../components/ListPaneLayout';
import { RequireSignIn } from '../auth';
import { AiChatList } from './AiChatList';
import { AiChatView } from './AiChatView';
import { useAiTexts } from './aiTexts';

/** The list's column: the chat drawer's width, as /chat has it. */
const LIST_WIDTH = 300;

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
    <ListPaneLayout
      list={list}
      pane={chat}
      paneOpen={Boolean(id)}
      mobile={mobile}
      listWidth={LIST_WIDTH}
    />
  );
}
