/**
 * Files and places attached to posts (000 §3 media item and location, §5 file rules, YouTube and
 * location search; 001 §7 upload paths, §9 limits). Server and client read the same numbers. The
 * zod validators live in media.schemas.ts, so a page that only reads a limit does not load zod.
 */

/** 1 GB per file and in total. The spec writes the total as "1 GB (1000 MB)": one GiB for both. */
export const MEDIA_FILE_MAX_BYTES = 1024 ** 3;
export const MEDIA_TOTAL_MAX_BYTES = 1024 ** 3;
/** The spec's check says 10 while its message says 5: 5 is enforced (docs/decisions.md). */
export const MEDIA_MAX_FILES = 5;
/** A space has one image. */
export const SPACE_IMAGE_MAX_FILES = 1;
/** Video capture: chunks of 30 s, up to 10 minutes (000 §4 video recording). */
export const RECORDING_CHUNK_SECONDS = 30;
export const RECORDING_MAX_SECONDS = 10 * 60;
export const RECORDING_MAX_CHUNKS = RECORDING_MAX_SECONDS / RECORDING_CHUNK_SECONDS;
/** PDF viewer (001 §9). */
export const PDF_ZOOM_MIN = 0.5;
export const PDF_ZOOM_MAX = 2;
export const PDF_ZOOM_STEP = 0.2;
export const PDF_ROTATION_STEP = 90;
/** Location search runs only for text longer than 3 characters (001 §9). */
export const LOCATION_SEARCH_MIN = 4;
/** Not in the spec: a place's name with its region and country. */
export const LOCATION_SEARCH_MAX = 200;
/** Not shown in the spec: what "nearby" means for the distance filter. */
export const NEARBY_RADIUS_KM = 50;
/** The /location map shows at most this many located posts of a space, newest first. */
export const SPACE_LOCATIONS_MAX = 2000;
/** Longest side of a server-made thumbnail, in pixels. */
export const THUMBNAIL_SIZE = 480;
/** Uploads a person may have started and not finished at once (each holds disk until done). */
export const INCOMPLETE_UPLOADS_MAX = 20;
/** An upload not finished within this time is deleted (a resumed upload must finish first). */
export const INCOMPLETE_UPLOAD_HOURS = 24;
/**
 * A finished upload not attached to a post (or a space's image) within this time is deleted, and so
 * is a chat image no message showed: time enough to write the post the file was meant for.
 */
export const UNATTACHED_UPLOAD_HOURS = 24;

export const MEDIA_MESSAGES = {
  /** The spec's 'Maxiumum' is a slip (docs/decisions.md, spec text corrected). */
  tooManyFiles: `Maximum only ${MEDIA_MAX_FILES} files allowed`,
  fileTooLarge: 'Max 1GB per file',
  totalTooLarge: 'Sum of all files limited to 1GB',
  youtubeNotFound: 'YouTube Video Not Found',
  /** Not shown in the spec. */
  typeNotAllowed: 'This type of file is not allowed here',
  /** Not shown in the spec. */
  tooManyUploads: `At most ${INCOMPLETE_UPLOADS_MAX} uploads at a time. Wait for some to finish.`,
  spaceImageOnly: 'A space has one image',
  uploadNotFound: 'The file was not found. Please upload it again.',
  microphoneError: 'Error accessing microphone',
  microphoneDenied: 'Microphone access denied',
  cameraDenied: 'Permissions were denied. Please allow access to the camera and microphone.',
  permissionsFailed: 'Failed to access permissions',
  locationUnsupported: 'Location is not supported by this browser',
  /** Not shown in the spec. */
  positionNeeded: 'Your position is needed to sort by location',
  searchTooShort: `Type more than ${LOCATION_SEARCH_MIN - 1} characters to search`,
  noFilename: 'no filename',
  unknownSize: 'size?',
} as const;

/** Where an upload belongs: the spec's upload path kinds (001 §7), sent as tus metadata `path`. */
export const UPLOAD_PATH_KINDS = ['stories', 'problems', 'solutions', 'skills', 'spaces'] as const;
export type UploadPathKind = (typeof UPLOAD_PATH_KINDS)[number];

/** The spec's media item types (000 §3). `documents` is any other accepted file (none today). */
export const MEDIA_TYPES = [
  'image',
  'photo-capture',
  'video',
  'video-chunk-recording',
  'audio',
  'youtube',
  'application/pdf',
  'documents',
] as const;
export type MediaType = (typeof MEDIA_TYPES)[number];

