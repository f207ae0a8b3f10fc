import { Badge } from '@mantine/core';
import { IconEyeOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** On an item a moderator hid: only its author and moderators still see it, marked so. */
export function HiddenBadge({ hidden }: { hidden: boolean | null | undefined }) {
  const { t } = useTranslation();
  if (!hidden) return null;
  return (
    <Badge size="xs" variant="light" color="red" leftSection={<IconEyeOff size={10} />}>
      {t('reports:hidden.badge')}
    </Badge>
  );
}
