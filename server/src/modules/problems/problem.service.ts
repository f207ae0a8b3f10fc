import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, getTableColumns, inArray, or, sql, type SQL } from 'drizzle-orm';
import {
  idSchema,
  leaveProblemSchema,
  measurementSchema,
  postDescriptionHtmlSchema,
  postFlagSchema,
  postTitleSchema,
  PROBLEM_MESSAGES,
  problemListSchema,
  problemPartSchema,
  type ProblemSort,
  problemStatusSchema,
  RATE_LIMITS,
  type TimeRangeInput,
} from '@rules';
import { countWithin, limitedWrite } from '../../auth/rate-limit';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import {
  afterCursor,
  decodeCursor,
  pageSize,
  toPage,
  type Cursor,
  type Page,
} from '../../db/keyset';
import {
  problemDepartures,
  problemMeasurements,
  problemParticipants,
  problemParts,
  problemSolutions,
  problemStatusActivity,
  problems,
  solutions,
  stories,
  users,
} from '../../db/schema';
import { timeRangeCondition } from '../../db/time-range';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import type { UserRow } from '../../graphql/loaders';
import { spaceReadableBy } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';
import {
  approvedAfterEdit,
  approvedWhenPosted,
  isPostPublished,
  type PostStanding,
  type StandingChange,
} from '../posts/post.policy';
import { keysetSorts } from '../posts/post-sort';
import {
  chordKeyset,
  fromChord,
  nearnessColumns,
  nearnessSql,
  nearestPage,
  nearestReadLimit,
  parseListPlace,
} from '../places/nearness';
import { cleanPostDescription } from '../posts/post-text';
import { removeQueuedFiles } from '../media/stored-files.service';
import { filesAfterEdit, filesOfNewPost, postFilesSchema } from '../posts/post-media';
import { locationColumnsOf, locationEdit, postLocationSchema } from '../posts/post-location';
import {
  notifyProblemListed,
  notifyStatusChange,
} from '../notifications/notification-events.service';
import { deliverNotifications, watch } from '../notifications/notify.service';
import { stepSolutionProblems } from '../solutions/solution-counters';
import { syncTagCounters, type TaggedState } from '../tags/tag-counters';
import { requireViewer, requireWriter } from '../users/user.service';
import { stepProblemParticipants } from './problem-counters';
import { participationKey } from './problem.loaders';
import {
  canEditPart,
  canEditProblem,
  canWorkOnProblem,
  problemListedFor,
  problemReadableBy,
  type ProblemPartRow,
  type ProblemRow,
} from './problem.policy';

export type MeasurementRow = typeof problemMeasurements.$inferSelect;

