import { lazy } from 'react';

/**
 * The audio player with its transcription panel, for a post's own page (a card plays the audio
 * alone): the pages pass it to MediaCarousel, and it loads with the first audio they show.
 */
export const TranscribedAudio = lazy(() =>
  import('./TranscribedAudio').then((m) => ({ default: m.TranscribedAudio })),
);
