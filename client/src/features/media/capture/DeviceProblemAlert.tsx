import { Alert, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DeviceProblem } from './mediaDevices';

/**
 * The spec's messages when a capture cannot use its devices (MEDIA_MESSAGES): the camera's
 * 'Permissions were denied…', the microphone's 'Error accessing microphone' with a 'Microphone
 * access denied' bar, and 'Failed to access permissions' with the cause for anything else.
 */
export function DeviceProblemAlert({
  problem,
  device,
}: {
  problem: DeviceProblem;
  device: 'camera' | 'microphone';
}) {
  const { t } = useTranslation();
  const title =
    device === 'microphone'
      ? t('media:errors.microphoneError')
      : problem.denied
        ? t('media:errors.cameraDenied')
        : t('media:errors.permissionsFailed');
  return (
    <Alert color="red" icon={<IconAlertTriangle size={18} />} title={title} role="alert">
      {problem.denied ? (
        device === 'microphone' && <Text size="sm">{t('media:errors.microphoneDenied')}</Text>
      ) : (
        <Text size="sm">
          {device === 'microphone' && `${t('media:errors.permissionsFailed')}: `}
          {problem.cause}
        </Text>
      )}
    </Alert>
  );
}
