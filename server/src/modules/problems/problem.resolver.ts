import { NEARBY_RADIUS_KM, problemStatusColor } from '@rules';
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
import { canEditPost } from '../posts/post.policy';
import { ANONYMOUS_AUTHOR, authorView } from '../users/user.service';
import { AuthorType } from '../users/user.types';
import { presentLocation } from '../posts/post-location';
import { Location, PositionInput } from '../places/location.types';
import { DistanceFilter } from '../places/places.types';
import type { ProblemRow } from './problem.policy';
import * as problemLive from './problem-live.service';
import { problemCounters } from './problem.presenter';
import * as problemsService from './problem.service';
import * as problemMembersService from './problem-members.service';
import * as problemStatusService from './problem-status.service';
import * as problemListsService from './problem-lists.service';
import * as problemPartsService from './problem-parts.service';
import * as problemMeasurementsService from './problem-measurements.service';
import {
  CreateProblemInput,
  JoinedProblem,
  LeaveProblemInput,
  Measurement,
  MeasurementInput,
  Problem,
  ProblemCounters,
  ProblemListKind,
  ProblemMemberPage,
  ProblemPage,
  ProblemPart,
  ProblemPartInput,
  ProblemSortKind,
  ProblemStatusActivity,
  UpdateProblemInput,
} from './problem.types';
import { AFTER_ARG, FIRST_ARG, connectionOf, connectionFrom } from '../../graphql/page';
import { ProblemStatusEnum, ProblemPartTypeEnum } from './problem.enums';

const PROBLEM_ID = "The problem's id.";
const PART_ID = "The part's id (within the problem).";

