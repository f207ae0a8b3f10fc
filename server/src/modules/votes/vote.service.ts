import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  RATE_LIMITS,
  VOTE_DIRECTIONS,
  VOTE_MESSAGES,
  voteFeedbackSchema,
  type VoteDirection,
} from '@rules';
import { z } from 'zod';
import { countWithin } from '../../auth/rate-limit';
import type { Context } from '../../context';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { solutions, solutionVotes, users } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { liveEngagementOf } from '../posts/engagement-columns';
import { notifyVote } from '../notifications/notification-events.service';
import { deliverNotifications } from '../notifications/notify.service';
import { parseItemPath } from '../posts/post-path';
import { engageablePost, postEngageableBy } from '../posts/post.service';
import type { SolutionRow } from '../solutions/solution.policy';
import { requireWriter } from '../../auth/guards';
import type { VoteRow } from './vote.loaders';
import { registerAccountRemover } from '../users/account-removers';

/**
 * Votes on solutions. Every vote write locks its solution's row first, so the writes on one
 * solution take turns: each reads the vote the one before it left and moves
 * `total_upvotes` / `total_downvotes` by exactly what changed, in the same transaction.
 */

const directionSchema = z.enum(VOTE_DIRECTIONS);

/**
 * A solution named by id (GraphQL) or by a REST body's `path` (`solutions/{id}` or
 * `problems/{pid}/solutions/{sid}`): the path is read after the sign-in check, so signed out is 401.
 */
export type SolutionTarget = { id: string } | { path: unknown };

function solutionIdOf(target: SolutionTarget): string {
  if ('id' in target) return target.id;
  const item = parseItemPath(target.path);
  if (item.type !== 'solutions') throw notFound();
  return item.id;
}

/**
 * The solution, if the viewer may engage with it, kept from being deleted until the write commits.
 * A key-share lock does not queue voters behind each other: they meet only at the counter update,
 * the write's last statement, so one solution's row is held for as short a time as can be.
 */
async function engageableSolutionKept(tx: DbOrTx, ctx: Context, id: string) {
  const [solution] = await tx
    .select()
    .from(solutions)
    .where(and(eq(solutions.id, id), postEngageableBy('solutions', ctx.viewer)))
    .for('key share');
  if (!solution) throw notFound();
  return solution;
}

/** What a vote change does to the counters: +1 for the new vote, -1 for the one it replaces. */
const counterSteps = (before: VoteDirection | null, after: VoteDirection | null) => ({
  up: (after === 'up' ? 1 : 0) - (before === 'up' ? 1 : 0),
  down: (after === 'down' ? 1 : 0) - (before === 'down' ? 1 : 0),
});

async function stepVoteCounters(
  tx: DbOrTx,
  solutionId: string,
  before: VoteDirection | null,
  after: VoteDirection | null,
): Promise<SolutionRow> {
  const step = counterSteps(before, after);
  const [row] = await tx
    .update(solutions)
    .set({
      totalUpvotes: sql`${solutions.totalUpvotes} + ${step.up}`,
      totalDownvotes: sql`${solutions.totalDownvotes} + ${step.down}`,
    })
    .where(eq(solutions.id, solutionId))
    .returning();
  return row!;
}

const voteOf = (solutionId: string, userId: string) =>
  and(eq(solutionVotes.solutionId, solutionId), eq(solutionVotes.userId, userId));

/** The viewer's vote, locked: the viewer's own requests on this solution take turns. */
async function lockedViewerVote(tx: DbOrTx, solutionId: string, userId: string) {
  const [vote] = await tx
    .select()
    .from(solutionVotes)
    .where(voteOf(solutionId, userId))
    .for('update');
  return vote ?? null;
}

/** The request's loader learns the vote this write left, so the answer shows it. */
function remember(ctx: Context, solutionId: string, vote: VoteRow | null) {
  ctx.loaders.myVoteBySolution.clear(solutionId).prime(solutionId, vote);
}

/**
 * Upvotes or downvotes a solution with optional feedback. Voting the way one already voted
 * changes no count; given feedback replaces the old one (absent feedback keeps it). Switching
 * replaces the vote: the other count steps down, the feedback is the new one (or none). Authors
 * may not vote on their own solutions.
 */
export async function castVote(
  ctx: Context,
  target: SolutionTarget,
  directionInput: unknown,
  feedbackInput: unknown,
): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const solutionId = solutionIdOf(target);
  const direction = parseInput(directionSchema, directionInput, 'direction');
  const feedback = parseInput(voteFeedbackSchema, feedbackInput, 'feedback');
  let eventId: string | undefined;
  const { solution, vote } = await ctx.db.transaction(async (tx) => {
    const kept = await engageableSolutionKept(tx, ctx, solutionId);
    if (kept.authorId === viewer.id) {
      throw new AppError('FORBIDDEN', VOTE_MESSAGES.ownSolution);
    }
    for (;;) {
      const previous = await lockedViewerVote(tx, solutionId, viewer.id);
      if (previous?.direction === direction) {
        if (feedback == null || feedback === previous.feedback) {
          return { solution: kept, vote: previous };
        }
        const [edited] = await tx
          .update(solutionVotes)
          .set({ feedback, updatedAt: new Date() })
          .where(voteOf(solutionId, viewer.id))
          .returning();
        return { solution: kept, vote: edited! };
      }
      // A new vote or a switch: either way a vote cast now (its `when`), with this feedback.
      const now = new Date();
      const cast = { direction, feedback: feedback ?? '', createdAt: now, updatedAt: now };
      const [written] = previous
        ? await tx.update(solutionVotes).set(cast).where(voteOf(solutionId, viewer.id)).returning()
        : await tx
            .insert(solutionVotes)
            .values({ solutionId, userId: viewer.id, ...cast })
            .onConflictDoNothing()
            .returning();
      // Nothing written: the viewer's other request voted first; read that vote and go again.
      if (!written) continue;
      const counted = await stepVoteCounters(
        tx,
        solutionId,
        previous?.direction ?? null,
        direction,
      );
      // A first vote tells the author; switching it does not tell them again. Only first votes
      // count against the limits: per person, and per solution (reset, vote again).
      if (!previous) {
        await countWithin(tx, 'vote', [
          { key: viewer.id, limit: RATE_LIMITS.vote },
          { key: `${viewer.id}:${solutionId}`, limit: RATE_LIMITS.votePerItem },
        ]);
        eventId = await notifyVote(tx, viewer.id, kept, direction);
      }
      return { solution: counted, vote: written };
    }
  });
  remember(ctx, solutionId, vote);
  deliverNotifications(ctx, eventId);
  return solution;
}

