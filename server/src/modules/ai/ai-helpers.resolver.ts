import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import { SESSION_ACCESS } from '../../auth/scopes';
import type { Context } from '../../context';
import { TokenAccess } from '../../graphql/token-scopes';
import { Problem } from '../problems/problem.types';
import type { ProblemRow } from '../problems/problem.policy';
import { AiIdentifyInput, AiResult, AiUsage } from './ai-helpers.types';
import { identify } from './ai-identify.service';
import { publishAiResultItem } from './ai-publish.service';
import { presentAiResult } from './ai-result.presenter';
import { myAiUsage } from './ai-usage.service';

/**
 * The AI helpers, from a signed-in session only: they spend the person's own key and quota,
 * which an app holding a token must not.
 */
@TokenAccess(SESSION_ACCESS)
@Resolver()
export class AiHelpersResolver {
  @Authorized()
  @Mutation(() => AiResult, {
    description:
      'Runs an AI helper with your configuration: identifies problems, solutions, outcomes, ingredients or parts from a text or a problem. The result is kept, unpublished, for you to publish item by item.',
  })
  async aiIdentify(
    @Arg('input', () => AiIdentifyInput, { description: 'What to identify, and from what.' })
    input: AiIdentifyInput,
    @Ctx() ctx: Context,
  ) {
    return presentAiResult(await identify(ctx, input), ctx.viewer?.id ?? null);
  }

  @Authorized()
  @Mutation(() => AiResult, {
    description:
      'Publishes one item of your AI result as a real problem, solution or part (with every rule creating one has) and marks it published.',
  })
  async publishAiResult(
    @Arg('resultId', () => ID, { description: 'The result’s id.' }) resultId: string,
    @Arg('name', () => String, { description: 'The name of the item to publish.' }) name: string,
    @Ctx() ctx: Context,
  ) {
    return presentAiResult(await publishAiResultItem(ctx, resultId, name), ctx.viewer?.id ?? null);
  }

  @Authorized()
  @Query(() => AiUsage, {
    description: 'What you spent through the AI helpers this month, and your monthly cap.',
  })
  myAiUsage(@Ctx() ctx: Context) {
    return myAiUsage(ctx);
  }
}

/** A problem's last AI analysis, for whoever reads the problem. */
@Resolver(() => Problem)
export class ProblemAiInfoResolver {
  @FieldResolver(() => AiResult, {
    nullable: true,
    description:
      'The newest AI analysis of this problem run by one who may edit it, with which of its items were published; null if none.',
  })
  async aiInfo(@Root() problem: ProblemRow, @Ctx() ctx: Context) {
    const row = await ctx.loaders.problemAiInfo.load(problem.id);
    return row ? presentAiResult(row, ctx.viewer?.id ?? null) : null;
  }
}
