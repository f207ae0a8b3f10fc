import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useViewer } from '../../features/auth';
import { draftKeyOf, type DraftKind } from './postDrafts';
import { PostFormModal, type PostFormControls } from './PostFormModal';

/** Spec: creation dialogs are at most 720 wide. */
export const POST_DIALOG_WIDTH = 720;

/**
 * The dialog of a post kind's form, to add one or edit `editing`: a new post's text is kept as a
 * draft of the viewer's, an edit keeps none. The form mounts when the dialog opens, so every
 * opening starts from the post or, new, from the text kept from the last opening; a form loaded
 * lazily (its editor) shows a loader meanwhile.
 */
export function PostFormDialog({
  opened,
  onClose,
  kind,
  editing,
  title,
  width = POST_DIALOG_WIDTH,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  kind: DraftKind;
  /** An existing post is edited (no draft is kept). */
  editing: boolean;
  title: string;
  width?: number;
  children: (form: PostFormControls & { draftKey: string | null }) => ReactNode;
}) {
  const { viewer } = useViewer();
  const draftKey = editing ? null : draftKeyOf(kind, viewer?.id);
  return (
    <PostFormModal opened={opened} onClose={onClose} size={width} title={title} draftKey={draftKey}>
      {(controls) => (
        <Suspense
          fallback={
            <Center py="xl">
              <Loader size="sm" />
            </Center>
          }
        >
          {children({ ...controls, draftKey })}
        </Suspense>
      )}
    </PostFormModal>
  );
}
