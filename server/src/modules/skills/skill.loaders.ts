import type { Db } from '../../db/client';

/** Per-request DataLoaders of skills; spread into the request context's loaders. */
export const createSkillLoaders = (_db: Db) => ({});
