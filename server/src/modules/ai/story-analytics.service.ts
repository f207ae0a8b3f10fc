import { createHash } from 'node:crypto';
import {
  analyticsQuerySchema,
  htmlToPlainText,
  idSchema,
  STORY_ANALYTICS_TEXT_MAX,
  STORY_ENTITIES_MAX,
  STORY_ENTITY_NAME_MAX,
  STORY_ENTITY_TYPES,
  wikipediaUrlOf,
  type StoryAnalyticsSource,
} from '@rules';
import { and, eq, ne } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../../context';
import { aiConfigs, stories, storyAnalytics, type StoryEntityRow } from '../../db/schema';
import { parseInput } from '../../errors';
import { readablePost } from '../posts/post-write.service';
import type { StoryRow } from '../stories/story.policy';
import { storyKind } from '../stories/story.post-kind';
import { generateStructured, openAiCall } from './ai-call';
import { requireSessionViewer } from './ai-access';
import { cleanText } from './ai-identify.service';
import { byShare, fallbackEntities } from './story-analytics-fallback';

/**
 * A story's key topics (000 §3 entities; 001 §7 `GET /analytics`). Reading them never calls a
 * provider: a reader gets what a provider found for the story's current text if anyone asked,
 * else the fallback from the story's hashtags and phrases, marked as such. Asking a provider is
 * a signed-in person's own act (`analyzeStory`), paid with their own config, once per version of
 * the story's text; what it reads is that text alone, and only from a story the person may read.
 */

export interface StoryAnalyticsView {
  storyId: string;
  source: StoryAnalyticsSource;
  entities: StoryEntityRow[];
  computedAt: Date;
  /** The result is the fallback and the viewer could ask their provider (session, a config). */
  viewerCanAnalyze: boolean;
}

/** A version of the story's text: any edit to it is a new one, a reaction or comment is not. */
const versionOf = (html: string) => createHash('sha256').update(html).digest('base64url');

const readableStory = (ctx: Context, storyIdInput: unknown) =>
  readablePost(ctx, storyKind, parseInput(idSchema, storyIdInput, 'storyId'));

async function storedFor(ctx: Context, story: StoryRow) {
  const [row] = await ctx.db
    .select({ entities: storyAnalytics.entities, createdAt: storyAnalytics.createdAt })
    .from(storyAnalytics)
    .where(
      and(eq(storyAnalytics.storyId, story.id), eq(storyAnalytics.version, versionOf(story.story))),
    );
  return row;
}

/** Whether the viewer could spend their own provider here: a session, and a config to spend. */
async function viewerCanAnalyze(ctx: Context): Promise<boolean> {
  // A token (scopes set) never spends a key, whatever its scopes.
  if (!ctx.viewer || ctx.scopes) return false;
  const [config] = await ctx.db
    .select({ id: aiConfigs.id })
    .from(aiConfigs)
    .where(eq(aiConfigs.userId, ctx.viewer.id))
    .limit(1);
  return Boolean(config);
}

const fromProvider = (
  story: StoryRow,
  row: { entities: StoryEntityRow[]; createdAt: Date },
): StoryAnalyticsView => ({
  storyId: story.id,
  source: 'provider',
  entities: row.entities,
  computedAt: row.createdAt,
  viewerCanAnalyze: false,
});

/** The story's entities for any reader (a token's `read` scope included); NOT_FOUND if unreadable. */
export async function storyAnalyticsOf(
  ctx: Context,
  storyIdInput: unknown,
): Promise<StoryAnalyticsView> {
  const story = await readableStory(ctx, storyIdInput);
  const stored = await storedFor(ctx, story);
  if (stored) return fromProvider(story, stored);
  return {
    storyId: story.id,
    source: 'fallback',
    entities: fallbackEntities(story.story, story.tags),
    computedAt: new Date(),
    viewerCanAnalyze: await viewerCanAnalyze(ctx),
  };
}

/** `GET /analytics?collection=stories&docId=`: the same, with the spec's parameters. */
export async function analyticsOf(ctx: Context, query: unknown): Promise<StoryAnalyticsView> {
  const { docId } = parseInput(analyticsQuerySchema, query);
  return storyAnalyticsOf(ctx, docId);
}

