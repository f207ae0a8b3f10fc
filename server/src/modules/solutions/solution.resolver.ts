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
import { SOLUTION_LINK_MAX, SOLUTION_SORTS } from '@rules';
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

const SOLUTION_ID = "The solution's id.";

@Resolver(() => Solution)
export class SolutionResolver extends PostWriteResolver(
  {
    name: 'Solution',
    type: Solution,
    createInput: CreateSolutionInput,
    updateInput: UpdateSolutionInput,
    textField: 'description',
    createDescription: 'Creates a solution, standalone or posted under a problem (`problemId`).',
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
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "The space to follow; the viewer's active space when omitted (unused with problemId).",
    })
    _spaceId?: string,
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
      description:
        "A space's or a problem's solutions (recent), or the viewer's own in every space.",
    })
    list: SolutionListKind,
    @Arg('problemId', () => ID, {
      nullable: true,
      description:
        "For recent: this problem's linked solutions (its Solutions tab) instead of a space's.",
    })
    problemId?: string,
    @Arg('orderBy', () => SolutionSortKind, {
      nullable: true,
      description: `The order (${SOLUTION_SORTS.join(', ')}), newest or most votes first; recent when omitted.`,
    })
    orderBy?: SolutionSortKind,
    @Arg('timeRange', () => TimeRange, {
      nullable: true,
      description: 'Only solutions created in this period; all time when omitted.',
    })
    timeRange?: TimeRange,
    @Arg('startDate', () => Date, {
      nullable: true,
      description:
        'Only solutions created at or after this moment (overrides the timeRange preset).',
    })
    startDate?: Date,
    @Arg('endDate', () => Date, {
      nullable: true,
      description:
        'Only solutions created at or before this moment (overrides the timeRange preset).',
    })
    endDate?: Date,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "For a space's solutions: the space to list; the viewer's active space when omitted.",
    })
    spaceId?: string,
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

  @Query(() => Solution, {
    description:
      'A solution the viewer may read (drafts only by their author); NOT_FOUND for any other, as for a missing one.',
  })
  solution(@Arg('id', () => ID, { description: SOLUTION_ID }) id: string, @Ctx() ctx: Context) {
    return solutionsService.getSolution(ctx, id);
  }

  @Authorized()
  @Query(() => [Solution], {
    description: 'The viewer’s upvoted solutions of a problem.',
  })
  upvotedSolutions(
    @Arg('problemId', () => ID, { description: "The problem's id." }) problemId: string,
    @Ctx() ctx: Context,
  ) {
    return solutionListsService.upvotedSolutions(ctx, problemId);
  }

  @Authorized()
  @Mutation(() => Solution, {
    description: 'Links a solution to more problems of its space (idempotent).',
  })
  linkSolution(
    @Arg('solutionId', () => ID, { description: SOLUTION_ID }) solutionId: string,
    @Arg('problemIds', () => [ID], {
      description: `Problems of the solution's own space the viewer may read: 1 to ${SOLUTION_LINK_MAX}.`,
    })
    problemIds: string[],
    @Ctx() ctx: Context,
  ) {
    return solutionLinksService.linkSolution(ctx, solutionId, problemIds);
  }

  @Authorized()
  @Mutation(() => Solution, {
    description:
      "Unlinks a solution from a problem: the solution's author or whoever made the link may.",
  })
  unlinkSolution(
    @Arg('solutionId', () => ID, { description: SOLUTION_ID }) solutionId: string,
    @Arg('problemId', () => ID, { description: "The problem's id." }) problemId: string,
    @Ctx() ctx: Context,
  ) {
    return solutionLinksService.unlinkSolution(ctx, solutionId, problemId);
  }

  @FieldResolver(() => Location, { nullable: true, description: 'Its place; null when none.' })
  location(@Root() solution: SolutionRow): Location | null {
    return presentLocation(solution);
  }

  @FieldResolver(() => SolutionCounters, { description: "The solution's counts." })
  counters(@Root() solution: SolutionRow): SolutionCounters {
    return solutionCounters(solution);
  }

  @FieldResolver(() => Date, {
    description: 'When it was posted (shown relatively).',
  })
  when(@Root() solution: SolutionRow): Date {
    return solution.createdAt;
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer upvoted it (false signed out).',
  })
  async upvoted(@Root() solution: SolutionRow, @Ctx() ctx: Context): Promise<boolean> {
    return (await solutionVote(ctx, solution)) === 'up';
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer downvoted it (false signed out).',
  })
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
