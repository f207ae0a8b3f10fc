import { lazy } from 'react';
import { PostFormDialog } from '../../components/post-form/PostFormDialog';
import type { StoryCardFragment } from '../../gql/graphql';

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

/** The Story dialog: post a new story or edit one. */
export function StoryFormDialog({
  opened,
  onClose,
  story,
  problemId = null,
}: StoryFormDialogProps) {
  return (
    <PostFormDialog
      opened={opened}
      onClose={onClose}
      kind="story"
      editing={Boolean(story)}
      width={STORY_DIALOG_WIDTH}
    >
      {(form) => <StoryForm story={story ?? null} problemId={problemId} {...form} />}
    </PostFormDialog>
  );
}
