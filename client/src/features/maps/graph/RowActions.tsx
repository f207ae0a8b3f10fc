// The icon buttons at the end of a row in the editor's tables (layers, links, waypoints).
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** One icon button: the tooltip names the action, the label names the row as well for screen readers. */
export function RowAction({
  tooltip,
  label,
  color,
  disabled,
  onClick,
  children,
}: {
  tooltip: ReactNode;
  label: string;
  color?: string;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Tooltip label={tooltip}>
      <ActionIcon
        variant="subtle"
        color={color}
        disabled={disabled}
        aria-label={label}
        onClick={onClick}
      >
        {children}
      </ActionIcon>
    </Tooltip>
  );
}

/** Edit and delete, the pair every editable row ends with. */
export function EditDeleteActions({
  editTooltip,
  editLabel,
  deleteTooltip,
  deleteLabel,
  onEdit,
  onDelete,
}: {
  editTooltip: string;
  editLabel: string;
  deleteTooltip: string;
  deleteLabel: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <>
      <RowAction tooltip={editTooltip} label={editLabel} onClick={onEdit}>
        <IconPencil size={16} />
      </RowAction>
      <RowAction tooltip={deleteTooltip} label={deleteLabel} color="red" onClick={onDelete}>
        <IconTrash size={16} />
      </RowAction>
    </>
  );
}
