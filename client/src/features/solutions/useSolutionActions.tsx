import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@apollo/client/react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
        <Modal
          opened={confirming !== null}
          onClose={() => setConfirming(null)}
          title={t('solutions:delete.title')}
          size="sm"
        >
          <Text size="sm">{t('solutions:delete.message')}</Text>
          <Group justify="flex-end" mt="md">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('common:actions.cancel')}
            </Button>
            <Button color="red" loading={removing.loading} onClick={() => void confirmDelete()}>
              {t('common:actions.delete')}
            </Button>
          </Group>
        </Modal>
      </>
    ),
  };
}
