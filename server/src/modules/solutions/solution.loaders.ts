import type { Db } from '../../db/client';

/** Per-request DataLoaders of solutions; spread into the request context's loaders. */
export const createSolutionLoaders = (_db: Db) => ({});
