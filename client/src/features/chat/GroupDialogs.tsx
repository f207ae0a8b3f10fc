import { useQuery } from '@apollo/client/react';
import {
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { CHAT_ADD_MEMBERS_MAX, type ConversationType } from '@rules';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadStateView, SkeletonRows } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import {
  ChatMembersDocument,
  type ChatConversationFieldsFragment,
  type ChatMemberFieldsFragment,
} from '../../gql/graphql';
import { PeoplePicker, PersonLine } from './PeoplePicker';
import { usePresence } from './usePresence';
import { useConversationMutations } from './useConversationMutations';

type Conversation = ChatConversationFieldsFragment;

const LIST_HEIGHT = 360;

/** A conversation type's name in the reader's language. */
export function useTypeLabel() {
  const { t } = useTranslation();
  const labels: Record<ConversationType, string> = {
    p2p: t('chat:types.p2p'),
    group: t('chat:types.group'),
    public: t('chat:types.public'),
    private: t('chat:types.private'),
    space: t('chat:types.space'),
  };
  return (type: string) => labels[type as ConversationType] ?? type;
}

/** What each dialog of the group menu is given. */
interface GroupDialogProps {
  conversation: Conversation;
  opened: boolean;
  onClose: () => void;
}

/** Group Info: name, description, type, author, when it was made, how many members. */
export function GroupInfoDialog({ conversation, opened, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat:info.title')} size="md">
      <GroupInfo conversation={conversation} />
    </Modal>
  );
}

/** What Group Info shows, in the dialog and on the /chat/{id}/info page. */
export function GroupInfo({ conversation }: { conversation: Conversation }) {
  const { t } = useTranslation();
  const typeLabel = useTypeLabel();
  const rows: [string, ReactNode][] = [
    [t('chat:info.name'), conversation.name],
    [t('chat:info.description'), conversation.description || t('chat:info.noDescription')],
    [t('chat:info.type'), typeLabel(conversation.type)],
    ...(conversation.author && conversation.type !== 'space'
      ? ([[t('chat:info.author'), conversation.author.displayName]] as [string, string][])
      : []),
    [t('chat:info.created'), <RelativeTime key="created" date={conversation.createdAt} />],
    [t('chat:info.members'), String(conversation.totalMembers)],
  ];
  return (
    <Stack gap="sm" component="dl" m={0}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text size="xs" c="dimmed" component="dt">
            {label}
          </Text>
          <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap' }}>
            {value}
          </Text>
        </div>
      ))}
    </Stack>
  );
}

/** Group Members: everyone in the conversation with their presence, live, the author marked. */
export function GroupMembersDialog({ conversation, opened, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat:members.title')} size="md">
      {opened ? <MemberList conversationId={conversation.id} onNavigate={onClose} /> : null}
    </Modal>
  );
}

/** The members, live presence and the author marked: the Group Members dialog and the info page. */
export function MemberList({
  conversationId,
  onNavigate,
}: {
  conversationId: string;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const query = useQuery(ChatMembersDocument, {
    variables: { conversationId },
    fetchPolicy: 'cache-and-network',
  });
  const members = query.data?.chatMembers ?? [];
  usePresence(
    members.map((member) => member.id),
    { load: false },
  );
  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <SkeletonRows count={4} height={40} label={t('chat:members.loading')} />,
    errorTitle: t('chat:members.loadFailed'),
  });
  if (pending) return pending;
  return (
    <ScrollArea.Autosize mah={LIST_HEIGHT}>
      <Stack gap={2} role="list" aria-label={t('chat:members.title')}>
        {members.map((member) => (
          <div role="listitem" key={member.id}>
            <MemberRow member={member} onNavigate={onNavigate} />
          </div>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function MemberRow({
  member,
  onNavigate,
}: {
  member: ChatMemberFieldsFragment;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  return (
    <UnstyledButton
      component={Link}
      to={`/network/${member.id}/info`}
      onClick={onNavigate}
      display="block"
      p={6}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      <PersonLine
        person={member}
        badge={
          member.isAuthor ? (
            <Badge size="xs" variant="light">
              {t('chat:members.author')}
            </Badge>
          ) : null
        }
      />
    </UnstyledButton>
  );
}

/** Add Member: people of the space who are not members yet (000 §5), several at once. */
export function AddMembersDialog({ conversation, opened, onClose }: GroupDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat:addMembers.title')} size="md">
      {opened ? <AddMembersForm conversationId={conversation.id} onDone={onClose} /> : null}
    </Modal>
  );
}

function AddMembersForm({
  conversationId,
  onDone,
}: {
  conversationId: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { addMembers, saving } = useConversationMutations();
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (person: { id: string }) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(person.id)) next.delete(person.id);
      else if (next.size < CHAT_ADD_MEMBERS_MAX) next.add(person.id);
      return next;
    });
  const add = async () => {
    try {
      await addMembers(conversationId, [...selected]);
      notifySuccess(t('chat:addMembers.added'));
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };
  return (
    <Stack gap="md">
      <PeoplePicker
        label={t('chat:addMembers.people')}
        conversationId={conversationId}
        selected={selected}
        onToggle={toggle}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button disabled={selected.size === 0} loading={saving} onClick={() => void add()}>
          {selected.size > 0
            ? t('chat:addMembers.add', { count: selected.size })
            : t('chat:addMembers.addNone')}
        </Button>
      </Group>
    </Stack>
  );
}
