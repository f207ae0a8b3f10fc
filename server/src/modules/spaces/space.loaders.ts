import type { Db } from '../../db/client';

/** Per-request DataLoaders of spaces; spread into the request context's loaders. */
export const createSpaceLoaders = (_db: Db) => ({});
