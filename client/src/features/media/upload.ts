import { MEDIA_MESSAGES, type MediaItem, type UploadPathKind } from '@rules';
import { DetailedError, Upload, type HttpResponse } from 'tus-js-client';

/** tus endpoint of the server (contracts: S1); same origin, so the session cookie goes along. */
const UPLOADS_ENDPOINT = '/api/uploads';
const CHUNK_BYTES = 8 * 1024 * 1024;
/** Retries after a dropped connection: tus resumes from the server's offset (HEAD + PATCH). */
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000];

export interface StartedUpload {
  /** The server's media item once the last byte is stored; rejects with an UploadError. */
  promise: Promise<MediaItem>;
  abort(): void;
}

/** Why an upload failed, in the server's (English) words when it gave some: the UI translates it. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'UploadError';
  }
}

/** The media item a finishing PATCH carries: JSON body (status 200) or the X-Media-Item header. */
function mediaItemOf(response: HttpResponse): MediaItem | null {
  const body = response.getBody();
  if (body) {
    try {
      return JSON.parse(body) as MediaItem;
    } catch {
      // not JSON: the header below carries it
    }
  }
  const header = response.getHeader('X-Media-Item');
  if (!header) return null;
  try {
    return JSON.parse(decodeURIComponent(header)) as MediaItem;
  } catch {
    return null;
  }
}

/** The finished upload's item when the last response did not carry it (S1's fallback route). */
async function fetchMediaItem(uploadUrl: string): Promise<MediaItem> {
  const response = await fetch(`${uploadUrl}/item`, { credentials: 'same-origin' });
  if (!response.ok) throw new UploadError(MEDIA_MESSAGES.uploadNotFound, response.status);
  return (await response.json()) as MediaItem;
}

function uploadErrorOf(error: Error | DetailedError): UploadError {
  const response = error instanceof DetailedError ? error.originalResponse : null;
  if (!response) return new UploadError(error.message, null);
  const status = response.getStatus();
  // The server answers the spec's messages as plain text bodies (413 'Max 1GB per file', 415 …).
  const body = response.getBody().trim();
  return new UploadError(body && body.length < 300 ? body : error.message, status);
}

/**
 * Sends a file to the server over tus in 8 MB chunks, resuming after a dropped connection, and
 * resolves to the media item the server made of it (its type sniffed from the bytes).
 */
export function startUpload(
  file: File | Blob,
  options: {
    path: UploadPathKind;
    spaceId: string;
    filename?: string;
    onProgress(sent: number, total: number): void;
  },
): StartedUpload {
  const filename = options.filename ?? (file instanceof File ? file.name : 'file');
  let upload: Upload | null = null;
  const promise = new Promise<MediaItem>((resolve, reject) => {
    upload = new Upload(file, {
      endpoint: UPLOADS_ENDPOINT,
      chunkSize: CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: {
        filename,
        filetype: file.type,
        path: options.path,
        spaceId: options.spaceId,
      },
      // The server's CSRF guard: a cookie-authenticated write must prove it came from a script.
      headers: { 'X-Requested-With': 'XMLHttpRequest' },
      // A finished upload is not resumed later: a picked-again file starts a new upload.
      removeFingerprintOnSuccess: true,
      onProgress: options.onProgress,
      onError: (error) => reject(uploadErrorOf(error)),
      onSuccess: ({ lastResponse }) => {
        const item = mediaItemOf(lastResponse);
        if (item) resolve(item);
        else if (upload?.url) fetchMediaItem(upload.url).then(resolve, reject);
        else reject(new UploadError(MEDIA_MESSAGES.uploadNotFound, null));
      },
    });
    upload.start();
  });
  return {
    promise,
    // Terminating frees the server's partial file; a removed item is never resumed.
    abort: () => void upload?.abort(true).catch(() => undefined),
  };
}
