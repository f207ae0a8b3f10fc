import { lazy } from 'react';
import { PostFormDialog } from '../../components/post-form/PostFormDialog';
import type { SolutionCardFragment } from '../../gql/graphql';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every list visit.
const SolutionForm = lazy(() =>
  import('./SolutionForm').then((module) => ({ default: module.SolutionForm })),
);

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
 * to edit.
 */
export function SolutionDialog({ opened, onClose, problemId, solution }: SolutionDialogProps) {
  return (
    <PostFormDialog opened={opened} onClose={onClose} kind="solution" editing={Boolean(solution)}>
      {(form) => <SolutionForm solution={solution ?? null} problemId={problemId} {...form} />}
    </PostFormDialog>
  );
}
