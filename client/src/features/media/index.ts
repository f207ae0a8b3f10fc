// The media feature's pieces for others: a post's carousel, the post dialogs' media step and
// attachments, and a space's media tab. The camera, recorder and PDF viewer load when first used.
export { MediaCarousel } from './MediaCarousel';
export { TranscribedAudio } from './transcribedAudioSlide';
export { previewItemsOf } from './mediaDrafts';
export { MediaStep } from './MediaStep';
export { SpaceMediaPage } from './SpaceMediaPage';
export { usePostAttachments } from './usePostAttachments';