const createSchema = z.object({
  name: postTitleSchema,
  description: postDescriptionHtmlSchema,
  isAnonymousPost: postFlagSchema,
  isDraft: postFlagSchema,
  spaceId: idSchema.nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const updateSchema = z.object({
  name: postTitleSchema.optional(),
  description: postDescriptionHtmlSchema.optional(),
  isAnonymousPost: z.boolean().nullish(),
  isDraft: z.boolean().nullish(),
  files: postFilesSchema,
  location: postLocationSchema,
});

const tagState = (problem: ProblemRow): TaggedState => ({
  spaceId: problem.spaceId,
  tags: problem.tags,
  listed: isPostPublished(problem),
});

// ---------------------------------------------------------------------------------------------
// Create, edit, delete

export async function createProblem(ctx: Context, input: unknown): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  const space = await resolveActiveSpace(ctx, data.spaceId);

  let eventId: string | undefined;
  const created = await limitedWrite(
    ctx.db,
    'problem-create',
    viewer.id,
    RATE_LIMITS.problemCreate,
    async (tx) => {
      const now = new Date();
      const id = randomUUID();
      const [row] = await tx
        .insert(problems)
        .values({
          id,
          spaceId: space.id,
          authorId: viewer.id,
          name: data.name,
          description: html,
          tags,
          isAnonymousPost: data.isAnonymousPost,
          isDraft: data.isDraft,
          isApproved: approvedWhenPosted(data.isAnonymousPost),
          // Spec: a created problem is marked joined, so its author is its first participant.
          totalParticipants: 1,
          statusUpdatedAt: now,
          createdAt: now,
          files: await filesOfNewPost(
            tx,
            viewer,
            { type: 'problems', id, spaceId: space.id },
            data.files,
          ),
          ...locationColumnsOf(data.location ?? null),
        })
        .returning();
      // joinedAt in whole milliseconds, like the cursors that page the impacted list.
      await tx
        .insert(problemParticipants)
        .values({ problemId: row!.id, userId: viewer.id, joinedAt: now });
      await syncTagCounters(tx, 'problems', null, tagState(row!));
      if (isPostPublished(row!)) eventId = await notifyProblemListed(tx, row!);
      return row!;
    },
  );
  deliverNotifications(ctx, eventId);
  return created;
}

/**
 * A problem the viewer may read, or NOT_FOUND (exactly like a missing one). Stories and solutions
 * check the problems they attach to with this, so one rule decides.
 */
export async function readableProblem(
  ctx: Context,
  id: string,
  db: DbOrTx = ctx.db,
): Promise<ProblemRow> {
  const [problem] = await db
    .select()
    .from(problems)
    .where(and(eq(problems.id, id), problemReadableBy(ctx.viewer)));
  if (!problem) throw notFound();
  return problem;
}

/**
 * The problem as this write finds it, locked until the write commits, so concurrent writes to it
 * take turns. Readable first (an author who can no longer read its space is refused as if it were
 * missing), then editable by the viewer. `strength` is `update` for a delete.
 */
async function lockEditable(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  strength: 'update' | 'no key update',
): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const [problem] = await tx
    .select()
    .from(problems)
    .where(and(eq(problems.id, id), problemReadableBy(viewer)))
    .for(strength);
  if (!problem) throw notFound();
  if (!canEditProblem(viewer, problem)) throw forbidden();
  return problem;
}

export async function updateProblem(ctx: Context, id: string, input: unknown): Promise<ProblemRow> {
  const data = parseInput(updateSchema, input);

  let eventId: string | undefined;
  const updated = await ctx.db.transaction(async (tx) => {
    const before = await lockEditable(tx, ctx, id, 'no key update');
    const name = data.name ?? before.name;
    const cleaned = cleanPostDescription(name, data.description ?? before.description);
    const isAnonymousPost = data.isAnonymousPost ?? before.isAnonymousPost;
    const files = await filesAfterEdit(tx, 'problems', before, before.spaceId, data.files);
    const [row] = await tx
      .update(problems)
      .set({
        name,
        description: cleaned.html,
        tags: cleaned.tags,
        ...(files && { files }),
        ...locationEdit(data.location),
        isDraft: data.isDraft ?? before.isDraft,
        isAnonymousPost,
        isApproved: approvedAfterEdit(before, isAnonymousPost),
        updatedAt: new Date(),
      })
      .where(eq(problems.id, id))
      .returning();
    await syncTagCounters(tx, 'problems', tagState(before), tagState(row!));
    if (!isPostPublished(before) && isPostPublished(row!))
      eventId = await notifyProblemListed(tx, row!);
    return row!;
  });
  await removeQueuedFiles(ctx);
  deliverNotifications(ctx, eventId);
  return updated;
}

/**
 * Deletes the problems `where` selects, in the caller's transaction, and takes them out of every
 * counter. Their memberships, parts, measurements, stories and solution links go by cascade; the
 * stories count nowhere else (a story posted to a problem counts in no tag counter) and the
 * linked solutions count one problem fewer each. Locks go in the order every other write takes
 * them: the problems' stories and linked solutions first (those writes lock their item before its
 * problem), then the problems; `check` sees the locked problems before anything is deleted.
 */
