import { Alert } from '@mantine/core';
import { IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../auth';
import { formatDateTime } from '../../components/formatDateTime';

/** 'Your account is suspended until …' on every page while a suspension lasts. */
export function SuspendedBanner() {
  const { t, i18n } = useTranslation();
  const { viewer } = useViewer();
  const until = viewer?.suspendedUntil;
  if (!until || new Date(until).getTime() <= Date.now()) return null;
  return (
    <Alert
      color="orange"
      icon={<IconUserOff size={18} />}
      title={t('reports:suspended.banner', { date: formatDateTime(until, i18n.language) })}
      mb="md"
      role="status"
    >
      {t('reports:suspended.bannerHint')}
    </Alert>
  );
}
