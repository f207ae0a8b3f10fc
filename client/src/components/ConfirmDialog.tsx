import { Button, Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './overlays';

/**
 * The app's one "are you sure?" dialog: a question, Cancel and the action (red by default, as
 * most confirmations guard something that cannot be undone). Esc, the X and a click outside
 * cancel. Over another dialog, put both in a Modal.Stack with a `stackId` each, so the Esc that
 * opens the question is not also taken as its answer.
 */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  loading = false,
  color = 'red',
  stackId,
}: {
  opened: boolean;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  /** Defaults to Cancel. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
  color?: string;
  stackId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="sm" centered stackId={stackId}>
      <Stack>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end">
          {/* Focus starts on the safe choice: Enter right after opening keeps everything. */}
          <Button variant="default" onClick={onCancel} data-autofocus>
            {cancelLabel ?? t('common:actions.cancel')}
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