const SYSTEM =
  'You find the entities a community story mentions: people, places, organisations, events, ' +
  'works, products and other notable concepts. Use only the story. Give at most ' +
  `${STORY_ENTITIES_MAX}, each with its name as the story writes it, its type, its salience ` +
  '(0 to 1: how central it is to the story; together they sum to 1) and the https address of ' +
  'its Wikipedia article when one surely exists, else null.';

const answerSchema = z.object({
  entities: z.array(
    z.object({
      name: z.string(),
      type: z.enum(STORY_ENTITY_TYPES),
      salience: z.number(),
      wikipediaUrl: z.string().nullable(),
    }),
  ),
});

/**
 * A provider's entities made safe to store and show: plain one-line names, no repeats, saliences
 * clamped to 0..1 and re-shared to sum to 1 (equal shares if it gave none), the most salient
 * STORY_ENTITIES_MAX, and only https Wikipedia addresses.
 */
export function cleanEntities(answer: z.infer<typeof answerSchema>): StoryEntityRow[] {
  const seen = new Map<string, z.infer<typeof answerSchema>['entities'][number]>();
  for (const entity of answer.entities) {
    const name = cleanText(entity.name, STORY_ENTITY_NAME_MAX, true);
    if (name && !seen.has(name.toLowerCase())) seen.set(name.toLowerCase(), { ...entity, name });
  }
  const entities = [...seen.values()];
  const salience = (value: number) =>
    Number.isFinite(value) ? Math.min(1, Math.max(0, value)) : 0;
  const anySalience = entities.some((entity) => salience(entity.salience) > 0);
  const shares = byShare(
    entities.map((entity) => ({
      name: entity.name,
      weight: anySalience ? salience(entity.salience) : 1,
    })),
  );
  return shares.map(({ name, share }) => {
    const entity = seen.get(name.toLowerCase())!;
    const wikipediaUrl = wikipediaUrlOf(entity.wikipediaUrl);
    return {
      name,
      type: entity.type,
      salience: share,
      metadata: wikipediaUrl ? { wikipedia_url: wikipediaUrl } : {},
    };
  });
}

/**
 * Asks the viewer's provider (their config named, or their default) for the story's entities,
 * unless someone already did for this version: then that result, without a call. A story the
 * viewer may not read is NOT_FOUND before anything is sent. The result is kept for the story's
 * current version only (an edit meanwhile leaves it unkept but still answered to its payer).
 */
export async function analyzeStory(
  ctx: Context,
  storyIdInput: unknown,
  configIdInput?: unknown,
): Promise<StoryAnalyticsView> {
  requireSessionViewer(ctx);
  const story = await readableStory(ctx, storyIdInput);
  const stored = await storedFor(ctx, story);
  if (stored) return fromProvider(story, stored);

  const call = await openAiCall(ctx, configIdInput);
  const text = htmlToPlainText(story.story).replace(/\s+/gu, ' ').trim();
  const { value, usage } = await generateStructured(call, {
    system: SYSTEM,
    prompt: `Story:\n${text.slice(0, STORY_ANALYTICS_TEXT_MAX)}`,
    schema: answerSchema,
  });
  const entities = cleanEntities(value);
  const version = versionOf(story.story);

  const kept = await ctx.db.transaction(async (tx) => {
    // The story as it is now: a result for text since edited is not this version's.
    const [current] = await tx
      .select({ story: stories.story })
      .from(stories)
      .where(eq(stories.id, story.id))
      .for('share');
    if (!current || versionOf(current.story) !== version) return null;
    await tx
      .delete(storyAnalytics)
      .where(and(eq(storyAnalytics.storyId, story.id), ne(storyAnalytics.version, version)));
    await tx
      .insert(storyAnalytics)
      .values({
        storyId: story.id,
        version,
        entities,
        userId: call.userId,
        inputTokens: usage.inputTokens,
        outputTokens: usage.outputTokens,
      })
      // Two readers asking at once: the first result stays, and both are answered it.
      .onConflictDoNothing();
    const [row] = await tx
      .select({ entities: storyAnalytics.entities, createdAt: storyAnalytics.createdAt })
      .from(storyAnalytics)
      .where(and(eq(storyAnalytics.storyId, story.id), eq(storyAnalytics.version, version)));
    return row ?? null;
  });
  return fromProvider(story, kept ?? { entities, createdAt: new Date() });
}
