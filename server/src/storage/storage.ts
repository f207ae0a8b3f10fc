import type { Readable } from 'node:stream';

/**
 * Where uploaded files live, behind one interface: the local disk under DATA_DIR/uploads by
 * default (local-disk.ts), an S3 bucket with S3_BUCKET (s3.ts), behind the same four calls. Keys are
 * relative paths of safe segments (`chatgroups/{conversationId}/{file}`, see `isSafeKey`); who may
 * read a key is decided by the feature that serves it, never here.
 */
export interface Storage {
  /** Which back end this is, for /readyz and the startup log. */
  readonly kind: 'local disk' | 's3';
  /** Stores the body under `key`, replacing what was there. A failing stream stores nothing. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<{ size: number }>;
  /** The file's size and type, or null when there is none. */
  stat(key: string): Promise<StoredFileInfo | null>;
  /** The file's bytes (those of `range` only, when given), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
}

export interface StoredFileInfo {
  /** The whole file's size in bytes, whatever range was read. */
  size: number;
  contentType: string;
}

export interface StoredFile extends StoredFileInfo {
  stream: Readable;
}

/** Inclusive byte offsets, as HTTP ranges count them. */
export interface ByteRange {
  start: number;
  end: number;
}

/** One key segment: letters, digits, dot, dash, underscore; never `.` or `..` alone. */
const SEGMENT = /^(?!\.{1,2}$)[\w.-]{1,200}$/u;

/** Whether a key is relative segments only, so no back end can be led outside its root. */
export const isSafeKey = (key: string) => key.split('/').every((segment) => SEGMENT.test(segment));
