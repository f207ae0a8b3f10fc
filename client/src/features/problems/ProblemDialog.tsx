import { lazy, Suspense } from 'react';
import type { ProblemCardFragment } from '../../gql/graphql';

// The dialog and its editor (Tiptap and ProseMirror) load with the first opening, not with every
// page that can open it. The boundary sits outside the modal so the editor never mounts inside a
// boundary that can fall back again (Tiptap destroys an editor whose effects are disconnected).
const ProblemFormDialog = lazy(() =>
  import('./ProblemFormDialog').then((module) => ({
    default: module.ProblemFormDialog,
  })),
);

export interface ProblemDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this problem; without it the dialog adds a new one. */
  problem?: ProblemCardFragment | null;
}

/** The Add Problem dialog (3 steps: title and description, media, preview), also used to edit. */
export function ProblemDialog(props: ProblemDialogProps) {
  if (!props.opened) return null;
  return (
    <Suspense fallback={null}>
      <ProblemFormDialog {...props} />
    </Suspense>
  );
}
