import type { SQL } from 'drizzle-orm';
import type { Limit } from '../../auth/rate-limit';
import type { Viewer } from '../../auth/sessions';
import type { problems, skills, solutions, stories } from '../../db/schema';
import type { PostType } from './post-path';

/** A post kind's table: each is built from db/schema/post-columns.ts, so the engine's columns exist. */
export type PostTable = typeof stories | typeof problems | typeof solutions | typeof skills;

/** A row of a post kind's table. */
export type PostRowOf<T extends PostTable> = T['$inferSelect'];

/** How a write locks a post: `update` when it deletes it, else `no key update`. */
export type PostLock = 'update' | 'no key update';

/**
 * What a post kind declares about itself; everything all kinds share (locking for edit, reading by
 * id, the edit set, anonymity and approval, drafts, files, location, tag counters) is the post
 * engine's (post-write.service.ts). Drafts and location follow the table's columns.
 */
export interface PostKind<T extends PostTable> {
  type: PostType;
  table: T;
  /** Readable by id for this viewer: reads and every write check it first. */
  readableBy: (viewer: Viewer | null) => SQL;
  /** Who may edit and delete a post the viewer can read. */
  canEdit: (viewer: Viewer | null, post: PostRowOf<T>) => boolean;
  /** How an edit locks the row (a delete always takes `update`). */
  editLock: PostLock;
  /** Whether the post counts in its space's tag counters now; absent: the kind counts in none. */
  countsInTags?: (post: PostRowOf<T>) => boolean;
  /** The rate limit on creating posts of this kind, and its bucket. */
  createLimit: { bucket: string; limit: Limit };
}
