import type { Db } from '../../db/client';

/** Per-request DataLoaders of tags; spread into the request context's loaders. */
export const createTagLoaders = (_db: Db) => ({});
