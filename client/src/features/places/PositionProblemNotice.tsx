import { Alert } from '@mantine/core';
import { MEDIA_MESSAGES } from '@rules';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../components/notify';
import { LocationDeniedDialog } from './LocationDeniedDialog';
import type { PositionProblem } from './useViewerPosition';

/**
 * Why the position is missing, told once: the location-denied dialog when the reader refused, the
 * spec's alert when the browser has no geolocation, a short note when it failed.
 */
export function PositionProblemNotice({
  problem,
  onClose,
}: {
  problem: PositionProblem | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {problem === 'unsupported' || problem === 'unavailable' ? (
        <Alert color="yellow" withCloseButton onClose={onClose} p="xs" role="alert">
          {problem === 'unsupported'
            ? translateServerMessage(t, MEDIA_MESSAGES.locationUnsupported)
            : t('places:picker.unavailable')}
        </Alert>
      ) : null}
      <LocationDeniedDialog opened={problem === 'denied'} onClose={onClose} />
    </>
  );
}