export async function removeProblems(
  tx: DbOrTx,
  where: SQL,
  check: (locked: ProblemRow[]) => void = () => {},
): Promise<ProblemRow[]> {
  const selected = sql`(select ${problems.id} from ${problems} where ${where})`;
  await tx
    .select({ id: stories.id })
    .from(stories)
    .where(sql`${stories.problemId} in ${selected}`)
    .orderBy(asc(stories.id))
    .for('update');
  await tx
    .select({ id: solutions.id })
    .from(solutions)
    .where(
      sql`${solutions.id} in (select ${problemSolutions.solutionId} from ${problemSolutions} where ${problemSolutions.problemId} in ${selected})`,
    )
    .orderBy(asc(solutions.id))
    .for('no key update');
  const locked = await tx
    .select()
    .from(problems)
    .where(where)
    .orderBy(asc(problems.id))
    .for('update');
  check(locked);
  if (locked.length === 0) return [];
  const ids = locked.map((problem) => problem.id);
  // Read under the problems' locks: no link to them can be added or removed until this commits.
  const links = await tx
    .select({ solutionId: problemSolutions.solutionId })
    .from(problemSolutions)
    .where(inArray(problemSolutions.problemId, ids));
  await tx.delete(problems).where(inArray(problems.id, ids));
  const steps = new Map<string, number>();
  for (const { solutionId } of links) steps.set(solutionId, (steps.get(solutionId) ?? 0) - 1);
  await stepSolutionProblems(tx, steps);
  for (const problem of locked) await syncTagCounters(tx, 'problems', tagState(problem), null);
  return locked;
}

/** Of parallel deletes of one problem, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteProblem(ctx: Context, id: string): Promise<void> {
  const viewer = requireWriter(ctx);
  await ctx.db.transaction((tx) =>
    removeProblems(tx, and(eq(problems.id, id), problemReadableBy(viewer))!, ([problem]) => {
      if (!problem) throw notFound();
      if (!canEditProblem(viewer, problem)) throw forbidden();
    }),
  );
  await removeQueuedFiles(ctx);
}

export function getProblem(ctx: Context, id: string): Promise<ProblemRow> {
  return readableProblem(ctx, id);
}

// ---------------------------------------------------------------------------------------------
// Viewer state

export async function isJoined(ctx: Context, problem: Pick<ProblemRow, 'id'>): Promise<boolean> {
  if (!ctx.viewer) return false;
  return !!(await ctx.loaders.problemParticipation.load(
    participationKey(ctx.viewer.id, problem.id),
  ));
}

/**
 * Whether the viewer may change the problem's status (and add its parts and measurements): the
 * rule `requireWorker` enforces, offered to clients as `canChangeStatus` on a problem and on a
 * map's problem nodes (the kanban's cards). Memberships load through the request's loader, so a
 * whole board costs one query.
 */
export async function canChangeStatus(
  ctx: Context,
  problem: Pick<ProblemRow, 'id' | 'authorId'>,
): Promise<boolean> {
  return canWorkOnProblem(ctx.viewer, problem, await isJoined(ctx, problem));
}

async function requireWorker(ctx: Context, id: string): Promise<ProblemRow> {
  requireWriter(ctx);
  const problem = await readableProblem(ctx, id);
  if (!(await canChangeStatus(ctx, problem))) throw forbidden();
  return problem;
}

export async function statusActivity(ctx: Context, problem: ProblemRow) {
  return ctx.loaders.problemStatusActivity.load(problem.id);
}

// ---------------------------------------------------------------------------------------------
// Status, join and leave

/** Records when and by whom the status changed; the same status again changes nothing. */
export async function setProblemStatus(
  ctx: Context,
  id: string,
  status: unknown,
): Promise<ProblemRow> {
  const next = parseInput(problemStatusSchema, status, 'status');
  const viewer = requireWriter(ctx);
  await requireWorker(ctx, id);
  let eventId: string | undefined;
  let moved = false;
  const changed = await ctx.db.transaction(async (tx) => {
    // Locked, so two clicks on one status record one change, from the status it really had.
    const [problem] = await tx
      .select()
      .from(problems)
      .where(eq(problems.id, id))
      .for('no key update');
    if (!problem) throw notFound();
    if (problem.status === next) return problem;
    moved = true;
    // Only a real change counts: it notifies the participants and stays in the history.
    await countWithin(tx, 'problem-status', [
      { key: viewer.id, limit: RATE_LIMITS.problemStatus },
      { key: `${viewer.id}:${id}`, limit: RATE_LIMITS.problemStatusPerProblem },
    ]);
    const now = new Date();
    const [row] = await tx
      .update(problems)
      .set({ status: next, statusUpdatedAt: now, updatedAt: now })
      .where(eq(problems.id, id))
      .returning();
    await tx.insert(problemStatusActivity).values({
      id: randomUUID(),
      problemId: id,
      actorId: viewer.id,
      fromStatus: problem.status,
      toStatus: next,
      createdAt: now,
    });
    eventId = await notifyStatusChange(tx, viewer.id, row!);
    return row!;
  });
  deliverNotifications(ctx, eventId);
  // Kanban boards of the space move the card (problem-live.service.ts).
  if (moved) ctx.pubsub.publish('problemStatus', changed.spaceId, { problemId: id });
  return changed;
}