/**
 * Content types accepted per kind, as told by the file's bytes (never its name). Posts take
 * images, video, audio and PDF; a space takes one image.
 */
export const ACCEPTED_TYPES: Record<UploadPathKind, readonly string[]> = {
  stories: ['image/*', 'video/*', 'audio/*', 'application/pdf'],
  problems: ['image/*', 'video/*', 'audio/*', 'application/pdf'],
  solutions: ['image/*', 'video/*', 'audio/*', 'application/pdf'],
  skills: ['image/*', 'video/*', 'audio/*', 'application/pdf'],
  spaces: ['image/*'],
};

/**
 * The formats kept, by the extension their bytes tell (file-type's names) and their content type:
 * images, video and audio a browser shows or plays, and PDF. The stored key ends with this
 * extension, so a stored file's type never depends on the name a person gave it.
 */
export const MEDIA_FORMATS: Readonly<Record<string, string>> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  apng: 'image/apng',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  bmp: 'image/bmp',
  mp4: 'video/mp4',
  m4v: 'video/x-m4v',
  webm: 'video/webm',
  mov: 'video/quicktime',
  ogv: 'video/ogg',
  mkv: 'video/matroska',
  '3gp': 'video/3gpp',
  mp3: 'audio/mpeg',
  m4a: 'audio/x-m4a',
  aac: 'audio/aac',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  flac: 'audio/flac',
  pdf: 'application/pdf',
};

/** Whether a sniffed content type fits a kind's accepted list. */
export const acceptsType = (kind: UploadPathKind, contentType: string) =>
  ACCEPTED_TYPES[kind].some((accepted) =>
    accepted.endsWith('/*')
      ? contentType.startsWith(accepted.slice(0, -1))
      : contentType === accepted,
  );

/** The media type of a stored file, from its sniffed content type. */
export const mediaTypeOf = (contentType: string): MediaType =>
  contentType.startsWith('image/')
    ? 'image'
    : contentType.startsWith('video/')
      ? 'video'
      : contentType.startsWith('audio/')
        ? 'audio'
        : contentType === 'application/pdf'
          ? 'application/pdf'
          : 'documents';

const YOUTUBE_ID = /^[\w-]{11}$/u;
const YOUTUBE_HOSTS = ['youtube.com', 'www.youtube.com', 'm.youtube.com', 'youtube-nocookie.com'];

/**
 * The 11-character video id of a YouTube link (watch?v=, youtu.be/, embed/, shorts/, live/), or
 * null: then 'YouTube Video Not Found'.
 */
export function youtubeVideoId(link: string): string | null {
  let url: URL;
  try {
    url = new URL(link.trim().includes('://') ? link.trim() : `https://${link.trim()}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  const segments = url.pathname.split('/').filter(Boolean);
  let id: string | null | undefined = null;
  if (host === 'youtu.be') id = segments[0];
  else if (YOUTUBE_HOSTS.includes(host) || host.endsWith('.youtube.com'))
    id =
      segments[0] === 'watch'
        ? url.searchParams.get('v')
        : ['embed', 'shorts', 'live', 'v'].includes(segments[0] ?? '')
          ? segments[1]
          : null;
  return id && YOUTUBE_ID.test(id) ? id : null;
}

/** The privacy-enhanced embed address of a video id. */
export const youtubeEmbedUrl = (videoId: string) =>
  `https://www.youtube-nocookie.com/embed/${videoId}`;

/**
 * A stored attachment, as a post's `files` carries it (000 §3 media item). `url` is the file's
 * address (`/api/media/{uploadId}/{name}`); images also carry `thumbnailUrl`. A chunked video
 * recording has `urls` in order; a YouTube item has `videoId` and the embed address as `url`.
 */
export interface MediaItem {
  type: MediaType;
  url: string;
  urls?: string[];
  thumbnailUrl?: string | null;
  extension?: string | null;
  fileIndex: number;
  name?: string | null;
  size?: number | null;
  duration?: number | null;
  uploadId?: string | null;
  uploadIds?: string[];
  videoId?: string | null;
  contentType?: string | null;
  /** Audio with a stored transcript (ai/transcription.service.ts). */
  hasTranscription?: boolean;
}

export const DISTANCE_FILTERS = ['nearby', 'all'] as const;
export type DistanceFilter = (typeof DISTANCE_FILTERS)[number];
