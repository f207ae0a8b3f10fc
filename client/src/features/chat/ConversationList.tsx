import { useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Stack,
  Text,
  ThemeIcon,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import {
  IconArrowLeft,
  IconHash,
  IconLock,
  IconMessagePlus,
  IconPlus,
  IconSearch,
  IconUsers,
  IconWorld,
  type Icon,
} from '@tabler/icons-react';
import { CHAT_SORTS, type ChatSort, type ConversationType } from '@rules';
import { Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSection } from '../../components/ListSection';
import { Link } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  ChatChannelDirectoryDocument,
  ChatConversationsDocument,
  type ChatConversationFieldsFragment,
} from '../../gql/graphql';
import { AiChatsSection } from '../ai';
import { listVariables, sortConversations } from './chatCache';
import { chatPathOf, useChatNavigation } from './chatNavigation';
import { CreateChannelDialog } from './CreateChannelDialog';
import { NewDirectChatDialog } from './NewDirectChatDialog';
import { PresenceDot } from './PresenceDot';
import { usePresence } from './usePresence';
import { useConversationMutations } from './useConversationMutations';

type Conversation = ChatConversationFieldsFragment;

const TYPE_ICONS: Record<ConversationType, Icon> = {
  space: IconWorld,
  public: IconHash,
  private: IconLock,
  group: IconUsers,
  p2p: IconUsers,
};

const isChannel = (conversation: Conversation) =>
  conversation.type === 'group' ||
  conversation.type === 'public' ||
  conversation.type === 'private';

/**
 * The chat's lists for the active space (000 §2 chat drawer): its space chat first, then the
 * viewer's channels (with Find channels and Create channel) and direct chats (with New chat),
 * each sorted by name or by unread, with unread badges and, on direct chats, presence. Used by the
 * drawer and the /chat page; `activeId` marks the open conversation.
 */
export function ConversationList({ activeId }: { activeId?: string }) {
  const [view, setView] = useState<'lists' | 'directory'>('lists');
  // A joined channel leaves the directory for the lists, where it now is (on the /chat page the
  // lists stay beside the opened channel, so they must show it).
  return view === 'directory' ? (
    <ChannelDirectory onBack={() => setView('lists')} />
  ) : (
    <Lists activeId={activeId} onFindChannels={() => setView('directory')} />
  );
}

function Lists({ activeId, onFindChannels }: { activeId?: string; onFindChannels: () => void }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const navigation = useChatNavigation();
  const [creating, setCreating] = useState<'channel' | 'direct' | null>(null);
  const [sort, setSort] = useLocalStorage<ChatSort>({ key: 'chat-sort', defaultValue: 'unread' });
  const query = useQuery(ChatConversationsDocument, {
    variables: listVariables(spaceId),
    fetchPolicy: 'cache-and-network',
  });
  const all = query.data?.chatConversations ?? [];
  const spaceChats = all.filter((conversation) => conversation.type === 'space');
  const channels = sortConversations(all.filter(isChannel), sort);
  const directChats = sortConversations(
    all.filter((conversation) => conversation.type === 'p2p'),
    sort,
  );
  // Every direct chat's dot follows one subscription; the list brought their presence already.
  usePresence(
    directChats.flatMap((conversation) =>
      conversation.receivingAuthor ? [conversation.receivingAuthor.id] : [],
    ),
    { load: false },
  );

  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <SkeletonRows count={6} height={44} label={t('chat:lists.loading')} />,
    errorTitle: t('chat:lists.loadFailed'),
  });

  const rows = (list: Conversation[]) =>
    list.map((conversation) => (
      <ConversationRow
        key={conversation.id}
        conversation={conversation}
        active={conversation.id === activeId}
        onOpen={() => navigation.open({ conversationId: conversation.id })}
      />
    ));

  return (
    <Stack gap="md">
      <SegmentedControl
        size="xs"
        aria-label={t('chat:lists.sortLabel')}
        value={sort}
        onChange={(value) => setSort(value as ChatSort)}
        data={CHAT_SORTS.map((value) => ({
          value,
          label:
            value === 'alphabetical'
              ? t('chat:lists.sortAlphabetical')
              : t('chat:lists.sortUnread'),
        }))}
      />
      {pending ?? (
        <>
          {spaceChats.length > 0 ? (
            <ListSection title={t('chat:lists.spaceChat')}>{rows(spaceChats)}</ListSection>
          ) : null}
          <ListSection
            title={t('chat:lists.channels')}
            actions={
              <>
                <SectionAction
                  label={t('chat:lists.findChannels')}
                  icon={IconSearch}
                  onClick={onFindChannels}
                />
                <SectionAction
                  label={t('chat:lists.createChannel')}
                  icon={IconPlus}
                  onClick={() => setCreating('channel')}
                />
              </>
            }
          >
            {channels.length > 0 ? rows(channels) : <Empty>{t('chat:lists.noChannels')}</Empty>}
          </ListSection>
          <ListSection
            title={t('chat:lists.directChats')}
            actions={
              <SectionAction
                label={t('chat:lists.newChat')}
                icon={IconMessagePlus}
                onClick={() => setCreating('direct')}
              />
            }
          >
            {directChats.length > 0 ? (
              rows(directChats)
            ) : (
              <Empty>{t('chat:lists.noDirectChats')}</Empty>
            )}
          </ListSection>
          <Suspense fallback={null}>
            <AiChatsSection onOpen={navigation.dismiss} />
          </Suspense>
        </>
      )}
      <CreateChannelDialog
        opened={creating === 'channel'}
        onClose={() => setCreating(null)}
        onCreated={(conversation) => navigation.open({ conversationId: conversation.id })}
      />
      <NewDirectChatDialog
        opened={creating === 'direct'}
        onClose={() => setCreating(null)}
        onPick={(receiverId) => navigation.open({ receiverId })}
      />
    </Stack>
  );
}

