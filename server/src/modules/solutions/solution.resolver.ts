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
  Subscription,
} from 'type-graphql';
import { TimeRange } from '../../graphql/time-range';
import type { Context } from '../../context';
import { PostWriteResolver } from '../posts/post-writes.resolver';
import { postAuthor } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { canEditPost } from '../posts/post.policy';
import { presentLocation } from '../posts/post-location';
import { Location } from '../places/location.types';
import type { SolutionRow } from './solution.policy';
import { solutionCounters, solutionProblems, solutionVote } from './solution.presenter';
import * as solutionLive from './solution-live.service';
import * as solutionsService from './solution.service';
import * as solutionLinksService from './solution-links.service';
import * as solutionListsService from './solution-lists.service';
import {
  CreateSolutionInput,
  LinkedProblem,
  Solution,
  SolutionCounters,
  SolutionListKind,
  SolutionPage,
  SolutionSortKind,
  UpdateSolutionInput,
} from './solution.types';
import { AFTER_ARG, FIRST_ARG, connectionFrom } from '../../graphql/page';

@Resolver(() => Solution)
export class SolutionResolver extends PostWriteResolver(
  {
    name: 'Solution',
    type: Solution,
    createInput: CreateSolutionInput,
    updateInput: UpdateSolutionInput,
  },
  {
    create: solutionsService.createSolution,
    update: solutionsService.updateSolution,
    remove: solutionsService.deleteSolution,
  },
) {
  @Subscription(() => Solution, {
    description:
      "Solutions as they appear in a space's solutions (the active space when omitted) or on a problem's Solutions tab.",
    subscribe: ({ args, context }) =>
      solutionLive.solutionsAddedTo(context as Context, {
        spaceId: args.spaceId as string | undefined,
        problemId: args.problemId as string | undefined,
      }),
  })
  solutionAdded(
    @Root() solution: SolutionRow,
    @Arg('spaceId', () => ID, { nullable: true }) _spaceId?: string,
    @Arg('problemId', () => ID, {
      nullable: true,
      description: "A problem's Solutions tab instead of a space's solutions.",
    })
    _problemId?: string,
  ): SolutionRow {
    return solution;
  }

  @Query(() => SolutionPage, {
    description:
      'Solutions of a space, of a problem (problemId) or the viewer’s own; keyset paginated.',
  })
  solutions(
    @Ctx() ctx: Context,
    @Arg('list', () => SolutionListKind, {
      defaultValue: SolutionListKind.recent,
    })
    list: SolutionListKind,
    @Arg('problemId', () => ID, { nullable: true }) problemId?: string,
    @Arg('orderBy', () => SolutionSortKind, { nullable: true })
    orderBy?: SolutionSortKind,
    @Arg('timeRange', () => TimeRange, { nullable: true })
    timeRange?: TimeRange,
    @Arg('startDate', () => Date, { nullable: true }) startDate?: Date,
    @Arg('endDate', () => Date, { nullable: true }) endDate?: Date,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      solutionListsService.listSolutions(ctx, {
        list,
        problemId,
        orderBy,
        timeRange,
        startDate,
        endDate,
        spaceId,
        after,
        first,
      }),
    );
  }

  @Query(() => Solution)
  solution(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return solutionsService.getSolution(ctx, id);
  }

  @Authorized()
  @Query(() => [Solution], {
    description: 'The viewer’s upvoted solutions of a problem.',
  })
  upvotedSolutions(@Arg('problemId', () => ID) problemId: string, @Ctx() ctx: Context) {
    return solutionListsService.upvotedSolutions(ctx, problemId);
  }

  @Authorized()
  @Mutation(() => Solution, {
    description: 'Links a solution to more problems of its space (idempotent).',
  })
  linkSolution(
    @Arg('solutionId', () => ID) solutionId: string,
    @Arg('problemIds', () => [ID]) problemIds: string[],
    @Ctx() ctx: Context,
  ) {
    return solutionLinksService.linkSolution(ctx, solutionId, problemIds);
  }

  @Authorized()
  @Mutation(() => Solution)
  unlinkSolution(
    @Arg('solutionId', () => ID) solutionId: string,
    @Arg('problemId', () => ID) problemId: string,
    @Ctx() ctx: Context,
  ) {
    return solutionLinksService.unlinkSolution(ctx, solutionId, problemId);
  }

  @FieldResolver(() => Location, { nullable: true, description: 'Its place; null when none.' })
  location(@Root() solution: SolutionRow): Location | null {
    return presentLocation(solution);
  }

  @FieldResolver(() => SolutionCounters)
  counters(@Root() solution: SolutionRow): SolutionCounters {
    return solutionCounters(solution);
  }

  @FieldResolver(() => Date, {
    description: 'When it was posted (shown relatively).',
  })
  when(@Root() solution: SolutionRow): Date {
    return solution.createdAt;
  }

  @FieldResolver(() => Boolean)
  async upvoted(@Root() solution: SolutionRow, @Ctx() ctx: Context): Promise<boolean> {
    return (await solutionVote(ctx, solution)) === 'up';
  }

  @FieldResolver(() => Boolean)
  async downvoted(@Root() solution: SolutionRow, @Ctx() ctx: Context): Promise<boolean> {
    return (await solutionVote(ctx, solution)) === 'down';
  }

  @FieldResolver(() => [LinkedProblem], {
    description: 'The linked problems the viewer may read.',
  })
  problems(@Root() solution: SolutionRow, @Ctx() ctx: Context) {
    return solutionProblems(ctx, solution);
  }

  // Declared on each kind rather than once on the Post interface: type-graphql's inherited
  // interface field resolvers cost the feed a fifth of its throughput (docs/performance.md).
  @FieldResolver(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author(@Root() post: SolutionRow, @Ctx() ctx: Context): AuthorType | Promise<AuthorType> {
    return postAuthor(ctx, post);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() post: SolutionRow, @Ctx() ctx: Context): boolean {
    return canEditPost(ctx.viewer, post);
  }
}
