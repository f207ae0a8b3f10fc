import { randomUUID } from 'node:crypto';
import { and, eq, getTableColumns, type SQL } from 'drizzle-orm';
import type { LocationInput, MediaInput } from '@rules';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { limitedWrite } from '../../auth/rate-limit';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { forbidden, notFound } from '../../errors';
import { removeQueuedFiles } from '../media/stored-files.service';
import { syncTagCounters, type TaggedKind, type TaggedState } from '../tags/tag-counters';
import type { PostKind, PostLock, PostRowOf, PostTable } from './post-kind';
import { locationColumnsOf, locationEdit } from './post-location';
import { filesAfterEdit, filesOfNewPost } from './post-media';
import { approvedAfterEdit, approvedWhenPosted, type PostStanding } from './post.policy';
import { requireWriter } from '../../auth/guards';

// The post engine: the writes and reads every post kind shares, driven by its PostKind.

/** What create and edit inputs of every kind may say; a kind without drafts or places ignores those. */
export interface SharedPostInput {
  isAnonymousPost?: boolean | null;
  isDraft?: boolean | null;
  files?: MediaInput[] | null;
  location?: LocationInput | null;
}

/** A kind's own columns of a write, beside the shared ones the engine sets. */
type OwnColumns<T extends PostTable> = Partial<T['$inferInsert']>;

/** A kind's own steps of a write (its counters, links, members), in the write's transaction. */
type CreateSteps<T extends PostTable> = (tx: DbOrTx, created: PostRowOf<T>) => Promise<void>;
type EditSteps<T extends PostTable> = (
  tx: DbOrTx,
  before: PostRowOf<T>,
  after: PostRowOf<T>,
) => Promise<void>;

/** Whether the kind's table has a column (drafts and places are not every kind's). */
const hasColumn = (table: PostTable, name: string) => name in getTableColumns(table);

const byId = <T extends PostTable>(kind: PostKind<T>, id: string): SQL => eq(kind.table.id, id);

/** A post the viewer may read, or NOT_FOUND (exactly like a missing one). */
export async function readablePost<T extends PostTable>(
  ctx: Context,
  kind: PostKind<T>,
  id: string,
  db: DbOrTx = ctx.db,
): Promise<PostRowOf<T>> {
  const [post] = (await db
    .select()
    .from(kind.table as PostTable)
    .where(and(byId(kind, id), kind.readableBy(ctx.viewer)))) as PostRowOf<T>[];
  if (!post) throw notFound();
  return post;
}

/**
 * The post as this write finds it, locked until the write commits: writes to one post take turns,
 * and each sees what the one before it left. Readable first, by the same rule as reads (an author
 * who can no longer read its space is refused as if it were missing).
 */
export async function lockReadablePost<T extends PostTable>(
  tx: DbOrTx,
  ctx: Context,
  kind: PostKind<T>,
  id: string,
  strength: PostLock,
): Promise<PostRowOf<T>> {
  const viewer = requireWriter(ctx);
  const [post] = (await tx
    .select()
    .from(kind.table as PostTable)
    .where(and(byId(kind, id), kind.readableBy(viewer)))
    .for(strength)) as PostRowOf<T>[];
  if (!post) throw notFound();
  return post;
}

/** A post the viewer could not read is NOT_FOUND; one they may read but not edit, FORBIDDEN. */
export function refuseUnlessEditable<T extends PostTable>(
  viewer: Viewer,
  kind: PostKind<T>,
  post: PostRowOf<T> | undefined,
): asserts post is PostRowOf<T> {
  if (!post) throw notFound();
  if (!kind.canEdit(viewer, post)) throw forbidden();
}

/** `lockReadablePost`, then the viewer must be allowed to edit it. */
export async function lockEditablePost<T extends PostTable>(
  tx: DbOrTx,
  ctx: Context,
  kind: PostKind<T>,
  id: string,
  strength: PostLock = kind.editLock,
): Promise<PostRowOf<T>> {
  const post = await lockReadablePost(tx, ctx, kind, id, strength);
  refuseUnlessEditable(requireWriter(ctx), kind, post);
  return post;
}

const taggedState = <T extends PostTable>(
  kind: PostKind<T>,
  post: PostRowOf<T> | null,
): TaggedState | null =>
  post && { spaceId: post.spaceId, tags: post.tags, listed: kind.countsInTags!(post) };

/**
 * Moves the space's tag counters from what the post counted before (null: new) to what it counts
 * after (null: deleted), in the write's transaction; nothing for a kind counted in none.
 */
