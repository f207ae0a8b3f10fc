import { useMutation } from '@apollo/client/react';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { notifySuccess } from '../../components/notify';
import { CreateSpaceDocument } from '../../gql/graphql';
import { SpaceForm } from './SpaceForm';

/** Spec: the private space dialog is at most 600 wide. */
const SPACE_DIALOG_WIDTH = 600;

/**
 * The private space dialog: name, purpose, one image. The creator becomes the owner and lands on
 * the new space's page; `onCreated` lets the opener step aside (the drawer closes).
 */
export function CreateSpaceDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [create] = useMutation(CreateSpaceDocument, { refetchQueries: ['MySpaces'] });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={SPACE_DIALOG_WIDTH}
      title={t('spaces:create.title')}
    >
      {opened ? (
        <SpaceForm
          submitLabel={t('spaces:create.submit')}
          onCancel={onClose}
          onSubmit={async (values) => {
            const { data } = await create({ variables: { input: { ...values, isPrivate: true } } });
            notifySuccess(t('spaces:create.done'));
            onClose();
            if (!data) return;
            void navigate(`/space/${data.createSpace.id}/info`);
            onCreated?.();
          }}
        />
      ) : null}
    </Modal>
  );
}
