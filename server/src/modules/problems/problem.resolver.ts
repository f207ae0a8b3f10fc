import { problemStatusColor } from '@rules';
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

@Resolver(() => Problem)
export class ProblemResolver extends PostWriteResolver(
  {
    name: 'Problem',
    type: Problem,
    createInput: CreateProblemInput,
    updateInput: UpdateProblemInput,
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
    })
    list: ProblemListKind,
    @Arg('orderBy', () => ProblemSortKind, {
      defaultValue: ProblemSortKind.recent,
    })
    orderBy: ProblemSortKind,
    @Arg('statuses', () => [String], {
      nullable: true,
      description: 'Only these statuses',
    })
    statuses?: string[],
    @Arg('timeRange', () => TimeRange, { nullable: true })
    timeRange?: TimeRange,
    @Arg('startDate', () => Date, { nullable: true }) startDate?: Date,
    @Arg('endDate', () => Date, { nullable: true }) endDate?: Date,
    @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string,
    @Arg('position', () => PositionInput, {
      nullable: true,
      description: "The viewer's position: needed by the location sort and the nearby filter.",
    })
    position?: PositionInput,
    @Arg('distance', () => DistanceFilter, { defaultValue: DistanceFilter.all })
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

  @Query(() => Problem)
  problem(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
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
    @Arg('problemId', () => ID) problemId: string,
    @Arg('type', () => String, {
      nullable: true,
      description: 'stakeholder, thing or process',
    })
    type: string | null,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.listParts(ctx, problemId, type);
  }

  @Query(() => ProblemPart)
  problemPart(
    @Arg('problemId', () => ID) problemId: string,
    @Arg('partId', () => ID) partId: string,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.getPart(ctx, problemId, partId);
  }

  @Query(() => [Measurement], {
    description: 'Measurements of a problem, newest first.',
  })
  measurements(@Arg('problemId', () => ID) problemId: string, @Ctx() ctx: Context) {
    return problemMeasurementsService.listMeasurements(ctx, problemId);
  }

  @Query(() => ProblemMemberPage, {
    description: 'People who joined the problem, newest first.',
  })
  async impacted(
    @Arg('problemId', () => ID) problemId: string,
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
    description: 'Authors of the solutions linked to the problem.',
  })
  async solvers(
    @Arg('problemId', () => ID) problemId: string,
    @Ctx() ctx: Context,
  ): Promise<AuthorType[]> {
    return (await problemMembersService.solvers(ctx, problemId)).map(authorView);
  }

  @Authorized()
  @Mutation(() => Problem, {
    description: 'The author and joined members may change the status.',
  })
  setProblemStatus(
    @Arg('id', () => ID) id: string,
    @Arg('status', () => String) status: string,
    @Ctx() ctx: Context,
  ) {
    return problemStatusService.setProblemStatus(ctx, id, status);
  }

  @Authorized()
  @Mutation(() => Problem)
  joinProblem(@Arg('id', () => ID) id: string, @Ctx() ctx: Context) {
    return problemMembersService.joinProblem(ctx, id);
  }

  @Authorized()
  @Mutation(() => Problem)
  leaveProblem(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => LeaveProblemInput, { nullable: true })
    input: LeaveProblemInput | null,
    @Ctx() ctx: Context,
  ) {
    return problemMembersService.leaveProblem(ctx, id, input ?? {});
  }

  @Authorized()
  @Mutation(() => [JoinedProblem], {
    description: 'Sets priorities 1, 2, … in the given order.',
  })
  updateJoinedProblems(@Arg('problemIds', () => [ID]) problemIds: string[], @Ctx() ctx: Context) {
    return problemMembersService.updateJoinedProblems(ctx, problemIds);
  }

  @Authorized()
  @Mutation(() => ProblemPart)
  addPart(
    @Arg('problemId', () => ID) problemId: string,
    @Arg('input', () => ProblemPartInput) input: ProblemPartInput,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.addPart(ctx, problemId, input);
  }

  @Authorized()
  @Mutation(() => ProblemPart)
  updatePart(
    @Arg('problemId', () => ID) problemId: string,
    @Arg('partId', () => ID) partId: string,
    @Arg('input', () => ProblemPartInput) input: ProblemPartInput,
    @Ctx() ctx: Context,
  ) {
    return problemPartsService.updatePart(ctx, problemId, partId, input);
  }

  @Authorized()
  @Mutation(() => Boolean)
  async deletePart(
    @Arg('problemId', () => ID) problemId: string,
    @Arg('partId', () => ID) partId: string,
    @Ctx() ctx: Context,
  ) {
    await problemPartsService.deletePart(ctx, problemId, partId);
    return true;
  }

  @Authorized()
  @Mutation(() => Measurement)
  addMeasurement(
    @Arg('problemId', () => ID) problemId: string,
    @Arg('input', () => MeasurementInput) input: MeasurementInput,
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
    @Arg('spaceId', () => ID, { nullable: true }) _spaceId?: string,
  ): ProblemRow {
    return problem;
  }

  @FieldResolver(() => Location, { nullable: true, description: 'Its place; null when none.' })
  location(@Root() problem: ProblemRow): Location | null {
    return presentLocation(problem);
  }

  @FieldResolver(() => ProblemCounters)
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
