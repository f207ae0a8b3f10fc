import { useMutation, useQuery, useSubscription } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Group,
  NativeSelect,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconArrowLeft, IconPlayerStopFilled, IconSend } from '@tabler/icons-react';
import { AI_CHAT_MESSAGE_MAX } from '@rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { nodesOf } from '../../app/cursorPages';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import {
  AiChatAnswerDocument,
  AiChatConfigsDocument,
  AiChatDocument,
  SendAiChatMessageDocument,
  StopAiChatAnswerDocument,
  type AiChatMessageFieldsFragment,
} from '../../gql/graphql';
import { useAiChatName } from './AiChatList';
import { aiMessage, notifyAiError } from './aiErrors';

type Message = AiChatMessageFieldsFragment;

/**
 * One AI chat: its messages, the answer appearing as it streams (aiChatAnswer) with Stop while it
 * does, and the composer with the config picker and the "space's problems as context" switch.
 * Answers are the provider's untrusted text: shown as plain text, line breaks kept.
 */
export function AiChatView({ chatId, showBack }: { chatId: string; showBack: boolean }) {
  const { t } = useTranslation();
  const nameOf = useAiChatName();
  const query = useQuery(AiChatDocument, { variables: { id: chatId } });
  const configs = useQuery(AiChatConfigsDocument);
  /** Streamed text of answers still streaming, by message id (the cache has their stored text). */
  const [streamed, setStreamed] = useState<Record<string, string>>({});
  const { refetch } = query;
  useSubscription(AiChatAnswerDocument, {
    variables: { chatId },
    onData: ({ data }) => {
      const event = data.data?.aiChatAnswer;
      if (!event) return;
      if (event.status !== 'streaming') {
        // The stored answer came with the event (and into the cache): the streamed copy goes.
        setStreamed(({ [event.messageId]: _ended, ...rest }) => rest);
        if (!event.message) void refetch();
        return;
      }
      setStreamed((held) => {
        const text = held[event.messageId] ?? '';
        // A delta already held (a repeat) is skipped; one past a gap waits for the stored text.
        if (event.offset !== text.length) return held;
        return { ...held, [event.messageId]: text + event.delta };
      });
    },
  });

  const chat = query.data?.aiChat;
  const messages = nodesOf(chat?.messages);
  const answering = messages.find((message) => message.status === 'streaming');
  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!chat,
    skeleton: <SkeletonRows count={3} height={48} label={t('ai:chat.messagesLoading')} />,
    errorTitle: t('ai:chat.messagesFailed'),
    errorPages: { NOT_FOUND: 404 },
    itemPage: true,
  });

  // The newest message stays in view as messages come and the answer grows.
  const viewport = useRef<HTMLDivElement>(null);
  const growth = messages.length + (answering ? (streamed[answering.id]?.length ?? 0) : 0);
  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [growth]);

  if (pending || !chat) return <Box p="md">{pending}</Box>;
  const configList = configs.data?.myAiConfigs ?? [];
  return (
    <Stack gap={0} h="100%">
      <Group
        gap="xs"
        p="xs"
        wrap="nowrap"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        {showBack ? (
          <ActionIcon
            component={Link}
            to="/aichat"
            variant="subtle"
            color="gray"
            aria-label={t('ai:chat.back')}
          >
            <IconArrowLeft size={18} />
          </ActionIcon>
        ) : null}
        <Title order={1} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {nameOf(chat)}
        </Title>
      </Group>
      <ScrollArea style={{ flex: 1 }} viewportRef={viewport} px="sm" py="xs">
        {messages.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            {t('ai:chat.noMessages')}
          </Text>
        ) : (
          <Stack gap="sm" data-testid="ai-chat-messages">
            {messages.map((message) => (
              <MessageBubble
                key={message.id}
                message={message}
                text={
                  message.status === 'streaming'
                    ? (streamed[message.id] ?? message.text)
                    : message.text
                }
              />
            ))}
          </Stack>
        )}
      </ScrollArea>
      {configs.data && configList.length === 0 ? (
        <Alert color="yellow" m="sm">
          <Stack gap={4} align="flex-start">
            <Text size="sm">{t('ai:errors.noConfig')}</Text>
            <Anchor component={Link} to="/settings/ai" size="sm">
              {t('ai:chat.openConfigs')}
            </Anchor>
          </Stack>
        </Alert>
      ) : (
        <Composer
          chatId={chatId}
          configs={configList}
          chatConfigId={chat.configId ?? null}
          answeringId={answering?.id ?? null}
        />
      )}
    </Stack>
  );
}