export async function syncPostTags<T extends PostTable>(
  tx: DbOrTx,
  kind: PostKind<T>,
  before: PostRowOf<T> | null,
  after: PostRowOf<T> | null,
) {
  if (!kind.countsInTags) return;
  await syncTagCounters(
    tx,
    kind.type as TaggedKind,
    taggedState(kind, before),
    taggedState(kind, after),
  );
}

/**
 * Creates a post by the viewer in `spaceId`, under the kind's rate limit: the shared columns
 * (author, anonymity and approval, draft, files, place) from `input`, the kind's own `columns`,
 * then the kind's `steps` and the tag counters, in one transaction.
 */
export function createPost<T extends PostTable>(
  ctx: Context,
  kind: PostKind<T>,
  post: { spaceId: string; input: SharedPostInput; columns: OwnColumns<T>; steps?: CreateSteps<T> },
): Promise<PostRowOf<T>> {
  const viewer = requireWriter(ctx);
  const { spaceId, input } = post;
  const isAnonymousPost = input.isAnonymousPost ?? false;
  return limitedWrite(
    ctx.db,
    kind.createLimit.bucket,
    viewer.id,
    kind.createLimit.limit,
    async (tx) => {
      const id = randomUUID();
      const values = {
        id,
        spaceId,
        authorId: viewer.id,
        isAnonymousPost,
        ...(hasColumn(kind.table, 'isDraft') && { isDraft: input.isDraft ?? false }),
        isApproved: approvedWhenPosted(isAnonymousPost),
        files: await filesOfNewPost(tx, viewer, { type: kind.type, id, spaceId }, input.files),
        ...(hasColumn(kind.table, 'geohash') && locationColumnsOf(input.location ?? null)),
        ...post.columns,
      };
      const [row] = (await tx
        .insert(kind.table as PostTable)
        .values(values as PostTable['$inferInsert'])
        .returning()) as PostRowOf<T>[];
      await post.steps?.(tx, row!);
      await syncPostTags(tx, kind, null, row!);
      return row!;
    },
  );
}

/**
 * Edits a post its viewer may edit: locks it, sets the kind's own columns (`own`, given the row
 * before; `spaceId` when the post moves) and the shared edit set (files, place, draft, anonymity
 * and the approval it implies), then runs the kind's `steps` and moves the tag counters, in one
 * transaction; files the edit let go are removed once it commits.
 */
export async function editPost<T extends PostTable>(
  ctx: Context,
  kind: PostKind<T>,
  id: string,
  input: SharedPostInput,
  own: (before: PostRowOf<T>) => { columns: OwnColumns<T>; spaceId?: string },
  steps?: EditSteps<T>,
): Promise<{ before: PostRowOf<T>; after: PostRowOf<T> }> {
  const edited = await ctx.db.transaction(async (tx) => {
    const before = await lockEditablePost(tx, ctx, kind, id);
    const { columns, spaceId = before.spaceId } = own(before);
    const isAnonymousPost = input.isAnonymousPost ?? before.isAnonymousPost;
    const files = await filesAfterEdit(tx, kind.type, before, spaceId, input.files);
    const values = {
      ...columns,
      ...(files && { files }),
      ...(hasColumn(kind.table, 'geohash') && locationEdit(input.location)),
      ...('isDraft' in before && { isDraft: input.isDraft ?? before.isDraft }),
      isAnonymousPost,
      isApproved: approvedAfterEdit(before, isAnonymousPost),
      updatedAt: new Date(),
    };
    const [after] = (await tx
      .update(kind.table as PostTable)
      .set(values as PgUpdateSetSource<PostTable>)
      .where(byId(kind, id))
      .returning()) as PostRowOf<T>[];
    await steps?.(tx, before, after!);
    await syncPostTags(tx, kind, before, after!);
    return { before, after: after! };
  });
  await removeQueuedFiles(ctx);
  return edited;
}

/**
 * A moderator hides, restores or approves a post (the moderation service checked who may), in the
 * caller's transaction: the row is locked, and the kind's `steps` and the tag counters move as an
 * edit moves them. Null when the post is gone.
 */
export async function changePostStanding<T extends PostTable>(
  tx: DbOrTx,
  kind: PostKind<T>,
  id: string,
  standing: PostStanding,
  steps?: EditSteps<T>,
): Promise<{ before: PostRowOf<T>; after: PostRowOf<T> } | null> {
  const [before] = (await tx
    .select()
    .from(kind.table as PostTable)
    .where(byId(kind, id))
    .for('update')) as PostRowOf<T>[];
  if (!before) return null;
  const [after] = (await tx
    .update(kind.table as PostTable)
    .set(standing)
    .where(byId(kind, id))
    .returning()) as PostRowOf<T>[];
  await steps?.(tx, before, after!);
  await syncPostTags(tx, kind, before, after!);
  return { before, after: after! };
}
