import { Badge } from '@mantine/core';
import type { ReportStatus } from '@rules';
import { useTranslation } from 'react-i18next';

const COLORS: Record<ReportStatus, string> = {
  open: 'blue',
  reviewing: 'yellow',
  resolved: 'teal',
  dismissed: 'gray',
};

export function ReportStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Badge
      variant="light"
      color={COLORS[status as ReportStatus] ?? 'gray'}
      style={{ flexShrink: 0 }}
    >
      {t(`reports:status.${status}`)}
    </Badge>
  );
}
