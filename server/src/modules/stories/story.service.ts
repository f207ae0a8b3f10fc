import { randomUUID } from 'node:crypto';
import { and, eq, type SQL } from 'drizzle-orm';
import { idSchema, MESSAGES, RATE_LIMITS, STORY_HTML_MAX } from '@rules';
import { z } from 'zod';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { stories } from '../../db/schema';
import { forbidden, notFound, parseInput } from '../../errors';
import { readableProblem } from '../problems/problem.service';
import {
  approvedAfterEdit,
  approvedWhenPosted,
  type PostStanding,
  type StandingChange,
} from '../posts/post.policy';
import { removeQueuedFiles } from '../media/stored-files.service';
import { filesAfterEdit, filesOfNewPost, postFilesSchema } from '../posts/post-media';
import { locationColumnsOf, locationEdit, postLocationSchema } from '../posts/post-location';
import { cleanStoryText } from '../posts/post-text';
import { resolveActiveSpace } from '../spaces/space.service';
import { syncProblemStories, type StoryOnProblem } from '../problems/problem-counters';
import { syncTagCounters, type TaggedState } from '../tags/tag-counters';
import { canEditStory, isStoryPublished, storyReadableBy, type StoryRow } from './story.policy';
import { registerAccountRemover } from '../users/account-removers';
import { requireWriter } from '../../auth/guards';

const storyHtml = z
  .string({ error: MESSAGES.textRequired })
  .max(STORY_HTML_MAX, { message: MESSAGES.textMax, abort: true });

const createSchema = z.object({
  story: storyHtml,
  isAnonymousPost: z.boolean().default(false),
  isDraft: z.boolean().default(false),
  spaceId: idSchema.nullish(),
  problemId: idSchema.nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const updateSchema = z.object({
  story: storyHtml.optional(),
  problemId: idSchema.nullish(),
  isAnonymousPost: z.boolean().optional(),
  isDraft: z.boolean().optional(),
  files: postFilesSchema,
  location: postLocationSchema,
});

/** Stories posted to a problem are not public, so they count in no tag counter of the space. */
const tagState = (story: StoryRow): TaggedState => ({
  spaceId: story.spaceId,
  tags: story.tags,
  listed: isStoryPublished(story) && !story.problemId,
});

/** Tells live lists where the story now shows: its problem's Stories tab, else its space feed. */
function announce(ctx: Context, story: StoryRow) {
  if (!isStoryPublished(story)) return;
  if (story.problemId) ctx.pubsub.publish('problem', story.problemId, { storyId: story.id });
  else ctx.pubsub.publish('space', story.spaceId, { storyId: story.id });
}

/** The spec writes a problem id as 'problems/{id}' in places; both forms are accepted. */
const problemIdOf = (raw: string) => raw.replace(/^problems\//u, '');

/** A problem the viewer may read (to post a story to, or to list its stories); NOT_FOUND otherwise. */
export const problemFor = (ctx: Context, rawId: string) => readableProblem(ctx, problemIdOf(rawId));

/** What the story contributes to its problem's story counter. */
const onProblem = (story: StoryRow): StoryOnProblem => ({
  problemId: story.problemId,
  listed: isStoryPublished(story),
});

export async function createStory(ctx: Context, input: unknown): Promise<StoryRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags: storyTags } = cleanStoryText(data.story);
  const problem = data.problemId ? await problemFor(ctx, data.problemId) : null;
  // A story posted to a problem goes in the problem's space.
  const spaceId = problem?.spaceId ?? (await resolveActiveSpace(ctx, data.spaceId)).id;
  const story = await limitedWrite(
    ctx.db,
    'story-create',
    viewer.id,
    RATE_LIMITS.storyCreate,
    async (tx) => {
      const id = randomUUID();
      const [row] = await tx
        .insert(stories)
        .values({
          id,
          spaceId,
          problemId: problem?.id ?? null,
          authorId: viewer.id,
          story: html,
          tags: storyTags,
          isAnonymousPost: data.isAnonymousPost,
          isDraft: data.isDraft,
          isApproved: approvedWhenPosted(data.isAnonymousPost),
          files: await filesOfNewPost(tx, viewer, { type: 'stories', id, spaceId }, data.files),
          ...locationColumnsOf(data.location ?? null),
        })
        .returning();
      await syncProblemStories(tx, null, onProblem(row!));
      await syncTagCounters(tx, 'stories', null, tagState(row!));
      return row!;
    },
  );
  announce(ctx, story);
  return story;
}

/**
 * The story as this write finds it, locked until the write commits: concurrent writes to one story
 * take turns, and each sees what the one before it left. Readable first (the same rule as reads:
 * an author who can no longer read the story's space is refused as if it were missing), then
 * owned.
 */
async function lockEditable(tx: DbOrTx, ctx: Context, id: string): Promise<StoryRow> {
  const viewer = requireWriter(ctx);
  const [story] = await tx
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), storyReadableBy(viewer)))
    .for('update');
  if (!story) throw notFound();
  if (!canEditStory(viewer, story)) throw forbidden();
  return story;
}