export async function joinProblem(ctx: Context, id: string): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  await readableProblem(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(problemParticipants)
      .values({ problemId: id, userId: viewer.id, joinedAt: new Date() })
      .onConflictDoNothing()
      .returning({ problemId: problemParticipants.problemId });
    await stepProblemParticipants(
      tx,
      inserted.map((row) => row.problemId),
      1,
    );
    await watch(tx, viewer.id, { type: 'problems', id });
    ctx.loaders.problemParticipation.clear(participationKey(viewer.id, id));
    return await readableProblem(ctx, id, tx);
  });
}

/** Leaving keeps what the member said (emoji, comment, the upvoted solutions they confirmed). */
export async function leaveProblem(ctx: Context, id: string, input: unknown): Promise<ProblemRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(leaveProblemSchema, input ?? {});
  await readableProblem(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(problemParticipants)
      .where(and(eq(problemParticipants.problemId, id), eq(problemParticipants.userId, viewer.id)))
      .returning({ problemId: problemParticipants.problemId });
    if (!removed.length) throw new AppError('CONFLICT', PROBLEM_MESSAGES.notJoined);
    await stepProblemParticipants(
      tx,
      removed.map((row) => row.problemId),
      -1,
    );
    await tx.insert(problemDepartures).values({
      id: randomUUID(),
      problemId: id,
      userId: viewer.id,
      emoji: data.emoji,
      leavingComment: data.leavingComment,
      solutions: data.solutions,
    });
    ctx.loaders.problemParticipation.clear(participationKey(viewer.id, id));
    return readableProblem(ctx, id, tx);
  });
}

export interface JoinedProblem {
  id: string;
  name: string;
  priority: number | null;
}

/** The viewer's joined problems they can still read, by priority; those without one come last. */
export async function joinedProblems(ctx: Context): Promise<JoinedProblem[]> {
  const viewer = requireViewer(ctx);
  return ctx.db
    .select({
      id: problems.id,
      name: problems.name,
      priority: problemParticipants.priority,
    })
    .from(problemParticipants)
    .innerJoin(problems, eq(problems.id, problemParticipants.problemId))
    .where(and(eq(problemParticipants.userId, viewer.id), problemReadableBy(viewer)))
    .orderBy(
      sql`${problemParticipants.priority} asc nulls last`,
      desc(problemParticipants.joinedAt),
      asc(problems.id),
    );
}

const prioritiesSchema = z.array(idSchema).max(1000);

/**
 * Priorities follow the given order (1, 2, …); joined problems left out lose theirs and go last.
 * Every id must be a problem the viewer joined and can read.
 */
export async function updateJoinedProblems(
  ctx: Context,
  problemIds: unknown,
): Promise<JoinedProblem[]> {
  const viewer = requireViewer(ctx);
  const ids = [...new Set(parseInput(prioritiesSchema, problemIds, 'problemIds'))];
  const joined = new Set((await joinedProblems(ctx)).map((problem) => problem.id));
  if (ids.some((id) => !joined.has(id))) {
    throw new AppError('BAD_USER_INPUT', PROBLEM_MESSAGES.prioritiesNotJoined, {
      field: 'problemIds',
    });
  }
  await ctx.db.transaction(async (tx) => {
    // Only problems the viewer can still read: nothing in a space they left or were blocked from.
    await tx
      .update(problemParticipants)
      .set({ priority: null })
      .where(
        and(
          eq(problemParticipants.userId, viewer.id),
          inArray(problemParticipants.problemId, [...joined]),
        ),
      );
    for (const [index, problemId] of ids.entries()) {
      await tx
        .update(problemParticipants)
        .set({ priority: index + 1 })
        .where(
          and(
            eq(problemParticipants.userId, viewer.id),
            eq(problemParticipants.problemId, problemId),
          ),
        );
    }
  });
  return joinedProblems(ctx);
}

// ---------------------------------------------------------------------------------------------
// Lists

