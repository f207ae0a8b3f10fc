import { Center, Loader } from '@mantine/core';
import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useViewer } from '../../features/auth';
import { draftKeyOf, type DraftKind } from './postDrafts';
import { PostFormModal, type PostFormControls } from './PostFormModal';

/** Spec: creation dialogs are at most 720 wide. */
export const POST_DIALOG_WIDTH = 720;

/** Each kind's dialog titles, adding and editing (literal keys, so the locale check sees them). */
const titles = (t: TFunction): Record<DraftKind, { create: string; edit: string }> => ({
  story: { create: t('stories:dialog.createTitle'), edit: t('stories:dialog.editTitle') },
  problem: { create: t('problems:dialog.createTitle'), edit: t('problems:dialog.editTitle') },
  solution: { create: t('solutions:dialog.createTitle'), edit: t('solutions:dialog.editTitle') },
  skill: { create: t('skills:dialog.createTitle'), edit: t('skills:dialog.editTitle') },
});

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
  width = POST_DIALOG_WIDTH,
  children,
}: {
  opened: boolean;
  onClose: () => void;
  kind: DraftKind;
  /** An existing post is edited (no draft is kept). */
  editing: boolean;
  width?: number;
  children: (form: PostFormControls & { draftKey: string | null }) => ReactNode;
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const title = titles(t)[kind][editing ? 'edit' : 'create'];
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
