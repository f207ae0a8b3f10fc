import { eq, type SQL } from 'drizzle-orm';
import { idSchema, MESSAGES, STORY_HTML_MAX } from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { stories } from '../../db/schema';
import { parseInput } from '../../errors';
import { readableProblem } from '../problems/problem.service';
import type { PostStanding, StandingChange } from '../posts/post.policy';
import { removeQueuedFiles } from '../media/stored-files.service';
import { postFilesSchema } from '../posts/post-media';
import { postLocationSchema } from '../posts/post-location';
import { cleanStoryText } from '../posts/post-text';
import {
  changePostStanding,
  createPost,
  editPost,
  lockEditablePost,
  readablePost,
  syncPostTags,
} from '../posts/post-write.service';
import { resolveActiveSpace } from '../spaces/space.service';
import { syncProblemStories, type StoryOnProblem } from '../problems/problem-counters';
import { storyKind } from './story.post-kind';
import { isStoryPublished, type StoryRow } from './story.policy';
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
const onProblem = (story: StoryRow | null): StoryOnProblem | null =>
  story && { problemId: story.problemId, listed: isStoryPublished(story) };

/** The problem's story counter follows the story (a story's own step in every write). */
const syncOnProblem = (tx: DbOrTx, before: StoryRow | null, after: StoryRow | null) =>
  syncProblemStories(tx, onProblem(before), onProblem(after));

export async function createStory(ctx: Context, input: unknown): Promise<StoryRow> {
  requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanStoryText(data.story);
  const problem = data.problemId ? await problemFor(ctx, data.problemId) : null;
  // A story posted to a problem goes in the problem's space.
  const spaceId = problem?.spaceId ?? (await resolveActiveSpace(ctx, data.spaceId)).id;
  const story = await createPost(ctx, storyKind, {
    spaceId,
    input: data,
    columns: { problemId: problem?.id ?? null, story: html, tags },
    steps: (tx, created) => syncOnProblem(tx, null, created),
  });
  announce(ctx, story);
  return story;
}

export async function updateStory(ctx: Context, id: string, input: unknown): Promise<StoryRow> {
  const data = parseInput(updateSchema, input);
  const cleaned = data.story === undefined ? undefined : cleanStoryText(data.story);
  const problem = data.problemId ? await problemFor(ctx, data.problemId) : null;
  const { before, after } = await editPost(
    ctx,
    storyKind,
    id,
    data,
    () => ({
      columns: {
        ...(cleaned && { story: cleaned.html, tags: cleaned.tags }),
        ...(problem && { problemId: problem.id, spaceId: problem.spaceId }),
        // null takes the story off its problem into its space's feed.
        ...(data.problemId === null && { problemId: null }),
      },
      spaceId: problem?.spaceId,
    }),
    syncOnProblem,
  );
  if (!isStoryPublished(before) || after.problemId !== before.problemId) announce(ctx, after);
  return after;
}

/**
 * Deletes the stories `where` selects and takes them out of every counter, in the caller's
 * transaction; `delete … returning` names exactly the rows this statement removed, so a story
 * deleted concurrently is counted out once.
 */
export async function removeStories(tx: DbOrTx, where: SQL): Promise<StoryRow[]> {
  const removed = await tx.delete(stories).where(where).returning();
  for (const story of removed) {
    await syncOnProblem(tx, story, null);
    await syncPostTags(tx, storyKind, story, null);
  }
  return removed;
}
registerAccountRemover('stories', (tx, userId) => removeStories(tx, eq(stories.authorId, userId)));

/** Of parallel deletes of one story, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteStory(ctx: Context, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockEditablePost(tx, ctx, storyKind, id, 'update');
    await removeStories(tx, eq(stories.id, id));
  });
  await removeQueuedFiles(ctx);
}

export const getStory = (ctx: Context, id: string): Promise<StoryRow> =>
  readablePost(ctx, storyKind, id);

/**
 * A moderator hides, restores or approves a story (the moderation service checked who may), in
 * the caller's transaction (see changePostStanding). Null when the story is gone.
 */
export async function changeStoryStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<StoryRow> | null> {
  const change = await changePostStanding(tx, storyKind, id, standing, syncOnProblem);
  return (
    change && {
      ...change,
      announce: () => {
        if (!isStoryPublished(change.before)) announce(ctx, change.after);
      },
    }
  );
}