/** A problems list as a transport received it; listProblems parses it by problemListSchema. */
export interface ProblemListInput extends TimeRangeInput {
  list?: string | null;
  orderBy?: string | null;
  statuses?: readonly string[] | null;
  spaceId?: string | null;
  /** The viewer's position: needed by the 'location' sort and the nearby filter. */
  position?: { lat: number; lng: number } | null;
  /** 'nearby': only problems within NEARBY_RADIUS_KM of `position`. */
  distance?: string | null;
  after?: string | null;
  first?: number | null;
}

/** A listed problem; lists given a position add its distance (`chord` orders the location sort). */
export type ListedProblem = ProblemRow & { distanceKm: number | null; chord: number | null };

const problemSort = keysetSorts<typeof problems, Exclude<ProblemSort, 'location'>>(problems, {
  recent: 'createdAt',
  recentStatus: 'statusUpdatedAt',
  participants: 'totalParticipants',
  solutions: 'totalSolutions',
  stories: 'totalStories',
});

function statusFilter(statuses: readonly string[] | null | undefined): SQL | undefined {
  if (!statuses?.length) return undefined;
  const valid = statuses.map((status) => parseInput(problemStatusSchema, status, 'statuses'));
  return inArray(problems.status, valid);
}

/**
 * recent and solving list the active space; myproblems (the viewer's own, drafts included) and
 * mypriorities (joined, in the viewer's order) span every space the viewer can read. The location
 * sort lists located problems nearest to the viewer's position first, keyset on (chord distance,
 * id); the nearby filter keeps problems within NEARBY_RADIUS_KM, in any list.
 */
export async function listProblems(
  ctx: Context,
  input: ProblemListInput,
): Promise<Page<ProblemRow | ListedProblem>> {
  const { list, orderBy: sort } = parseInput(problemListSchema, input);
  const size = pageSize(input.first);
  const place = parseListPlace({
    orderBy: input.orderBy,
    position: input.position,
    distance: input.distance,
  });
  const near = place.position && nearnessSql(problems, place.position);
  const filters = and(
    statusFilter(input.statuses),
    timeRangeCondition(problems.createdAt, input),
    place.nearby && near ? near.nearby : undefined,
  );

  // Priorities are ranks (numbers) whatever orderBy says.
  if (list === 'mypriorities')
    return listPriorities(ctx, size, decodeCursor(input.after, 'count'), filters);

  let scope: SQL;
  if (list === 'recent' || list === 'solving') {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    scope = and(eq(problems.spaceId, space.id), problemListedFor(ctx.viewer))!;
    if (list === 'solving') scope = and(scope, eq(problems.status, 'solving'))!;
  } else {
    const viewer = requireViewer(ctx);
    scope = and(eq(problems.authorId, viewer.id), problemReadableBy(viewer))!;
  }

  const columns = { ...getTableColumns(problems), ...nearnessColumns(problems, place.position) };
  if (sort === 'location') {
    // Nearest first: ordered by the chord alone, as the GiST index answers it (KNN); ties are put
    // in id order by nearestPage. parseListPlace made sure there is a position.
    const { chord, located } = near!;
    const cursor = decodeCursor(input.after, chordKeyset.kind);
    const rows = await ctx.db
      .select(columns)
      .from(problems)
      .where(and(scope, filters, located, cursor ? fromChord(chord, cursor) : undefined))
      .orderBy(asc(chord))
      .limit(nearestReadLimit(size));
    return toPage(nearestPage(rows, nearestReadLimit(size), cursor), size, chordKeyset.cursorOf);
  }

  const { column, kind, cursorOf } = problemSort(sort);
  const cursor = decodeCursor(input.after, kind);
  const rows = await ctx.db
    .select(columns)
    .from(problems)
    .where(and(scope, filters, afterCursor(column, problems.id, cursor)))
    .orderBy(desc(column), desc(problems.id))
    .limit(size + 1);
  return toPage(rows, size, cursorOf);
}

/** A missing priority sorts after every set one. */
const UNSET_PRIORITY = 2_147_483_647;

