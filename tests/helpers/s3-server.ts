import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials: it checks signatures against these. */
const S3RVER_KEY = 'S3RVER';

export interface LocalS3 {
  /** The S3 settings of the app's config, for createStorage / new S3Storage. */
  settings: {
    bucket: string;
    endpoint: string;
    region: string;
    accessKeyId: string;
    secretAccessKey: string;
    forcePathStyle: boolean;
  };
  /** The same as server environment variables (startTestServer / spawned servers). */
  env: Record<string, string>;
  /** Where s3rver keeps the objects: `{directory}/{bucket}/…`. */
  directory: string;
  stop(): Promise<void>;
}

/** A local S3 (s3rver) on a random port with one empty bucket, its objects in a temp directory. */
export async function startLocalS3(bucket = 'bumps-test'): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'bumps-s3-'));
  const s3rver = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await s3rver.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    settings: {
      bucket,
      endpoint,
      region: 'us-east-1',
      accessKeyId: S3RVER_KEY,
      secretAccessKey: S3RVER_KEY,
      forcePathStyle: true,
    },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
    },
    directory,
    async stop() {
      await s3rver.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
