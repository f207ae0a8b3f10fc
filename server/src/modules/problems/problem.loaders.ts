import type { Db } from '../../db/client';

/** Per-request DataLoaders of problems; spread into the request context's loaders. */
export const createProblemLoaders = (_db: Db) => ({});