async function listPriorities(
  ctx: Context,
  size: number,
  cursor: Cursor | null,
  filters: SQL | undefined,
) {
  const viewer = requireViewer(ctx);
  const rank = sql<number>`coalesce(${problemParticipants.priority}, ${UNSET_PRIORITY})`;
  const after = cursor
    ? or(
        sql`${rank} > ${cursor.value}`,
        and(sql`${rank} = ${cursor.value}`, sql`${problems.id} > ${cursor.id}`),
      )
    : undefined;
  const rows = await ctx.db
    .select({ problem: problems, rank })
    .from(problemParticipants)
    .innerJoin(problems, eq(problems.id, problemParticipants.problemId))
    .where(
      and(eq(problemParticipants.userId, viewer.id), problemReadableBy(viewer), filters, after),
    )
    .orderBy(asc(rank), asc(problems.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: Number(row.rank),
    id: row.problem.id,
  }));
  return { items: page.items.map((row) => row.problem), last: page.last };
}

// ---------------------------------------------------------------------------------------------
// People: impacted (joined) and solvers

export interface ProblemPerson {
  user: UserRow | null;
  /** Shown as Anonymous: the anonymous author of the problem. */
  anonymous: boolean;
  joinedAt: Date;
}

/** People who joined the problem, newest first; its anonymous author stays Anonymous here too. */
export async function impacted(
  ctx: Context,
  problemId: string,
  options: { after?: string | null; first?: number | null },
): Promise<Page<ProblemPerson>> {
  const problem = await readableProblem(ctx, problemId);
  const size = pageSize(options.first);
  const cursor = decodeCursor(options.after, 'date');
  const rows = await ctx.db
    .select({ user: users, joinedAt: problemParticipants.joinedAt })
    .from(problemParticipants)
    .innerJoin(users, eq(users.id, problemParticipants.userId))
    .where(
      and(
        eq(problemParticipants.problemId, problemId),
        afterCursor(problemParticipants.joinedAt, problemParticipants.userId, cursor),
      ),
    )
    .orderBy(desc(problemParticipants.joinedAt), desc(problemParticipants.userId))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({
    value: row.joinedAt,
    id: row.user.id,
  }));
  return {
    last: page.last,
    items: page.items.map((row) => ({
      user: row.user,
      anonymous: problem.isAnonymousPost && row.user.id === problem.authorId,
      joinedAt: row.joinedAt,
    })),
  };
}

/**
 * Distinct authors of the published solutions linked to the problem; anonymous solutions reveal
 * nobody. Solutions in spaces the viewer cannot read do not count.
 */
