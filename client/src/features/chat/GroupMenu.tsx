import {
  IconDoorExit,
  IconInfoCircle,
  IconMap,
  IconPuzzle,
  IconTrash,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import type { ChatConversationFieldsFragment } from '../../gql/graphql';
import { useViewer } from '../auth';
import { chatInfoPathOf, useChatNavigation } from './chatNavigation';
import { AddMembersDialog, GroupInfoDialog, GroupMembersDialog } from './GroupDialogs';
import { useConversationMutations } from './useConversationMutations';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';

type Dialog = 'info' | 'members' | 'add' | 'delete' | 'leave';

/**
 * The group menu of an open conversation (000 §6): everyone sees Group Info, Group Members and,
 * for a chat tied to a problem, Go To Problem (Go To Map for a recipe or another map of the
 * space: the spec names no entry for them); groups and channels show Add Member; their author
 * sees Delete Group and the others Leave Group. A direct chat can be deleted by either person (it
 * goes for both); space chats have neither.
 */
export function GroupMenu({ conversation }: { conversation: ChatConversationFieldsFragment }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const navigate = useNavigate();
  const navigation = useChatNavigation();
  const { leaveConversation, deleteConversation, removing } = useConversationMutations();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);

  const isGroup = ['group', 'public', 'private'].includes(conversation.type);
  const isDirect = conversation.type === 'p2p';
  const isAuthor = !!viewer && conversation.author?.id === viewer.id;
  const canDelete = isDirect || (isGroup && isAuthor);
  const canLeave = isGroup && !isAuthor;
  const itemId = conversation.itemId ? encodeURIComponent(conversation.itemId) : null;
  const tiedItem = !itemId
    ? null
    : conversation.itemType === 'problem'
      ? {
          path: `/problem/${itemId}`,
          label: t('chat:groupMenu.goToProblem'),
          icon: <IconPuzzle size={16} />,
        }
      : {
          path: `/graphviews/${itemId}`,
          label: t('chat:groupMenu.goToMap'),
          icon: <IconMap size={16} />,
        };

  const remove = async () => {
    try {
      if (dialog === 'leave') {
        await leaveConversation(conversation.id);
        notifySuccess(t('chat:groupMenu.left', { name: conversation.name }));
      } else {
        await deleteConversation(conversation.id);
        notifySuccess(t('chat:groupMenu.deleted'));
      }
      close();
      navigation.close();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <>
      <IconMenu label={t('chat:groupMenu.label')}>
        {/* On the /chat pages Group Info is a page of its own; over another page, a dialog. */}
        <Menu.Item
          leftSection={<IconInfoCircle size={16} />}
          onClick={() =>
            navigation.host === 'page'
              ? void navigate(chatInfoPathOf(conversation.id))
              : setDialog('info')
          }
        >
          {t('chat:groupMenu.info')}
        </Menu.Item>
        <Menu.Item leftSection={<IconUsers size={16} />} onClick={() => setDialog('members')}>
          {t('chat:groupMenu.members')}
        </Menu.Item>
        {isGroup ? (
          <Menu.Item leftSection={<IconUserPlus size={16} />} onClick={() => setDialog('add')}>
            {t('chat:groupMenu.addMember')}
          </Menu.Item>
        ) : null}
        {tiedItem ? (
          <Menu.Item
            leftSection={tiedItem.icon}
            onClick={() => {
              navigation.dismiss();
              void navigate(tiedItem.path);
            }}
          >
            {tiedItem.label}
          </Menu.Item>
        ) : null}
        {canDelete ? (
          <Menu.Item
            color="red"
            leftSection={<IconTrash size={16} />}
            onClick={() => setDialog('delete')}
          >
            {isDirect ? t('chat:groupMenu.deleteChat') : t('chat:groupMenu.delete')}
          </Menu.Item>
        ) : null}
        {canLeave ? (
          <Menu.Item
            color="red"
            leftSection={<IconDoorExit size={16} />}
            onClick={() => setDialog('leave')}
          >
            {t('chat:groupMenu.leave')}
          </Menu.Item>
        ) : null}
      </IconMenu>
      <GroupInfoDialog conversation={conversation} opened={dialog === 'info'} onClose={close} />
      <GroupMembersDialog
        conversation={conversation}
        opened={dialog === 'members'}
        onClose={close}
      />
      <AddMembersDialog conversation={conversation} opened={dialog === 'add'} onClose={close} />
      <ConfirmDialog
        opened={dialog === 'delete' || dialog === 'leave'}
        title={
          dialog === 'leave'
            ? t('chat:groupMenu.leaveTitle')
            : isDirect
              ? t('chat:groupMenu.deleteChatTitle')
              : t('chat:groupMenu.deleteTitle')
        }
        message={
          dialog === 'leave'
            ? t('chat:groupMenu.leaveMessage', { name: conversation.name })
            : isDirect
              ? t('chat:groupMenu.deleteChatMessage', { name: conversation.name })
              : t('chat:groupMenu.deleteMessage', { name: conversation.name })
        }
        confirmLabel={
          dialog === 'leave'
            ? t('chat:groupMenu.leave')
            : isDirect
              ? t('chat:groupMenu.deleteChat')
              : t('chat:groupMenu.delete')
        }
        loading={removing}
        onConfirm={() => void remove()}
        onCancel={close}
      />
    </>
  );
}