function SectionAction({
  label,
  icon: ActionIconShape,
  onClick,
}: {
  label: string;
  icon: Icon;
  onClick: () => void;
}) {
  return (
    <Tooltip label={label}>
      <ActionIcon variant="subtle" color="gray" size="sm" aria-label={label} onClick={onClick}>
        <ActionIconShape size={16} />
      </ActionIcon>
    </Tooltip>
  );
}

/** An empty list's words: they wrap within the drawer, however long a word (a channel's name). */
function Empty({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" py={4} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Text>
  );
}

/** A conversation's picture: the other person's photo, else the group's image or type icon. */
export function ConversationAvatar({ conversation }: { conversation: Conversation }) {
  const photo = conversation.receivingAuthor?.photoURL || conversation.imageURL;
  if (photo || conversation.type === 'p2p')
    return (
      <Avatar src={photo || null} radius="xl" size={32} alt="">
        {conversation.name.slice(0, 1).toUpperCase()}
      </Avatar>
    );
  const TypeIcon = TYPE_ICONS[conversation.type as ConversationType];
  return (
    <ThemeIcon variant="light" radius="xl" size={32} aria-hidden>
      <TypeIcon size={18} />
    </ThemeIcon>
  );
}

function ConversationRow({
  conversation,
  active,
  onOpen,
}: {
  conversation: Conversation;
  active: boolean;
  onOpen: () => void;
}) {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  // The global space's chat reads in the reader's language, as the space does everywhere.
  const name =
    conversation.type === 'space' && conversation.spaceId === spaceId
      ? spaceName
      : conversation.name;
  const unread = conversation.totalNewMessages;
  const receiver = conversation.receivingAuthor;
  return (
    <UnstyledButton
      component={Link}
      to={chatPathOf({ conversationId: conversation.id })}
      // The drawer opens it in place; a new tab (or the page) follows the link.
      onClick={(event: MouseEvent) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        onOpen();
      }}
      aria-current={active ? 'page' : undefined}
      data-conversation-id={conversation.id}
      px="xs"
      py={6}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: active ? 'var(--mantine-primary-color-light)' : undefined,
      }}
    >
      <Group gap="sm" wrap="nowrap">
        <ConversationAvatar conversation={conversation} />
        <Text size="sm" fw={unread > 0 ? 700 : 400} truncate="end" style={{ flex: 1, minWidth: 0 }}>
          {name}
        </Text>
        {receiver ? <PresenceDot userId={receiver.id} live={false} /> : null}
        {unread > 0 ? (
          <Badge
            size="sm"
            color="red"
            circle={unread < 10}
            aria-label={t('chat:lists.unread', { count: unread })}
          >
            {unread}
          </Badge>
        ) : null}
      </Group>
    </UnstyledButton>
  );
}

/** "Find channels": the space's public channels the viewer may join (000 §2, §5). */
function ChannelDirectory({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const navigation = useChatNavigation();
  const { joinChannel } = useConversationMutations();
  const [joining, setJoining] = useState<string | null>(null);
  const query = useQuery(ChatChannelDirectoryDocument, {
    variables: { spaceId },
    fetchPolicy: 'cache-and-network',
  });
  const channels = query.data?.chatChannelDirectory ?? [];

  const join = async (conversation: Conversation) => {
    setJoining(conversation.id);
    try {
      await joinChannel(conversation.id);
      notifySuccess(t('chat:directory.joined', { name: conversation.name }));
      onBack();
      navigation.open({ conversationId: conversation.id });
    } catch (caught) {
      notifyError(caught);
    } finally {
      setJoining(null);
    }
  };

  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <SkeletonRows count={4} height={44} label={t('chat:lists.loading')} />,
    errorTitle: t('chat:directory.loadFailed'),
  });

  return (
    <Stack gap="sm">
      <Group gap="xs" wrap="nowrap">
        <ActionIcon variant="subtle" aria-label={t('chat:directory.back')} onClick={onBack}>
          <IconArrowLeft size={18} />
        </ActionIcon>
        <Text fw={600} component="h3" m={0}>
          {t('chat:directory.title')}
        </Text>
      </Group>
      {pending ??
        (channels.length === 0 ? (
          <Empty>{t('chat:directory.empty')}</Empty>
        ) : (
          channels.map((channel) => (
            <Group key={channel.id} gap="sm" wrap="nowrap" align="flex-start">
              <ConversationAvatar conversation={channel} />
              <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600} truncate="end">
                  {channel.name}
                </Text>
                {channel.description ? (
                  <Text size="xs" c="dimmed" lineClamp={2}>
                    {channel.description}
                  </Text>
                ) : null}
                <Text size="xs" c="dimmed">
                  {t('chat:lists.members', { count: channel.totalMembers })}
                </Text>
              </Stack>
              <Button
                size="xs"
                variant="light"
                loading={joining === channel.id}
                onClick={() => void join(channel)}
              >
                {t('chat:directory.join')}
              </Button>
            </Group>
          ))
        ))}
    </Stack>
  );
}
