import { useTranslation } from 'react-i18next';
import type { ShownMedia } from './shownMedia';

/**
 * An audio file's player. It loads with the first audio a carousel shows, the transcription panel
 * (TranscribedAudio) or the media viewer, never with a first visit.
 */
export function AudioPlayer({ item }: { item: ShownMedia }) {
  const { t } = useTranslation();
  return (
    <audio
      src={item.url}
      controls
      preload="metadata"
      aria-label={item.name ?? t('media:viewer.audio')}
      style={{ width: '100%' }}
    />
  );
}
