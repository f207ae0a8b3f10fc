import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProblemDialogProps } from './ProblemDialog';
import { ProblemForm } from './ProblemForm';

/** Spec: creation dialogs are at most 720 wide. */
const PROBLEM_DIALOG_WIDTH = 720;

/** The modal around the problem form; mounted on opening, so every opening starts clear. */
export function ProblemFormDialog({ opened, onClose, problem }: ProblemDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={PROBLEM_DIALOG_WIDTH}
      title={problem ? t('problems:dialog.editTitle') : t('problems:dialog.createTitle')}
    >
      <ProblemForm problem={problem ?? null} onDone={onClose} />
    </Modal>
  );
}
