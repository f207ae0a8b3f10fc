import path from 'node:path';
import type { Config } from '../config';
import { LocalDiskStorage } from './local-disk';
import type { Storage } from './storage';

/** The configured file store: the local disk under DATA_DIR/uploads (an S3 store comes with S3_BUCKET). */
export const createStorage = (config: Pick<Config, 'dataDir'>): Storage =>
  new LocalDiskStorage(path.join(config.dataDir, 'uploads'));
