import { Readable } from 'node:stream';
import type { CompletedPart, S3Client } from '@aws-sdk/client-s3';
import { isSafeKey, type ByteRange, type Storage, type StoredFileInfo } from './storage';

/**
 * Bytes per uploaded part: S3 wants at least 5 MiB for every part but the last. A stream is read
 * one part at a time (the next part is read while the previous one is sent), so a put of any
 * length holds at most two parts in memory.
 */
export const S3_PART_BYTES = 8 * 1024 * 1024;
/**
 * Streams sent at once: each holds up to two parts in memory, so a burst of finished uploads
 * (100 at once in the benchmark) waits its turn instead of holding 100 × 16 MB.
 */
const STREAMS_AT_ONCE = 4;
const UNKNOWN_TYPE = 'application/octet-stream';

export interface S3Settings {
  bucket: string;
  /** An S3-compatible service's URL (MinIO, R2, s3rver…); AWS's own when absent. */
  endpoint?: string;
  region: string;
  /** Both or neither: without them the SDK's default chain (environment, instance role) applies. */
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `endpoint/bucket/key` URLs instead of `bucket.endpoint/key`, as most S3-compatible services want. */
  forcePathStyle: boolean;
}

/**
 * The AWS SDK, loaded when the first file is stored or read: it takes about a second and 20 MB
 * to load, which a server keeping its files on the local disk never pays.
 */
const loadSdk = () => import('@aws-sdk/client-s3');
type Sdk = Awaited<ReturnType<typeof loadSdk>>;

/** Whether an S3 error says the object is not there (HeadObject answers a bare 404). */
const isMissing = (error: unknown) => {
  const failure = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return (
    failure.$metadata?.httpStatusCode === 404 ||
    ['NotFound', 'NoSuchKey'].includes(failure.name ?? '')
  );
};

/**
 * Reads a stream in pieces of exactly `size` bytes (the last one shorter), copying each piece
 * once, so a part never holds more than `size` bytes whatever chunks the stream gives.
 */
async function* partsOf(body: Readable, size: number): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const chunk of body) {
    let rest = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    while (pendingBytes + rest.length >= size) {
      const take = size - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)], size);
      rest = rest.subarray(take);
      pending = [];
      pendingBytes = 0;
    }
    if (rest.length) {
      pending.push(rest);
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes) yield Buffer.concat(pending, pendingBytes);
}

/** A counting semaphore: at most `count` holders at a time, the others wait in order. */
class Slots {
  private readonly waiting: (() => void)[] = [];

  constructor(private free: number) {}

  async take() {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  give() {
    const next = this.waiting.shift();
    if (next) next();
    else this.free++;
  }
}

/**
 * Files in one S3 bucket, one object per key, the content type kept on the object. A stream of
 * unknown length goes up as a multipart upload of S3_PART_BYTES parts, aborted on any failure,
 * so a failed put leaves nothing behind (a stream shorter than one part is a single PutObject).
 */
export class S3Storage implements Storage {
  readonly kind = 's3';
  private readonly bucket: string;
  private connection: Promise<{ sdk: Sdk; client: S3Client }> | null = null;
  private readonly streams = new Slots(STREAMS_AT_ONCE);

  constructor(private readonly settings: S3Settings) {
    this.bucket = settings.bucket;
  }

  private connect() {
    this.connection ??= loadSdk().then((sdk) => ({ sdk, client: this.clientOf(sdk) }));
    return this.connection;
  }

  private clientOf(sdk: Sdk) {
    const { settings } = this;
    return new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials:
        settings.accessKeyId && settings.secretAccessKey
          ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey }
          : undefined,
      // Checksums only where S3 requires them: many S3-compatible services refuse the
      // aws-chunked bodies the SDK's default checksums would send.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private checked(key: string) {
    if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return key;
  }

  async put(key: string, body: Readable | Buffer, contentType: string) {
    const Key = this.checked(key);
    if (Buffer.isBuffer(body)) return this.putOne(Key, body, contentType);
    // A waiting stream is not read: its bytes stay where they come from until its turn.
    await this.streams.take();
    try {
      const parts = partsOf(body, S3_PART_BYTES);
      const first = await parts.next();
      const firstPart = first.done ? Buffer.alloc(0) : first.value;
      if (firstPart.length < S3_PART_BYTES) return await this.putOne(Key, firstPart, contentType);
      return await this.putMultipart(Key, firstPart, parts, contentType);
    } finally {
      this.streams.give();
    }
  }

  private async putOne(Key: string, body: Buffer, ContentType: string) {
    const { sdk, client } = await this.connect();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.bucket, Key, Body: body, ContentType }),
    );
    return { size: body.length };
  }

  private async putMultipart(
    Key: string,
    firstPart: Buffer,
    rest: AsyncGenerator<Buffer>,
    ContentType: string,
  ) {
    const { sdk, client } = await this.connect();
    const { UploadId } = await client.send(
      new sdk.CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType }),
    );
    const sendPart = async (PartNumber: number, Body: Buffer): Promise<CompletedPart> => {
      const { ETag } = await client.send(
        new sdk.UploadPartCommand({ Bucket: this.bucket, Key, UploadId, PartNumber, Body }),
      );
      return { PartNumber, ETag };
    };
    const completed: CompletedPart[] = [];
    let size = firstPart.length;
    let sending = sendPart(1, firstPart);
    try {
      for await (const part of rest) {
        completed.push(await sending);
        size += part.length;
        sending = sendPart(completed.length + 1, part);
      }
      completed.push(await sending);
      await client.send(
        new sdk.CompleteMultipartUploadCommand({
          Bucket: this.bucket,
          Key,
          UploadId,
          MultipartUpload: { Parts: completed },
        }),
      );
    } catch (error) {
      // A part still in flight must not fail unhandled once the upload is aborted.
      sending.catch(() => {});
      await client
        .send(new sdk.AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId }))
        .catch(() => {});
      throw error;
    }
    return { size };
  }

  async stat(key: string): Promise<StoredFileInfo | null> {
    const { sdk, client } = await this.connect();
    try {
      const head = await client.send(
        new sdk.HeadObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }),
      );
      return { size: head.ContentLength ?? 0, contentType: head.ContentType ?? UNKNOWN_TYPE };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async get(key: string, range?: ByteRange) {
    const { sdk, client } = await this.connect();
    try {
      const object = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.bucket,
          Key: this.checked(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      // A ranged answer's Content-Range carries the whole file's size: `bytes a-b/size`.
      const whole = /\/(\d+)$/u.exec(object.ContentRange ?? '')?.[1];
      return {
        size: whole ? Number(whole) : (object.ContentLength ?? 0),
        contentType: object.ContentType ?? UNKNOWN_TYPE,
        stream: object.Body as Readable,
      };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async delete(key: string) {
    const { sdk, client } = await this.connect();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: this.checked(key) }));
  }
}
