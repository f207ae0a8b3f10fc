import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Group, NavLink, Stack, TextInput } from '@mantine/core';
import { IconMessagePlus, IconPencil, IconRobot, IconTrash } from '@tabler/icons-react';
import { AI_CHAT_NAME_MAX, AI_CHATS_MAX } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { nodesOf } from '../../app/cursorPages';
import { useActiveSpace } from '../../app/useActiveSpace';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyNotice } from '../../components/EmptyNotice';
import { IconMenu } from '../../components/IconMenu';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import { notifySuccess } from '../../components/notify';
import { Menu, Modal } from '../../components/overlays';
import { useConfirmTarget } from '../../components/useConfirmTarget';
import {
  AiChatsDocument,
  CreateAiChatDocument,
  DeleteAiChatDocument,
  RenameAiChatDocument,
  type AiChatFieldsFragment,
} from '../../gql/graphql';
import { notifyAiError } from './aiErrors';

type AiChat = AiChatFieldsFragment;

/** A chat's name as shown: an unnamed chat (no message yet) is a "New chat". */
export const useAiChatName = () => {
  const { t } = useTranslation();
  return (chat: Pick<AiChat, 'name'>) => chat.name || t('ai:chat.untitled');
};

/** The person's AI chats, the one last written in first, with New AI chat, rename and delete. */
export function AiChatList({ activeId }: { activeId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const nameOf = useAiChatName();
  const { spaceId } = useActiveSpace();
  // A person holds at most AI_CHATS_MAX chats: one page holds them all.
  const query = useQuery(AiChatsDocument, {
    variables: { first: AI_CHATS_MAX },
    fetchPolicy: 'cache-and-network',
  });
  const [create, creating] = useMutation(CreateAiChatDocument, { refetchQueries: ['AiChats'] });
  const [remove, removing] = useMutation(DeleteAiChatDocument);
  const confirmation = useConfirmTarget<AiChat>();
  const [renaming, setRenaming] = useState<AiChat | null>(null);

  const startChat = async () => {
    try {
      const { data } = await create({ variables: { input: { spaceId } } });
      if (data) void navigate(`/aichat/${data.createAiChat.id}`);
    } catch (error) {
      notifyAiError(error, t);
    }
  };
  const confirmDelete = async () => {
    const chat = confirmation.target;
    if (!chat) return;
    try {
      await remove({
        variables: { id: chat.id },
        update: (cache) => {
          cache.evict({ id: cache.identify(chat) });
          cache.gc();
        },
      });
      confirmation.close();
      notifySuccess(t('ai:chat.deleted', { name: nameOf(chat) }));
      if (chat.id === activeId) void navigate('/aichat');
    } catch (error) {
      notifyAiError(error, t);
    }
  };

  const chats = nodesOf(query.data?.aiChats);
  const pending = loadStateView({
    loading: query.loading,
    error: query.error,
    refetch: query.refetch,
    hasData: !!query.data,
    skeleton: <SkeletonRows count={4} height={36} label={t('ai:chat.loading')} />,
    errorTitle: t('ai:chat.loadFailed'),
  });
  return (
    <Stack gap="xs">
      <Button
        leftSection={<IconMessagePlus size={16} />}
        variant="light"
        onClick={() => void startChat()}
        loading={creating.loading}
      >
        {t('ai:chat.new')}
      </Button>
      {pending ??
        (chats.length === 0 ? (
          <EmptyNotice icon={IconRobot} title={t('ai:chat.empty')} py="md" />
        ) : (
          <Stack gap={2} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {chats.map((chat) => (
              <Group key={chat.id} component="li" gap={0} wrap="nowrap">
                <NavLink
                  component={Link}
                  to={`/aichat/${chat.id}`}
                  label={nameOf(chat)}
                  active={chat.id === activeId}
                  aria-current={chat.id === activeId ? 'page' : undefined}
                  style={{ borderRadius: 'var(--mantine-radius-sm)', flex: 1, minWidth: 0 }}
                  styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
                />
                <IconMenu label={t('ai:chat.chatMenu')} size="sm">
                  <Menu.Item
                    leftSection={<IconPencil size={14} />}
                    onClick={() => setRenaming(chat)}
                  >
                    {t('ai:chat.renameOne', { name: nameOf(chat) })}
                  </Menu.Item>
                  <Menu.Item
                    color="red"
                    leftSection={<IconTrash size={14} />}
                    onClick={() => confirmation.ask(chat)}
                  >
                    {t('ai:chat.deleteOne', { name: nameOf(chat) })}
                  </Menu.Item>
                </IconMenu>
              </Group>
            ))}
          </Stack>
        ))}
      {renaming ? <RenameDialog chat={renaming} onClose={() => setRenaming(null)} /> : null}
      <ConfirmDialog
        opened={confirmation.opened}
        title={t('ai:chat.confirmTitle', {
          name: confirmation.target ? nameOf(confirmation.target) : '',
        })}
        message={t('ai:chat.confirmText')}
        confirmLabel={t('common:actions.delete')}
        loading={removing.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={confirmation.close}
      />
    </Stack>
  );
}

/** Mounted while renaming `chat`: the field starts with its name. */
function RenameDialog({ chat, onClose }: { chat: AiChat; onClose: () => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState(chat.name);
  const [rename, { loading }] = useMutation(RenameAiChatDocument);
  const save = async () => {
    try {
      await rename({ variables: { id: chat.id, name } });
      onClose();
    } catch (error) {
      notifyAiError(error, t);
    }
  };
  return (
    <Modal opened onClose={onClose} title={t('ai:chat.renameTitle')} size="sm" centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack>
          <TextInput
            label={t('ai:chat.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            maxLength={AI_CHAT_NAME_MAX}
            required
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('ai:chat.cancel')}
            </Button>
            <Button type="submit" loading={loading} disabled={!name.trim()}>
              {t('ai:chat.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
