import {
  findFeedbackLoops,
  loopOptionsSchema,
  loopsThrough,
  MAP_PROGRESS_MAX_DAYS,
  MAP_PROGRESS_STATUSES,
  MAP_SOLVED_STATUS,
  type ProblemStatus,
} from '@rules';
import { asc, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import { problemStatusActivity } from '../../db/schema';
import { parseInput } from '../../errors';
import { buildGraph, filterWindow, graphProblems, mapScope } from './map-graph.service';
import { readableMap } from './map.service';

/** What a map's graph says over time (its s-curve) and in its links (its feedback loops). */

export interface MapProgressPoint {
  date: Date;
  solved: number;
  total: number;
  share: number;
}

const DAY_MS = 24 * 3600_000;
const dayStart = (time: number) => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * The s-curve of a map: for the problems its graph shows (the viewer's filters over the saved
 * ones), one point per day (UTC) over the filter's window, or from the first problem's creation
 * until today: `total` problems created by the end of that day, `solved` of them whose status was
 * solved then (from their status history), `share` = solved / total (0 with none).
 */
export async function mapProgress(
  ctx: Context,
  id: string,
  filters?: unknown,
): Promise<MapProgressPoint[]> {
  const map = await readableMap(ctx, id);
  const scope = mapScope(map, filters);
  const problems = await graphProblems(ctx, scope);
  const now = new Date();
  const window = filterWindow(scope.filters, now);
  const firstCreated = problems.reduce<number | null>(
    (first, problem) => Math.min(first ?? Infinity, problem.createdAt.getTime()),
    null,
  );
  const from = window.from?.getTime() ?? firstCreated;
  if (from === null) return [];
  const end = dayStart((window.to ?? now).getTime());
  const start = Math.max(dayStart(from), end - (MAP_PROGRESS_MAX_DAYS - 1) * DAY_MS);
  if (start > end) return [];
  const days = (end - start) / DAY_MS + 1;

  const history = problems.length
    ? await ctx.db
        .select({
          problemId: problemStatusActivity.problemId,
          fromStatus: problemStatusActivity.fromStatus,
          toStatus: problemStatusActivity.toStatus,
          createdAt: problemStatusActivity.createdAt,
        })
        .from(problemStatusActivity)
        .where(
          inArray(
            problemStatusActivity.problemId,
            problems.map((problem) => problem.id),
          ),
        )
        .orderBy(asc(problemStatusActivity.createdAt), asc(problemStatusActivity.id))
    : [];
  const changesOf = new Map<string, typeof history>();
  for (const change of history) {
    const changes = changesOf.get(change.problemId) ?? [];
    changes.push(change);
    changesOf.set(change.problemId, changes);
  }

  // Day by day changes of both counts; what happened before the first day counts on it.
  const totalSteps = new Array<number>(days).fill(0);
  const solvedSteps = new Array<number>(days).fill(0);
  const dayOf = (time: number) => Math.max(0, Math.floor((time - start) / DAY_MS));
  for (const problem of problems) {
    const created = problem.createdAt.getTime();
    const createdDay = dayOf(created);
    if (createdDay >= days) continue;
    const changes = changesOf.get(problem.id) ?? [];
    // Creation records no change: the status it started with is the first change's `from`.
    const initial = (changes[0]?.fromStatus ?? problem.status) as ProblemStatus;
    let solved = initial === MAP_SOLVED_STATUS;
    totalSteps[createdDay]! += 1;
    if (solved) solvedSteps[createdDay]! += 1;
    for (const change of changes) {
      const nowSolved = change.toStatus === MAP_SOLVED_STATUS;
      if (nowSolved === solved) continue;
      const day = dayOf(Math.max(change.createdAt.getTime(), created));
      if (day >= days) break;
      solvedSteps[day]! += nowSolved ? 1 : -1;
      solved = nowSolved;
    }
  }
  const points: MapProgressPoint[] = [];
  let total = 0;
  let solved = 0;
  for (let day = 0; day < days; day++) {
    total += totalSteps[day]!;
    solved += solvedSteps[day]!;
    points.push({
      date: new Date(start + day * DAY_MS),
      solved,
      total,
      share: total === 0 ? 0 : solved / total,
    });
  }
  return points;
}

export interface MapLoopView {
  nodes: string[];
  links: string[];
  polarity: string;
  throughProgress: boolean;
}

/**
 * The feedback loops of a map's custom links among the nodes its graph shows the viewer (links to
 * anything else are in no loop), each labelled R, B or U, and whether it passes a problem whose
 * status is solving or solved. The caps are at most the defaults, so no request stalls the server.
 */
export async function mapLoops(
  ctx: Context,
  id: string,
  options: { maxLength?: number | null; maxLoops?: number | null },
): Promise<{ loops: MapLoopView[]; truncated: boolean }> {
  const caps = parseInput(loopOptionsSchema, options);
  const map = await readableMap(ctx, id);
  const graph = await buildGraph(ctx, mapScope(map, null));
  const found = findFeedbackLoops(
    { nodes: graph.nodes.map((node) => node.key), links: map.links },
    { maxLength: caps.maxLength ?? undefined, maxLoops: caps.maxLoops ?? undefined },
  );
  const progressing = new Set(
    graph.nodes
      .filter((node) => (MAP_PROGRESS_STATUSES as readonly (string | null)[]).includes(node.status))
      .map((node) => node.key),
  );
  const through = new Set(loopsThrough(found.loops, progressing));
  return {
    truncated: found.truncated,
    loops: found.loops.map((loop) => ({ ...loop, throughProgress: through.has(loop) })),
  };
}
