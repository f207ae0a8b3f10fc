import { useMutation } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { DeleteSolutionDocument, type SolutionCardFragment } from '../../gql/graphql';
import type { SolutionCardActions } from './SolutionCard';
import { SolutionDialog } from './SolutionDialog';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';

/** The author's Edit and Delete (with a confirmation) for solution cards; render `dialogs` once. */
export function useSolutionActions(options: { onDeleted?: () => void } = {}): {
  actions: SolutionCardActions;
  dialogs: ReactNode;
} {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<SolutionCardFragment | null>(null);
  const [editOpen, setEditOpen] = useState(false);
  const [confirming, setConfirming] = useState<SolutionCardFragment | null>(null);
  const [remove, removing] = useMutation(DeleteSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      await remove({ variables: { id: confirming.id } });
      setConfirming(null);
      notifySuccess(t('solutions:toast.deleted'));
      options.onDeleted?.();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return {
    actions: {
      onEdit: (solution) => {
        setEditing(solution);
        setEditOpen(true);
      },
      onDelete: setConfirming,
    },
    dialogs: (
      <>
        <SolutionDialog opened={editOpen} solution={editing} onClose={() => setEditOpen(false)} />
        <ConfirmDialog
          opened={confirming !== null}
          title={t('solutions:delete.title')}
          message={t('solutions:delete.message')}
          confirmLabel={t('common:actions.delete')}
          loading={removing.loading}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setConfirming(null)}
        />
      </>
    ),
  };
}
