import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { awaitsApproval } from '../../components/post-form/awaitsApproval';
import { notifyError, notifySuccess } from '../../components/notify';
import type { StoryCardFragment } from '../../gql/graphql';
import type { StoryCardActions } from './StoryCard';
import { StoryFormDialog } from './StoryFormDialog';
import { useStoryMutations } from './useStoryMutations';

/**
 * What a card's author can do (edit, delete with a confirmation, publish a draft), with the dialogs
 * they open. Render `dialogs` once next to the cards.
 */
export function useStoryActions(options: { onDeleted?: (id: string) => void } = {}): {
  actions: StoryCardActions;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const { updateStory, deleteStory, deleting } = useStoryMutations();
  // The edited story stays set while the dialog closes, so its title does not flip mid-animation.
  const [editing, setEditing] = useState<StoryCardFragment | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [confirming, setConfirming] = useState<StoryCardFragment | null>(null);
  const [publishingId, setPublishingId] = useState<string | null>(null);
  const { onDeleted } = options;

  const publish = async (story: StoryCardFragment) => {
    setPublishingId(story.id);
    try {
      const saved = await updateStory(story.id, { isDraft: false });
      notifySuccess(
        awaitsApproval(saved) ? t('common:postForm.anonymousSent') : t('stories:toast.added'),
      );
    } catch (caught) {
      notifyError(caught);
    } finally {
      setPublishingId(null);
    }
  };

  const confirmDelete = async () => {
    if (!confirming) return;
    const { id } = confirming;
    try {
      await deleteStory(id);
      setConfirming(null);
      notifySuccess(t('stories:toast.deleted'));
      onDeleted?.(id);
    } catch (caught) {
      notifyError(caught);
    }
  };

  const dialogs = (
    <>
      <StoryFormDialog opened={editOpen} story={editing} onClose={() => setEditOpen(false)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={t('stories:delete.title')}
        message={t('stories:delete.message')}
        confirmLabel={t('common:actions.delete')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(null)}
      />
    </>
  );

  return {
    actions: {
      onEdit: (story) => {
        setEditing(story);
        setEditOpen(true);
      },
      onDelete: setConfirming,
      onPublish: (story) => void publish(story),
      publishingId,
    },
    dialogs,
  };
}