/** Reset Vote: clears either vote and steps its count down; without a vote it changes nothing. */
export async function resetVote(ctx: Context, target: SolutionTarget): Promise<SolutionRow> {
  const viewer = requireWriter(ctx);
  const solutionId = solutionIdOf(target);
  const solution = await ctx.db.transaction(async (tx) => {
    const kept = await engageableSolutionKept(tx, ctx, solutionId);
    const [removed] = await tx
      .delete(solutionVotes)
      .where(voteOf(solutionId, viewer.id))
      .returning({ direction: solutionVotes.direction });
    return removed ? stepVoteCounters(tx, solutionId, removed.direction, null) : kept;
  });
  remember(ctx, solutionId, null);
  return solution;
}

/**
 * The viewer's vote on a solution (null when none or signed out): from a live event's snapshot
 * when the solution came with one, else through the request's loader (one query per page).
 */
export function myVote(
  ctx: Context,
  solution: { id: string },
): VoteRow | null | Promise<VoteRow | null> {
  if (!ctx.viewer) return null;
  const live = liveEngagementOf(solution)?.voteBy;
  if (!live) return ctx.loaders.myVoteBySolution.load(solution.id);
  const vote = live[ctx.viewer.id];
  return vote
    ? {
        solutionId: solution.id,
        userId: ctx.viewer.id,
        direction: vote.direction,
        feedback: vote.feedback,
        createdAt: new Date(vote.createdAt),
        updatedAt: new Date(vote.updatedAt),
      }
    : null;
}

export interface VoterRow {
  id: string;
  displayName: string;
  photoURL: string;
  role: string;
  when: Date;
  feedback: string | null;
}

export interface VotersInput {
  solutionId: string;
  direction: unknown;
  after?: string | null;
  first?: number | null;
}

/**
 * The people who voted one way on a solution, latest vote first, keyset paged. Their feedback
 * is for the solution's author alone; everyone else gets null.
 */
export async function listVoters(ctx: Context, input: VotersInput): Promise<Page<VoterRow>> {
  const solution = await engageablePost(ctx, 'solutions', input.solutionId);
  const direction = parseInput(directionSchema, input.direction, 'direction');
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select({
      ...AUTHOR_COLUMNS,
      when: solutionVotes.createdAt,
      feedback: solutionVotes.feedback,
    })
    .from(solutionVotes)
    .innerJoin(users, eq(users.id, solutionVotes.userId))
    .where(
      and(
        eq(solutionVotes.solutionId, solution.id),
        eq(solutionVotes.direction, direction),
        afterCursor(solutionVotes.createdAt, solutionVotes.userId, cursor),
      ),
    )
    .orderBy(desc(solutionVotes.createdAt), desc(solutionVotes.userId))
    .limit(size + 1);
  const isAuthor = ctx.viewer?.id === solution.authorId;
  const voters = rows.map(({ photoUrl, feedback, ...voter }) => ({
    ...voter,
    photoURL: photoUrl ?? '',
    feedback: isAuthor ? feedback : null,
  }));
  return toPage(voters, size, (voter) => ({ value: voter.when, id: voter.id }));
}

/**
 * Removes every vote a user cast, taking each out of its solution's counters (an account's
 * deletion calls this in its transaction). The solutions are locked in id order first, as a vote
 * write locks its solution before its vote row.
 */
export async function removeVotesOf(tx: DbOrTx, userId: string): Promise<void> {
  const voted = tx
    .select({ solutionId: solutionVotes.solutionId })
    .from(solutionVotes)
    .where(eq(solutionVotes.userId, userId));
  await tx
    .select({ id: solutions.id })
    .from(solutions)
    .where(inArray(solutions.id, voted))
    .orderBy(asc(solutions.id))
    .for('no key update');
  const removed = await tx
    .delete(solutionVotes)
    .where(eq(solutionVotes.userId, userId))
    .returning({ solutionId: solutionVotes.solutionId, direction: solutionVotes.direction });
  removed.sort((a, b) => (a.solutionId < b.solutionId ? -1 : a.solutionId > b.solutionId ? 1 : 0));
  for (const vote of removed) await stepVoteCounters(tx, vote.solutionId, vote.direction, null);
}
registerAccountRemover('votes', removeVotesOf);
