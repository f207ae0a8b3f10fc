import { Arg, Authorized, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { analyzeStory, storyAnalyticsOf, type StoryAnalyticsView } from './story-analytics.service';
import { StoryAnalytics } from './story-analytics.types';

const present = (view: StoryAnalyticsView): StoryAnalytics => ({
  id: view.storyId,
  source: view.source,
  computedAt: view.computedAt,
  viewerCanAnalyze: view.viewerCanAnalyze,
  entities: view.entities.map((entity) => ({
    name: entity.name,
    type: entity.type,
    salience: entity.salience,
    wikipediaUrl: entity.metadata.wikipedia_url ?? null,
  })),
});

/** A story's key topics for whoever reads the story (a token's `read` scope too): never a call. */
@Resolver()
export class StoryAnalyticsResolver {
  @Query(() => StoryAnalytics, {
    description:
      'A story’s key topics (001 §7 `GET /analytics`): what an AI provider found for its current text, else the fallback from its hashtags and phrases. Never calls a provider.',
  })
  async storyAnalytics(
    @Arg('storyId', () => ID, { description: 'The story (you must be able to read it).' })
    storyId: string,
    @Ctx() ctx: Context,
  ) {
    return present(await storyAnalyticsOf(ctx, storyId));
  }
}

/** Asking a provider spends the person's own key: a signed-in session only. */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class StoryAnalysisResolver {
  @Authorized()
  @Mutation(() => StoryAnalytics, {
    description:
      'Asks your AI provider for a story’s entities, once per version of its text: if anyone already did, their result, without a call. What the provider reads is the story’s text alone.',
  })
  async analyzeStory(
    @Arg('storyId', () => ID, { description: 'The story (you must be able to read it).' })
    storyId: string,
    @Arg('configId', () => ID, {
      nullable: true,
      description: 'One of your AI configurations; your default otherwise.',
    })
    configId: string | null | undefined,
    @Ctx() ctx: Context,
  ) {
    return present(await analyzeStory(ctx, storyId, configId));
  }
}
