import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShownMedia } from './shownMedia';

const FRAME_STYLE = { width: '100%', aspectRatio: '16 / 9', border: 0, display: 'block' } as const;

/** A video; a chunked recording plays its chunks one after the other. */
export function VideoPlayer({ item, maxHeight }: { item: ShownMedia; maxHeight?: number }) {
  const { t } = useTranslation();
  const chunks = item.urls?.length ? item.urls : [item.url];
  const [chunk, setChunk] = useState(0);
  return (
    <video
      key={chunks[chunk]}
      src={chunks[chunk]}
      controls
      preload="metadata"
      autoPlay={chunk > 0}
      onEnded={() => setChunk((current) => (current + 1 < chunks.length ? current + 1 : current))}
      aria-label={item.name ?? t('media:viewer.video')}
      style={{ width: '100%', maxHeight, display: 'block', background: 'black' }}
    />
  );
}

/** A YouTube video from the privacy-enhanced domain, loaded when scrolled near. */
export function YoutubeFrame({ item }: { item: ShownMedia }) {
  const { t } = useTranslation();
  return (
    <iframe
      src={item.url}
      title={t('media:viewer.youtubeTitle')}
      loading="lazy"
      allow="accelerometer; encrypted-media; gyroscope; picture-in-picture"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      style={FRAME_STYLE}
    />
  );
}
