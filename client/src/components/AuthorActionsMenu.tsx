import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconPencil, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The author's Edit and Delete menu on a post (spec: only the author sees them). */
export function AuthorActionsMenu({
  label,
  onEdit,
  onDelete,
}: {
  /** Accessible name of the menu button, e.g. "Story actions". */
  label: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={label}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          {t('common:actions.edit')}
        </Menu.Item>
        <Menu.Item c="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          {t('common:actions.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
