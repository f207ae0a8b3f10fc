import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { draftKeyOf } from '../../components/post-form/postDrafts';
import { PostFormModal } from '../../components/post-form/PostFormModal';
import type { SolutionCardFragment } from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every list visit.
const SolutionForm = lazy(() =>
  import('./SolutionForm').then((module) => ({ default: module.SolutionForm })),
);

/** Spec: creation dialogs are at most 720 wide. */
const SOLUTION_DIALOG_WIDTH = 720;

export interface SolutionDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Post the new solution under this problem. */
  problemId?: string;
  /** Edit this solution; without it the dialog adds a new one. */
  solution?: SolutionCardFragment | null;
}

/**
 * The Add Solution dialog (the plus button's, and a problem page's with its problemId), also used
 * to edit. Its form mounts when the dialog opens, so every opening starts from the solution or,
 * new, from the text kept from the last opening.
 */
export function SolutionDialog({ opened, onClose, problemId, solution }: SolutionDialogProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const draftKey = solution ? null : draftKeyOf('solution', viewer?.id);
  return (
    <PostFormModal
      opened={opened}
      onClose={onClose}
      size={SOLUTION_DIALOG_WIDTH}
      title={solution ? t('solutions:dialog.editTitle') : t('solutions:dialog.createTitle')}
      draftKey={draftKey}
    >
      {(controls) => (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          <SolutionForm
            solution={solution ?? null}
            problemId={problemId}
            draftKey={draftKey}
            {...controls}
          />
        </Suspense>
      )}
    </PostFormModal>
  );
}
