import { VOTE_FEEDBACK_MAX } from '@rules';
import {
  Arg,
  Authorized,
  Ctx,
  FieldResolver,
  ID,
  Int,
  Mutation,
  Query,
  Resolver,
  Root,
} from 'type-graphql';
import type { Context } from '../../context';
import type { SolutionRow } from '../solutions/solution.policy';
import { Solution } from '../solutions/solution.types';
import { presentMyVote } from './vote.presenter';
import * as votesService from './vote.service';
import { MyVote, SolutionVoterPage, VoteDirectionKind } from './vote.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

/** The feedback a vote may carry, alike for either direction. */
const FeedbackArg = () =>
  Arg('feedback', () => String, {
    nullable: true,
    description: `What to tell the solution's author, at most ${VOTE_FEEDBACK_MAX} characters; only they see it.`,
  });

@Resolver(() => Solution)
export class VoteResolver {
  @Authorized()
  @Mutation(() => Solution, {
    description:
      'Upvotes a solution (clearing a downvote). Upvoting again changes no count; feedback, when given, replaces the old.',
  })
  upvoteSolution(
    @Arg('id', () => ID, { description: "The solution's id." }) id: string,
    @FeedbackArg() feedback: string | null,
    @Ctx() ctx: Context,
  ) {
    return votesService.castVote(ctx, { id }, 'up', feedback);
  }

  @Authorized()
  @Mutation(() => Solution, {
    description:
      'Downvotes a solution (clearing an upvote). Downvoting again changes no count; feedback, when given, replaces the old.',
  })
  downvoteSolution(
    @Arg('id', () => ID, { description: "The solution's id." }) id: string,
    @FeedbackArg() feedback: string | null,
    @Ctx() ctx: Context,
  ) {
    return votesService.castVote(ctx, { id }, 'down', feedback);
  }

  @Authorized()
  @Mutation(() => Solution, { description: 'Reset Vote: clears either vote (none: no change).' })
  resetVote(
    @Arg('id', () => ID, { description: "The solution's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    return votesService.resetVote(ctx, { id });
  }

  @Query(() => SolutionVoterPage, {
    description:
      "The people who voted one way on a solution, latest first; feedback only for the solution's author.",
  })
  solutionVoters(
    @Arg('solutionId', () => ID, { description: "The solution's id." }) solutionId: string,
    @Arg('direction', () => VoteDirectionKind, { description: 'Upvoters or downvoters.' })
    direction: VoteDirectionKind,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(votesService.listVoters(ctx, { solutionId, direction, first, after }));
  }

  @FieldResolver(() => MyVote, {
    nullable: true,
    description: "The viewer's vote; null when none (or signed out).",
  })
  async myVote(@Root() solution: SolutionRow, @Ctx() ctx: Context): Promise<MyVote | null> {
    const vote = await votesService.myVote(ctx, solution);
    return vote ? presentMyVote(vote) : null;
  }
}
