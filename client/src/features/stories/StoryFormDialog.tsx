import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { draftKeyOf } from '../../components/post-form/postDrafts';
import { PostFormModal } from '../../components/post-form/PostFormModal';
import type { StoryCardFragment } from '../../gql/graphql';
import { useViewer } from '../auth/useViewer';

// The editor (Tiptap and ProseMirror) loads with the first opening, not with every feed visit.
const StoryForm = lazy(() =>
  import('./StoryForm').then((module) => ({ default: module.StoryForm })),
);

/** Spec: the story dialogs are at most 600 wide. */
const STORY_DIALOG_WIDTH = 600;

export interface StoryFormDialogProps {
  opened: boolean;
  onClose: () => void;
  /** Edit this story; without it the dialog posts a new one. */
  story?: StoryCardFragment | null;
  /** Post to this problem (the destination is then fixed to it). */
  problemId?: string | null;
}

/**
 * The Story dialog: post a new story or edit one. Its form mounts when the dialog opens, so every
 * opening starts from the story as it is now, or, new, from the text kept from the last opening.
 */
export function StoryFormDialog({
  opened,
  onClose,
  story,
  problemId = null,
}: StoryFormDialogProps) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const draftKey = story ? null : draftKeyOf('story', viewer?.id);
  return (
    <PostFormModal
      opened={opened}
      onClose={onClose}
      size={STORY_DIALOG_WIDTH}
      title={story ? t('stories:dialog.editTitle') : t('stories:dialog.createTitle')}
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
          <StoryForm
            story={story ?? null}
            problemId={problemId}
            draftKey={draftKey}
            {...controls}
          />
        </Suspense>
      )}
    </PostFormModal>
  );
}