function MessageBubble({ message, text }: { message: Message; text: string }) {
  const { t } = useTranslation();
  const mine = message.role === 'user';
  const badge =
    message.status === 'streaming'
      ? t('ai:chat.streaming')
      : message.status === 'stopped'
        ? t('ai:chat.stopped')
        : message.status === 'failed'
          ? t('ai:chat.failed')
          : null;
  return (
    <Paper
      p="sm"
      radius="md"
      withBorder={!mine}
      bg={mine ? 'var(--mantine-primary-color-light)' : undefined}
      maw="85%"
      ml={mine ? 'auto' : undefined}
      data-testid={mine ? 'ai-chat-question' : 'ai-chat-answer'}
      data-status={message.status}
    >
      <Group gap="xs" mb={4}>
        <Text size="xs" fw={700} c="dimmed">
          {mine ? t('ai:chat.you') : t('ai:chat.assistant')}
        </Text>
        {badge ? (
          <Badge size="xs" variant="light" color={message.status === 'failed' ? 'red' : 'gray'}>
            {badge}
          </Badge>
        ) : null}
      </Group>
      {/* Plain text: React escapes it, and pre-wrap keeps the answer's line breaks. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
      {message.status === 'failed' && message.error ? (
        <Text size="sm" c="red">
          {aiMessage(t, message.error)}
        </Text>
      ) : null}
    </Paper>
  );
}

function Composer({
  chatId,
  configs,
  chatConfigId,
  answeringId,
}: {
  chatId: string;
  configs: readonly { id: string; name: string; isDefault: boolean }[];
  chatConfigId: string | null;
  answeringId: string | null;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [useContext, setUseContext] = useLocalStorage({
    key: 'ai-chat-space-context',
    defaultValue: false,
  });
  const preselected =
    configs.find((config) => config.id === chatConfigId) ??
    configs.find((config) => config.isDefault) ??
    configs[0];
  const [configId, setConfigId] = useState<string | null>(null);
  const chosen = configId ?? preselected?.id ?? null;
  const [send, sending] = useMutation(SendAiChatMessageDocument, {
    refetchQueries: ['AiChat', 'AiChats'],
    awaitRefetchQueries: true,
  });
  const [stop, stopping] = useMutation(StopAiChatAnswerDocument);

  const submit = async () => {
    if (!text.trim() || answeringId) return;
    try {
      await send({
        variables: {
          input: { chatId, text, useSpaceContext: useContext, configId: chosen },
        },
      });
      setText('');
    } catch (error) {
      notifyAiError(error, t);
    }
  };
  return (
    <Stack gap="xs" p="sm" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group gap="sm" wrap="wrap">
        <NativeSelect
          size="xs"
          label={t('ai:chat.config')}
          value={chosen ?? ''}
          onChange={(event) => setConfigId(event.currentTarget.value)}
          data={configs.map((config) => ({ value: config.id, label: config.name }))}
        />
        <Switch
          size="sm"
          mt="md"
          label={t('ai:chat.useContext')}
          description={t('ai:chat.useContextHint')}
          checked={useContext}
          onChange={(event) => setUseContext(event.currentTarget.checked)}
          style={{ flex: 1, minWidth: 200 }}
        />
      </Group>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            aria-label={t('ai:chat.composer')}
            placeholder={t('ai:chat.composerPlaceholder')}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                void submit();
              }
            }}
            maxLength={AI_CHAT_MESSAGE_MAX}
            autosize
            minRows={1}
            maxRows={6}
            style={{ flex: 1 }}
          />
          {answeringId ? (
            <Button
              color="red"
              variant="light"
              leftSection={<IconPlayerStopFilled size={16} />}
              loading={stopping.loading}
              onClick={() =>
                void stop({ variables: { messageId: answeringId } }).catch((error: unknown) =>
                  notifyAiError(error, t),
                )
              }
            >
              {t('ai:chat.stop')}
            </Button>
          ) : (
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={sending.loading}
              disabled={!text.trim()}
            >
              {t('ai:chat.send')}
            </Button>
          )}
        </Group>
      </form>
    </Stack>
  );
}