export async function solvers(ctx: Context, problemId: string): Promise<UserRow[]> {
  await readableProblem(ctx, problemId);
  const rows = await ctx.db
    .selectDistinctOn([users.id], { user: users })
    .from(problemSolutions)
    .innerJoin(solutions, eq(solutions.id, problemSolutions.solutionId))
    .innerJoin(users, eq(users.id, solutions.authorId))
    .where(
      and(
        eq(problemSolutions.problemId, problemId),
        eq(solutions.isDraft, false),
        eq(solutions.isApproved, true),
        eq(solutions.isHidden, false),
        eq(solutions.isAnonymousPost, false),
        spaceReadableBy(ctx.viewer, solutions.spaceId),
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((row) => row.user).sort((a, b) => a.displayName.localeCompare(b.displayName));
}

// ---------------------------------------------------------------------------------------------
// Parts

/** Parts and measurements a person adds count against one limit (RATE_LIMITS.problemDetailAdd). */
const DETAIL_BUCKET = 'problem-detail';

/** A part with whether the viewer may change it. */
export type PartView = ProblemPartRow & { canEdit: boolean };

export async function addPart(ctx: Context, problemId: string, input: unknown): Promise<PartView> {
  const viewer = requireWriter(ctx);
  const data = parseInput(problemPartSchema, input);
  await requireWorker(ctx, problemId);
  const [row] = await limitedWrite(
    ctx.db,
    DETAIL_BUCKET,
    viewer.id,
    RATE_LIMITS.problemDetailAdd,
    (tx) =>
      tx
        .insert(problemParts)
        .values({ id: randomUUID(), problemId, authorId: viewer.id, ...data })
        .returning(),
  );
  return { ...row!, canEdit: true };
}

async function findPart(ctx: Context, problemId: string, partId: string) {
  const problem = await readableProblem(ctx, problemId);
  const [part] = await ctx.db
    .select()
    .from(problemParts)
    .where(and(eq(problemParts.problemId, problemId), eq(problemParts.id, partId)));
  if (!part) throw notFound();
  return { problem, part };
}

export async function getPart(ctx: Context, problemId: string, partId: string): Promise<PartView> {
  const { problem, part } = await findPart(ctx, problemId, partId);
  return { ...part, canEdit: canEditPart(ctx.viewer, problem, part) };
}

export async function updatePart(
  ctx: Context,
  problemId: string,
  partId: string,
  input: unknown,
): Promise<PartView> {
  const viewer = requireWriter(ctx);
  const data = parseInput(problemPartSchema, input);
  const { problem, part } = await findPart(ctx, problemId, partId);
  if (!canEditPart(viewer, problem, part)) throw forbidden();
  const [row] = await ctx.db
    .update(problemParts)
    .set(data)
    .where(eq(problemParts.id, partId))
    .returning();
  if (!row) throw notFound();
  return { ...row, canEdit: true };
}

export async function deletePart(ctx: Context, problemId: string, partId: string): Promise<void> {
  const viewer = requireWriter(ctx);
  const { problem, part } = await findPart(ctx, problemId, partId);
  if (!canEditPart(viewer, problem, part)) throw forbidden();
  // Of parallel deletes, the one that removed the row succeeds; the others find it gone.
  const removed = await ctx.db
    .delete(problemParts)
    .where(eq(problemParts.id, partId))
    .returning({ id: problemParts.id });
  if (removed.length === 0) throw notFound();
}

/** Parts of a problem in the order they were added, optionally of one type. */
export async function listParts(
  ctx: Context,
  problemId: string,
  type?: string | null,
): Promise<PartView[]> {
  const problem = await readableProblem(ctx, problemId);
  const typeFilter = type
    ? eq(problemParts.type, parseInput(problemPartSchema.shape.type, type, 'type'))
    : undefined;
  const rows = await ctx.db
    .select()
    .from(problemParts)
    .where(and(eq(problemParts.problemId, problemId), typeFilter))
    .orderBy(asc(problemParts.createdAt), asc(problemParts.id));
  return rows.map((part) => ({
    ...part,
    canEdit: canEditPart(ctx.viewer, problem, part),
  }));
}

// ---------------------------------------------------------------------------------------------
// Measurements

export async function addMeasurement(
  ctx: Context,
  problemId: string,
  input: unknown,
): Promise<MeasurementRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(measurementSchema, input);
  await requireWorker(ctx, problemId);
  const [row] = await limitedWrite(
    ctx.db,
    DETAIL_BUCKET,
    viewer.id,
    RATE_LIMITS.problemDetailAdd,
    (tx) =>
      tx
        .insert(problemMeasurements)
        .values({
          id: randomUUID(),
          problemId,
          authorId: viewer.id,
          name: data.name,
          value: data.value,
          unit: data.unit,
          note: data.note,
          measuredAt: data.measuredAt ?? new Date(),
        })
        .returning(),
  );
  return row!;
}

/** Newest first (by when it was measured, then when it was recorded). */
export async function listMeasurements(ctx: Context, problemId: string): Promise<MeasurementRow[]> {
  await readableProblem(ctx, problemId);
  return ctx.db
    .select()
    .from(problemMeasurements)
    .where(eq(problemMeasurements.problemId, problemId))
    .orderBy(
      desc(problemMeasurements.measuredAt),
      desc(problemMeasurements.createdAt),
      desc(problemMeasurements.id),
    );
}

/**
 * A moderator hides, restores or approves a problem (the moderation service checked who may), in
 * the caller's transaction, moving its tag counters as an edit does. Null when it is gone.
 */
export async function changeProblemStanding(
  tx: DbOrTx,
  ctx: Context,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<ProblemRow> | null> {
  const [before] = await tx.select().from(problems).where(eq(problems.id, id)).for('update');
  if (!before) return null;
  const [after] = await tx.update(problems).set(standing).where(eq(problems.id, id)).returning();
  await syncTagCounters(tx, 'problems', tagState(before), tagState(after!));
  // A problem that became listed (an approved anonymous problem) alerts as on publishing; problems
  // have no live list of their own.
  const becameListed = !isPostPublished(before) && isPostPublished(after!);
  const eventId = becameListed ? await notifyProblemListed(tx, after!) : null;
  return { before, after: after!, announce: () => deliverNotifications(ctx, eventId) };
}
