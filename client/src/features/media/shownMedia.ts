/**
 * A post's attachment as the viewers read it: the fields of the GraphQL MediaItem they use, so
 * both the generated fragment type and the shared `MediaItem` fit.
 */
export interface ShownMedia {
  type: string;
  url: string;
  urls?: readonly string[] | null;
  thumbnailUrl?: string | null;
  name?: string | null;
  size?: number | null;
  videoId?: string | null;
  contentType?: string | null;
  /** The upload it is: audio's transcription is asked for by it. */
  uploadId?: string | null;
}

export type ShownKind = 'image' | 'video' | 'audio' | 'youtube' | 'pdf' | 'file';

export function shownKindOf(item: ShownMedia): ShownKind {
  switch (item.type) {
    case 'image':
    case 'photo-capture':
      return 'image';
    case 'video':
    case 'video-chunk-recording':
      return 'video';
    case 'audio':
      return 'audio';
    case 'youtube':
      return 'youtube';
    case 'application/pdf':
      return 'pdf';
    default:
      return 'file';
  }
}