@Resolver(() => Problem)
export class ProblemResolver extends PostWriteResolver(
  {
    name: 'Problem',
    type: Problem,
    createInput: CreateProblemInput,
    updateInput: UpdateProblemInput,
    textField: 'description',
    createDescription: 'Creates a problem; its author joins it.',
  },
  {
    create: problemsService.createProblem,
    update: problemsService.updateProblem,
    remove: problemsService.deleteProblem,
  },
) {
  @Query(() => ProblemPage, {
    description: 'Problems, keyset paginated.',
  })
  problems(
    @Ctx() ctx: Context,
    @Arg('list', () => ProblemListKind, {
      defaultValue: ProblemListKind.recent,
      description:
        "A space's problems (recent, solving) or the viewer's own in every space (myproblems, mypriorities).",
    })
    list: ProblemListKind,
    @Arg('orderBy', () => ProblemSortKind, {
      defaultValue: ProblemSortKind.recent,
      description: 'The order; location needs `position`, and mypriorities keeps priority order.',
    })
    orderBy: ProblemSortKind,
    @Arg('statuses', () => [ProblemStatusEnum], {
      nullable: true,
      description: 'Only problems with these statuses; all when omitted.',
    })
    statuses?: string[],
    @Arg('timeRange', () => TimeRange, {
      nullable: true,
      description: 'Only problems created in this period; all time when omitted.',
    })
    timeRange?: TimeRange,
    @Arg('startDate', () => Date, {
      nullable: true,
      description:
        'Only problems created at or after this moment (overrides the timeRange preset).',
    })
    startDate?: Date,
    @Arg('endDate', () => Date, {
      nullable: true,
      description:
        'Only problems created at or before this moment (overrides the timeRange preset).',
    })
    endDate?: Date,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "For recent and solving: the space to list; the viewer's active space when omitted.",
    })
    spaceId?: string,
    @Arg('position', () => PositionInput, {
      nullable: true,
      description: "The viewer's position: needed by the location sort and the nearby filter.",
    })
    position?: PositionInput,
    @Arg('distance', () => DistanceFilter, {
      defaultValue: DistanceFilter.all,
      description: `Nearby keeps problems within ${NEARBY_RADIUS_KM} km of \`position\` (which it then needs).`,
    })
    distance?: DistanceFilter,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ) {
    return connectionFrom(
      problemListsService.listProblems(ctx, {
        list,
        orderBy,
        statuses,
        timeRange,
        startDate,
        endDate,
        spaceId,
        position,
        distance,
        after,
        first,
      }),
    );
  }

  @Query(() => Problem, {
    description:
      'A problem the viewer may read (drafts only by their author); NOT_FOUND for any other, as for a missing one.',
  })
  problem(@Arg('id', () => ID, { description: PROBLEM_ID }) id: string, @Ctx() ctx: Context) {
    return problemsService.getProblem(ctx, id);
  }

  @Authorized()
  @Query(() => [JoinedProblem], {
    description: 'The viewer’s joined problems by priority, missing priority last.',
  })
  joinedProblems(@Ctx() ctx: Context) {
    return problemMembersService.joinedProblems(ctx);
  }

  @Query(() => [ProblemPart], {
    description: 'Parts of a problem in the order they were added.',
  })
  problemParts(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('type', () => ProblemPartTypeEnum, {
      nullable: true,
      description: 'Only parts of this kind; every part when omitted.',
    })
    type: string | null,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.listParts(ctx, problemId, type);
  }

  @Query(() => ProblemPart, { description: 'One part of a problem the viewer may read.' })
  problemPart(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('partId', () => ID, { description: PART_ID }) partId: string,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.getPart(ctx, problemId, partId);
  }

  @Query(() => [Measurement], {
    description: 'Measurements of a problem, newest first.',
  })
  measurements(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Ctx() ctx: Context,
  ) {
    return problemMeasurementsService.listMeasurements(ctx, problemId);
  }

  @Query(() => ProblemMemberPage, {
    description: 'People who joined the problem, newest first.',
  })
  async impacted(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Ctx() ctx: Context,
    @Arg('after', () => String, AFTER_ARG) after?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
  ): Promise<ProblemMemberPage> {
    const page = await problemMembersService.impacted(ctx, problemId, {
      after,
      first,
    });
    return connectionOf(page, (member) => ({
      user: member.anonymous ? ANONYMOUS_AUTHOR : authorView(member.user),
      joinedAt: member.joinedAt,
    }));
  }

  @Query(() => [AuthorType], {
    description:
      'Named authors of the published solutions linked to the problem, by display name (anonymous ones reveal nobody).',
  })
  async solvers(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Ctx() ctx: Context,
  ): Promise<AuthorType[]> {
    return (await problemMembersService.solvers(ctx, problemId)).map(authorView);
  }

  @Authorized()
  @Mutation(() => Problem, {
    description:
      'Sets the status (its author and members only); each change notifies the members and is kept in statusActivity.',
  })
  setProblemStatus(
    @Arg('id', () => ID, { description: PROBLEM_ID }) id: string,
    @Arg('status', () => ProblemStatusEnum, {
      description: 'The new status; the current one changes nothing.',
    })
    status: string,
    @Ctx() ctx: Context,
  ) {
    return problemStatusService.setProblemStatus(ctx, id, status);
  }

  @Authorized()
  @Mutation(() => Problem, {
    description:
      'Joins a problem (impacted by it) and watches it; joining again changes nothing. Members may change its status.',
  })
  joinProblem(@Arg('id', () => ID, { description: PROBLEM_ID }) id: string, @Ctx() ctx: Context) {
    return problemMembersService.joinProblem(ctx, id);
  }

  @Authorized()
  @Mutation(() => Problem, {
    description: 'Leaves a joined problem, keeping what the member said; CONFLICT when not joined.',
  })
  leaveProblem(
    @Arg('id', () => ID, { description: PROBLEM_ID }) id: string,
    @Arg('input', () => LeaveProblemInput, {
      nullable: true,
      description: 'What the member says on leaving; nothing when omitted.',
    })
    input: LeaveProblemInput | null,
    @Ctx() ctx: Context,
  ) {
    return problemMembersService.leaveProblem(ctx, id, input ?? {});
  }

  @Authorized()
  @Mutation(() => [JoinedProblem], {
    description: 'Sets priorities 1, 2, … in the given order.',
  })
  updateJoinedProblems(
    @Arg('problemIds', () => [ID], {
      description:
        'Joined problems in priority order, first = 1; joined problems left out lose their priority.',
    })
    problemIds: string[],
    @Ctx() ctx: Context,
  ) {
    return problemMembersService.updateJoinedProblems(ctx, problemIds);
  }

  @Authorized()
  @Mutation(() => ProblemPart, {
    description: 'Adds a part to a problem (its author and members only).',
  })
  addPart(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('input', () => ProblemPartInput, { description: 'The new part.' })
    input: ProblemPartInput,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.addPart(ctx, problemId, input);
  }

  @Authorized()
  @Mutation(() => ProblemPart, {
    description: "Replaces a part's fields (whoever added it and the problem's author only).",
  })
  updatePart(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('partId', () => ID, { description: PART_ID }) partId: string,
    @Arg('input', () => ProblemPartInput, {
      description: 'Every field of the part, as it should be.',
    })
    input: ProblemPartInput,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.updatePart(ctx, problemId, partId, input);
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description: "Deletes a part (whoever added it and the problem's author only); true once done.",
  })
  async deletePart(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('partId', () => ID, { description: PART_ID }) partId: string,
    @Ctx() ctx: Context,
  ) {
    await problemPartsService.deletePart(ctx, problemId, partId);
    return true;
  }

  @Authorized()
  @Mutation(() => Measurement, {
    description: 'Records a measurement of a problem (its author and members only).',
  })
  addMeasurement(
    @Arg('problemId', () => ID, { description: PROBLEM_ID }) problemId: string,
    @Arg('input', () => MeasurementInput, { description: 'The new measurement.' })
    input: MeasurementInput,
    @Ctx() ctx: Context,
  ) {
    return problemMeasurementsService.addMeasurement(ctx, problemId, input);
  }

  @Subscription(() => Problem, {
    description:
      'Problems of a space (the active space when omitted) as their status changes (kanban boards).',
    subscribe: ({ args, context }) =>
      problemLive.problemStatusChangesIn(context as Context, args.spaceId as string | undefined),
  })
  problemStatusChanged(
    @Root() problem: problemLive.LiveProblem,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: "The space to follow; the viewer's active space when omitted.",
    })
    _spaceId?: string,
  ): ProblemRow {
    return problem;
  }

  @FieldResolver(() => Location, { nullable: true, description: 'Its place; null when none.' })
  location(@Root() problem: ProblemRow): Location | null {
    return presentLocation(problem);
  }

  @FieldResolver(() => ProblemCounters, { description: "The problem's counts." })
  counters(@Root() problem: ProblemRow): ProblemCounters {
    return problemCounters(problem);
  }

  @FieldResolver(() => String, {
    description: 'The status colour (grey for an unknown status).',
  })
  color(@Root() problem: ProblemRow): string {
    return problemStatusColor(problem.status);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer joined it.',
  })
  joined(@Root() problem: ProblemRow, @Ctx() ctx: Context): Promise<boolean> {
    return problemMembersService.isJoined(ctx, problem);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may change the status, add parts and measurements.',
  })
  canChangeStatus(@Root() problem: ProblemRow, @Ctx() ctx: Context): Promise<boolean> {
    return problemMembersService.canChangeStatus(ctx, problem);
  }

  @FieldResolver(() => Date, { description: 'The moment to show relatively.' })
  when(@Root() problem: ProblemRow): Date {
    return problem.createdAt;
  }

  @FieldResolver(() => [Measurement], {
    name: 'measurements',
    description: 'Measurements, newest first.',
  })
  measurementsOf(@Root() problem: ProblemRow, @Ctx() ctx: Context) {
    return ctx.loaders.problemMeasurements.load(problem.id);
  }

  @FieldResolver(() => [ProblemStatusActivity], {
    description: 'Status changes, newest first.',
  })
  statusActivity(@Root() problem: ProblemRow, @Ctx() ctx: Context) {
    return problemStatusService.statusActivity(ctx, problem);
  }

  // Declared on each kind rather than once on the Post interface: type-graphql's inherited
  // interface field resolvers cost the feed a fifth of its throughput (docs/performance.md).
  @FieldResolver(() => AuthorType, { description: 'Anonymous for anonymous posts.' })
  author(@Root() post: ProblemRow, @Ctx() ctx: Context): AuthorType | Promise<AuthorType> {
    return postAuthor(ctx, post);
  }

  @FieldResolver(() => Boolean, {
    description: 'Whether the viewer may edit and delete it (the author only).',
  })
  canEdit(@Root() post: ProblemRow, @Ctx() ctx: Context): boolean {
    return canEditPost(ctx.viewer, post);
  }
}
