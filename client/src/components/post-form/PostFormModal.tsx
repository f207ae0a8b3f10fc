import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../ConfirmDialog';
import { clearDraft } from './postDrafts';
import { Modal } from '../overlays';

/** What the form inside a PostFormModal is given. */
export interface PostFormControls {
  /** After the post is saved: closes and drops the kept draft. */
  onDone: () => void;
  /** The form's own Cancel: asks first when text would be lost. */
  onCancel: () => void;
  /** The form says whether it holds text that is not saved. */
  onDirtyChange: (dirty: boolean) => void;
}

/**
 * The dialog around a post form, which never loses typed text: closing it (X, Esc, a click
 * outside, the form's Cancel) while the form holds unsaved text asks first; Discard drops the
 * draft kept in this browser. The form mounts when the dialog opens, so every opening starts
 * from the post (or the kept draft).
 */
export function PostFormModal({
  opened,
  onClose,
  title,
  size,
  draftKey,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  size: number;
  /** Where the form keeps its draft (create dialogs); null when it keeps none. */
  draftKey: string | null;
  children: (controls: PostFormControls) => ReactNode;
}) {
  const { t } = useTranslation();
  const [dirty, setDirty] = useState(false);
  const [asking, setAsking] = useState(false);

  const requestClose = () => (dirty ? setAsking(true) : onClose());
  const closeDropping = () => {
    clearDraft(draftKey);
    setAsking(false);
    setDirty(false);
    onClose();
  };

  // The stack gives Esc, focus and the overlay to the topmost dialog: the Esc that asks is not
  // also taken as the answer, and an Esc while asking means Keep editing.
  return (
    <Modal.Stack>
      <Modal stackId="form" opened={opened} onClose={requestClose} size={size} title={title}>
        {opened
          ? children({ onDone: closeDropping, onCancel: requestClose, onDirtyChange: setDirty })
          : null}
      </Modal>
      <ConfirmDialog
        stackId="confirm"
        opened={asking}
        title={t('common:unsaved.title')}
        message={t('common:unsaved.message')}
        cancelLabel={t('common:unsaved.keep')}
        confirmLabel={t('common:unsaved.discard')}
        onCancel={() => setAsking(false)}
        onConfirm={closeDropping}
      />
    </Modal.Stack>
  );
}
