import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { MEDIA_FORMATS } from '@rules';
import { isSafeKey, type ByteRange, type Storage, type StoredFileInfo } from './storage';

/**
 * The types files are stored with, by extension: a disk keeps no content type, so the key's
 * extension carries it (put refuses a key whose extension says another type).
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ...MEDIA_FORMATS,
  jpeg: 'image/jpeg',
  // An audio's transcript (`….wav_transcription.txt`, 001 §3): JSON in a text file.
  txt: 'text/plain',
};
const UNKNOWN_TYPE = 'application/octet-stream';

const contentTypeOf = (key: string) =>
  CONTENT_TYPES[path.extname(key).slice(1).toLowerCase()] ?? UNKNOWN_TYPE;

/** The embedded default: files under one directory (DATA_DIR/uploads), one file per key. */
export class LocalDiskStorage implements Storage {
  readonly kind = 'local disk';
  constructor(private readonly root: string) {}

  private pathOf(key: string): string {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, ...key.split('/'));
  }

  async put(key: string, body: Readable | Buffer, contentType: string) {
    const target = this.pathOf(key);
    if (contentTypeOf(key) !== contentType)
      throw new Error(`storage key ${key} does not name a ${contentType} file`);
    await mkdir(path.dirname(target), { recursive: true });
    // Written aside and renamed: a reader never sees half a file, and a failed upload leaves none.
    const partial = `${target}.${randomUUID()}.part`;
    try {
      await pipeline(
        Buffer.isBuffer(body) ? Readable.from([body]) : body,
        createWriteStream(partial),
      );
      await rename(partial, target);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return { size: (await stat(target)).size };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    try {
      const info = await stat(this.pathOf(key));
      return info.isFile() ? { size: info.size, contentType: contentTypeOf(key) } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange) {
    const info = await this.stat(key);
    if (!info) return null;
    return { ...info, stream: createReadStream(this.pathOf(key), range) };
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }
}
