import { IconFlag, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Menu } from './overlays';
import { IconMenu } from './IconMenu';

/**
 * The menu on an item (spec 000 §6): its author gets Edit and Delete (pass `onEdit` and
 * `onDelete`), everyone else Report (pass `onReport`).
 */
export function AuthorActionsMenu({
  label,
  onEdit,
  onDelete,
  onReport,
}: {
  /** Accessible name of the menu button, e.g. "Story actions". */
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  onReport?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <IconMenu label={label}>
      {onEdit ? (
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common:actions.edit')}
        </Menu.Item>
      ) : null}
      {onDelete ? (
        <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('common:actions.delete')}
        </Menu.Item>
      ) : null}
      {onReport ? (
        <Menu.Item leftSection={<IconFlag size={16} />} onClick={onReport}>
          {t('reports:menu.report')}
        </Menu.Item>
      ) : null}
    </IconMenu>
  );
}
