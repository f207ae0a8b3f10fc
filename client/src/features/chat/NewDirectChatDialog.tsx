import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PeoplePicker } from './PeoplePicker';

/**
 * "New chat": the users list (000 §2). Choosing someone opens a direct chat with them; the
 * conversation is made by the first message. People one already chats with are not listed
 * (000 §5): their chat is in the list.
 */
export function NewDirectChatDialog({
  opened,
  onClose,
  onPick,
}: {
  opened: boolean;
  onClose: () => void;
  onPick: (receiverId: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('chat:newChat.title')} size="md">
      {opened ? (
        <PeoplePicker
          label={t('chat:newChat.people')}
          onPick={(person) => {
            onClose();
            onPick(person.id);
          }}
        />
      ) : null}
    </Modal>
  );
}
