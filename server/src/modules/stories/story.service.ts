import { randomUUID } from 'node:crypto';
import { and, desc, eq, type SQL } from 'drizzle-orm';
import {
  RATE_LIMITS,
  STORY_HTML_MAX,
  MESSAGES,
  htmlToPlainText,
  storyTextSchema,
  type StoryList,
} from '@rules';
import { z } from 'zod';
import { assertUnderLimit, recordAttempt } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { stories } from '../../db/schema';
import { forbidden, notFound, parseInput } from '../../errors';
import { sanitizeRichText } from '../../rich-text';
import { resolveActiveSpace } from '../spaces/space.service';
import { syncTagCounters, type TaggedState } from '../tags/tag-counters';
import { requireViewer } from '../users/user.service';
import { canEditStory, storyListedFor, storyReadableBy, type StoryRow } from './story.policy';

const storyHtml = z.string({ error: MESSAGES.textRequired }).max(STORY_HTML_MAX, MESSAGES.textMax);

const createSchema = z.object({
  story: storyHtml,
  isAnonymousPost: z.boolean().default(false),
  isDraft: z.boolean().default(false),
  spaceId: z.string().nullish(),
});

const updateSchema = z.object({
  story: storyHtml.optional(),
  isAnonymousPost: z.boolean().optional(),
  isDraft: z.boolean().optional(),
});

/** Sanitises first, so the rules judge exactly the text that will be stored and shown. */
function cleanStory(html: string) {
  const clean = sanitizeRichText(html);
  const { tags: storyTags } = parseInput(storyTextSchema, htmlToPlainText(clean), 'story');
  return { html: clean, tags: storyTags };
}

const isListed = (story: StoryRow) => !story.isDraft && story.isApproved;

const tagState = (story: StoryRow): TaggedState => ({ spaceId: story.spaceId, tags: story.tags, listed: isListed(story) });

function announce(ctx: Context, story: StoryRow) {
  if (isListed(story)) ctx.pubsub.publish('space', story.spaceId, { storyId: story.id });
}

export async function createStory(ctx: Context, input: unknown): Promise<StoryRow> {
  const viewer = requireViewer(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags: storyTags } = cleanStory(data.story);
  const space = await resolveActiveSpace(ctx, data.spaceId);
  await assertUnderLimit(ctx.db, 'story-create', viewer.id, RATE_LIMITS.storyCreate);

  const story = await ctx.db.transaction(async (tx) => {
    await recordAttempt(tx, 'story-create', [viewer.id]);
    const [row] = await tx
      .insert(stories)
      .values({
        id: randomUUID(),
        spaceId: space.id,
        authorId: viewer.id,
        story: html,
        tags: storyTags,
        isAnonymousPost: data.isAnonymousPost,
        isDraft: data.isDraft,
        isApproved: !data.isAnonymousPost,
      })
      .returning();
    await syncTagCounters(tx, 'stories', null, tagState(row!));
    return row!;
  });
  announce(ctx, story);
  return story;
}

async function findEditable(ctx: Context, id: string) {
  const viewer = requireViewer(ctx);
  const [story] = await ctx.db.select().from(stories).where(and(eq(stories.id, id), storyReadableBy(viewer)));
  if (!story) throw notFound();
  if (!canEditStory(viewer, story)) throw forbidden();
  return story;
}

export async function updateStory(ctx: Context, id: string, input: unknown): Promise<StoryRow> {
  const data = parseInput(updateSchema, input);
  const before = await findEditable(ctx, id);
  const cleaned = data.story === undefined ? undefined : cleanStory(data.story);
  const isAnonymousPost = data.isAnonymousPost ?? before.isAnonymousPost;

  const story = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(stories)
      .set({
        ...(cleaned && { story: cleaned.html, tags: cleaned.tags }),
        isDraft: data.isDraft ?? before.isDraft,
        isAnonymousPost,
        // Turning a post anonymous sends it back to moderation; a named post needs none.
        isApproved: isAnonymousPost ? before.isApproved && before.isAnonymousPost : true,
        updatedAt: new Date(),
      })
      .where(eq(stories.id, id))
      .returning();
    await syncTagCounters(tx, 'stories', tagState(before), tagState(row!));
    return row!;
  });
  if (!isListed(before)) announce(ctx, story);
  return story;
}

export async function deleteStory(ctx: Context, id: string): Promise<void> {
  const story = await findEditable(ctx, id);
  await ctx.db.transaction(async (tx) => {
    await tx.delete(stories).where(eq(stories.id, id));
    await syncTagCounters(tx, 'stories', tagState(story), null);
  });
}

export async function getStory(ctx: Context, id: string): Promise<StoryRow> {
  const [story] = await ctx.db.select().from(stories).where(and(eq(stories.id, id), storyReadableBy(ctx.viewer)));
  if (!story) throw notFound();
  return story;
}

/** For live feeds: the story only if the viewer's feed would list it now. */
export async function findListedStory(ctx: Context, id: string): Promise<StoryRow | null> {
  const [story] = await ctx.db.select().from(stories).where(and(eq(stories.id, id), storyListedFor(ctx.viewer)));
  return story ?? null;
}

export interface StoryListInput {
  list?: StoryList;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/**
 * The public feed is per space; the viewer's own lists (mystories, mydrafts, anonymous) span every
 * space, because a draft or a pending post is the author's wherever it will appear.
 */
export async function listStories(ctx: Context, input: StoryListInput): Promise<Page<StoryRow>> {
  const size = pageSize(input.first);
  const cursor = decodeCursor(input.after);
  const list = input.list ?? 'recent';
  let scope: SQL;
  if (list === 'recent') {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    scope = and(eq(stories.spaceId, space.id), storyListedFor(ctx.viewer))!;
  } else {
    const viewer = requireViewer(ctx);
    const mine = eq(stories.authorId, viewer.id);
    scope = {
      mystories: and(mine, eq(stories.isDraft, false), eq(stories.isAnonymousPost, false))!,
      mydrafts: and(mine, eq(stories.isDraft, true))!,
      anonymous: and(mine, eq(stories.isDraft, false), eq(stories.isAnonymousPost, true))!,
    }[list];
  }
  const rows = await ctx.db
    .select()
    .from(stories)
    .where(and(scope, afterCursor(stories.createdAt, stories.id, cursor)))
    .orderBy(desc(stories.createdAt), desc(stories.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}

/** Live feed of a space: yields each story as it becomes listed, checked against this viewer. */
export async function* storiesAddedTo(ctx: Context, spaceId: string | null | undefined): AsyncGenerator<StoryRow> {
  const space = await resolveActiveSpace(ctx, spaceId);
  for await (const event of ctx.pubsub.subscribe('space', space.id)) {
    const story = await findListedStory(ctx, event.storyId);
    if (story) yield story;
  }
}
