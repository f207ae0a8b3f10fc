import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk';
import { S3Storage } from './s3';
import type { Storage } from './storage';

/** The configured file store: the S3 bucket of S3_BUCKET, else the local disk under DATA_DIR/uploads. */
export const createStorage = (config: Pick<Config, 'dataDir' | 's3'>): Storage =>
  config.s3 ? new S3Storage(config.s3) : new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
