import { PostFormDialog } from '../../components/post-form/PostFormDialog';
import type { ProblemDialogProps } from './ProblemDialog';
import { ProblemForm } from './ProblemForm';

/** The modal around the problem form (loaded with it: see ProblemDialog). */
export function ProblemFormDialog({ opened, onClose, problem }: ProblemDialogProps) {
  return (
    <PostFormDialog opened={opened} onClose={onClose} kind="problem" editing={Boolean(problem)}>
      {(form) => <ProblemForm problem={problem ?? null} {...form} />}
    </PostFormDialog>
  );
}