export async function updateStory(ctx: Context, id: string, input: unknown): Promise<StoryRow> {
  const data = parseInput(updateSchema, input);
  const cleaned = data.story === undefined ? undefined : cleanStoryText(data.story);
  const problem = data.problemId ? await problemFor(ctx, data.problemId) : null;

  const { before, story } = await ctx.db.transaction(async (tx) => {
    const before = await lockEditable(tx, ctx, id);
    const isAnonymousPost = data.isAnonymousPost ?? before.isAnonymousPost;
    const spaceId = problem?.spaceId ?? before.spaceId;
    const files = await filesAfterEdit(tx, 'stories', before, spaceId, data.files);
    const [row] = await tx
      .update(stories)
      .set({
        ...(cleaned && { story: cleaned.html, tags: cleaned.tags }),
        ...(problem && { problemId: problem.id, spaceId }),
        ...(files && { files }),
        ...locationEdit(data.location),
        // null takes the story off its problem into its space's feed.
        ...(data.problemId === null && { problemId: null }),
        isDraft: data.isDraft ?? before.isDraft,
        isAnonymousPost,
        isApproved: approvedAfterEdit(before, isAnonymousPost),
        updatedAt: new Date(),
      })
      .where(eq(stories.id, id))
      .returning();
    await syncProblemStories(tx, onProblem(before), onProblem(row!));
    await syncTagCounters(tx, 'stories', tagState(before), tagState(row!));
    return { before, story: row! };
  });
  await removeQueuedFiles(ctx);
  if (!isStoryPublished(before) || story.problemId !== before.problemId) announce(ctx, story);
  return story;
}

/**
 * Deletes the stories `where` selects and takes them out of every counter, in the caller's
 * transaction; `delete … returning` names exactly the rows this statement removed, so a story
 * deleted concurrently is counted out once.
 */
export async function removeStories(tx: DbOrTx, where: SQL): Promise<StoryRow[]> {
  const removed = await tx.delete(stories).where(where).returning();
  for (const story of removed) {
    await syncProblemStories(tx, onProblem(story), null);
    await syncTagCounters(tx, 'stories', tagState(story), null);
  }
  return removed;
}
registerAccountRemover('stories', (tx, userId) => removeStories(tx, eq(stories.authorId, userId)));

/** Of parallel deletes of one story, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteStory(ctx: Context, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockEditable(tx, ctx, id);
    await removeStories(tx, eq(stories.id, id));
  });
  await removeQueuedFiles(ctx);
}

export async function getStory(ctx: Context, id: string): Promise<StoryRow> {
  const [story] = await ctx.db
    .select()
    .from(stories)
    .where(and(eq(stories.id, id), storyReadableBy(ctx.viewer)));
  if (!story) throw notFound();
  return story;
}

/**
 * A moderator hides, restores or approves a story (the moderation service checked who may), in
 * the caller's transaction: the row is locked, and its tag and problem counters move as an edit
 * moves them. Null when the story is gone.
 */
export async function changeStoryStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<StoryRow> | null> {
  const [before] = await tx.select().from(stories).where(eq(stories.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(stories).set(standing).where(eq(stories.id, id)).returning();
  await syncProblemStories(tx, onProblem(before), onProblem(after!));
  await syncTagCounters(tx, 'stories', tagState(before), tagState(after!));
  return {
    before,
    after: after!,
    announce: () => {
      if (!isStoryPublished(before)) announce(ctx, after!);
    },
  };
}
