import { useTranslation } from 'react-i18next';
import { draftKeyOf } from '../../components/post-form/postDrafts';
import { PostFormModal } from '../../components/post-form/PostFormModal';
import { useViewer } from '../auth/useViewer';
import type { ProblemDialogProps } from './ProblemDialog';
import { ProblemForm } from './ProblemForm';

/** Spec: creation dialogs are at most 720 wide. */
const PROBLEM_DIALOG_WIDTH = 720;

/**
 * The modal around the problem form; mounted on opening, so every opening starts from the problem
 * or, new, from the text kept from the last opening.
 */
export function ProblemFormDialog({ opened, onClose, problem }: ProblemDialogProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const draftKey = problem ? null : draftKeyOf('problem', viewer?.id);
  return (
    <PostFormModal
      opened={opened}
      onClose={onClose}
      size={PROBLEM_DIALOG_WIDTH}
      title={problem ? t('problems:dialog.editTitle') : t('problems:dialog.createTitle')}
      draftKey={draftKey}
    >
      {(controls) => <ProblemForm problem={problem ?? null} draftKey={draftKey} {...controls} />}
    </PostFormModal>
  );
}
