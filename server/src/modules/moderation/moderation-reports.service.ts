import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import {
  RATE_LIMITS,
  REPORTABLE_TYPES,
  reportInputSchema,
  reportStatusSchema,
  type ReportableType,
} from '@rules';
import { limitedWrite } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { reports, spaces } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import { parseItemPath } from '../posts/post-path';
import { requireViewer, requireWriter } from '../../auth/guards';
import {
  managesSpace,
  moderates,
  queueScope,
  record,
  requireModerates,
} from './moderation-access.service';
import { itemDetails, itemKey, reportedItem } from './moderation-report-items.service';
import { isSiteModerator, scopeOf } from './moderation.policy';

export type ReportRow = typeof reports.$inferSelect;

/** A report with what its card shows: its space, its item's route, excerpt and standing. */
export interface ReportView extends ReportRow {
  spaceName: string | null;
  /** The viewer moderates this report (sees the reporter, the real author, the excerpt). */
  moderated: boolean;
  route: string | null;
  itemExcerpt: string | null;
  itemHidden: boolean;
}

/** The site queue: reports on people and on items outside private spaces. */
const siteScopeSql = (): SQL =>
  or(
    isNull(reports.spaceId),
    sql`${reports.spaceId} in (select ${spaces.id} from ${spaces} where ${spaces.isPrivate} = false)`,
  )!;

const reportColumns = {
  report: reports,
  space: { name: spaces.name, isPrivate: spaces.isPrivate },
};

/** Report rows as their cards show them, for this viewer. */
async function reportViews(
  ctx: Context,
  rows: readonly { report: ReportRow; space: { name: string; isPrivate: boolean } | null }[],
): Promise<ReportView[]> {
  const details = await itemDetails(
    ctx.db,
    ctx.viewer,
    rows.map((row) => row.report),
  );
  const siteModerator = isSiteModerator(ctx.viewer);
  const managed = new Map<string, boolean>();
  for (const row of rows) {
    const spaceId = row.report.spaceId;
    if (spaceId && row.space?.isPrivate && !managed.has(spaceId) && ctx.viewer)
      managed.set(spaceId, await managesSpace(ctx.db, ctx.viewer.id, spaceId));
  }
  return rows.map(({ report, space }) => {
    const moderated =
      report.spaceId && space?.isPrivate ? managed.get(report.spaceId) === true : siteModerator;
    const item = details.get(itemKey(report.itemType, report.itemId));
    return {
      ...report,
      spaceName: space?.name ?? null,
      moderated,
      route: item?.route || null,
      // The reporter reads what they reported while they may still open it (not once it is
      // hidden, deleted or in a space they left); moderators always.
      itemExcerpt: moderated || item?.readable ? (item?.excerpt ?? null) : null,
      itemHidden: item?.hidden ?? false,
    };
  });
}

async function reportRow(db: DbOrTx, id: string) {
  const [row] = await db
    .select(reportColumns)
    .from(reports)
    .leftJoin(spaces, eq(spaces.id, reports.spaceId))
    .where(eq(reports.id, id));
  return row ?? null;
}

const reportScope = (row: { report: ReportRow; space: { isPrivate: boolean } | null }) =>
  scopeOf(row.report.spaceId && row.space ? { id: row.report.spaceId, ...row.space } : null);

// ---------------------------------------------------------------------------------------------
// Reporting

/** Reports still waiting for a decision: a second report by the same person updates the first. */
export const PENDING_STATUSES = ['open', 'reviewing'] as const;

/**
 * Reports a post, comment or person the reporter can see (NOT_FOUND otherwise). One pending
 * report per reporter and item: reporting it again while the first waits updates that report's
 * topics and comments instead of adding a second.
 */
export async function createReport(ctx: Context, input: unknown): Promise<ReportView> {
  const viewer = requireWriter(ctx);
  const data = parseInput(reportInputSchema, input);
  const item = await reportedItem(ctx, data.itemType, data.itemId);
  // Reports fill moderators' queue: limited per person (RATE_LIMITS.reportCreate).
  const id = await limitedWrite(
    ctx.db,
    'report-create',
    viewer.id,
    RATE_LIMITS.reportCreate,
    async (tx) => {
      // Two reports racing from one person on one item take turns, so only one is pending.
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtext(${`report:${viewer.id}:${data.itemType}:${data.itemId}`}))`,
      );
      const [pending] = await tx
        .select({ id: reports.id })
        .from(reports)
        .where(
          and(
            eq(reports.reporterId, viewer.id),
            eq(reports.itemType, data.itemType),
            eq(reports.itemId, data.itemId),
            inArray(reports.status, [...PENDING_STATUSES]),
          ),
        );
      if (pending) {
        await tx
          .update(reports)
          .set({ tags: data.tags, comments: data.comments, updatedAt: new Date() })
          .where(eq(reports.id, pending.id));
        return pending.id;
      }
      const [row] = await tx
        .insert(reports)
        .values({
          id: randomUUID(),
          reporterId: viewer.id,
          itemType: data.itemType,
          itemId: data.itemId,
          spaceId: item.spaceId,
          reportedAuthorId: item.authorId,
          isAnonymousPost: item.isAnonymousPost,
          tags: data.tags,
          comments: data.comments,
        })
        .returning({ id: reports.id });
      return row!.id;
    },
  );
  const [view] = await reportViews(ctx, [(await reportRow(ctx.db, id))!]);
  return view!;
}

/**
 * REST's `POST /reports`: `path` names the collection (`stories`, `users`, …) with the item in
 * `documentID`, or is the item's own path (`problems/{pid}/solutions/{sid}`, `…/comments/{cid}`).
 */
export function createReportAt(ctx: Context, body: Record<string, unknown>) {
  const { path, documentID, tags, comments: text } = body;
  const item =
    typeof path === 'string' && (REPORTABLE_TYPES as readonly string[]).includes(path)
      ? { itemType: path, itemId: documentID }
      : typeof path === 'string' && /^users\/[^/]+$/u.test(path)
        ? { itemType: 'users', itemId: path.slice('users/'.length) }
        : (({ type, id }) => ({ itemType: type, itemId: id }))(parseItemPath(path));
  return createReport(ctx, { ...item, tags, comments: text });
}

export interface ReportListInput {
  first?: number | null;
  after?: string | null;
}

async function reportPage(
  ctx: Context,
  where: SQL,
  input: ReportListInput,
): Promise<Page<ReportView>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select(reportColumns)
    .from(reports)
    .leftJoin(spaces, eq(spaces.id, reports.spaceId))
    .where(and(where, afterCursor(reports.createdAt, reports.id, cursor)))
    .orderBy(desc(reports.createdAt), desc(reports.id))
    .limit(size + 1);
  const page = toPage(rows, size, (row) => ({ value: row.report.createdAt, id: row.report.id }));
  return { ...page, items: await reportViews(ctx, page.items) };
}

/** The viewer's own reports, newest first. */
export async function myReports(ctx: Context, input: ReportListInput): Promise<Page<ReportView>> {
  const viewer = requireViewer(ctx);
  return reportPage(ctx, eq(reports.reporterId, viewer.id), input);
}

/** The moderation queue (see queueScope), newest first, optionally of one status. */
export async function reportQueue(
  ctx: Context,
  input: ReportListInput & { status?: string | null; spaceId?: string | null },
): Promise<Page<ReportView>> {
  const status = input.status ? parseInput(reportStatusSchema, input.status, 'status') : null;
  const scope = await queueScope(ctx, input.spaceId);
  return reportPage(
    ctx,
    and(
      scope.spaceId ? eq(reports.spaceId, scope.spaceId) : siteScopeSql(),
      status ? eq(reports.status, status) : undefined,
    )!,
    input,
  );
}

/**
 * REST's `GET /reports`: the queue for site moderators, everyone else's own reports (a private
 * space's owners ask for their space's queue with `spaceId`).
 */
export const reportsForRest = (
  ctx: Context,
  input: ReportListInput & { spaceId?: string | null; status?: string | null },
) =>
  isSiteModerator(requireViewer(ctx)) || input.spaceId
    ? reportQueue(ctx, input)
    : myReports(ctx, input);

/** One report: to its reporter and to whoever moderates it; NOT_FOUND to anyone else. */
export async function getReport(ctx: Context, id: string): Promise<ReportView> {
  const viewer = requireViewer(ctx);
  const row = await reportRow(ctx.db, id);
  if (!row) throw notFound();
  if (row.report.reporterId !== viewer.id && !(await moderates(ctx, reportScope(row))))
    throw notFound();
  return (await reportViews(ctx, [row]))[0]!;
}

/** The report, locked, that an action names; it must be about `item` when one is given. */
export async function lockReport(
  ctx: Context,
  tx: DbOrTx,
  id: string,
  item?: { type: ReportableType; id: string },
) {
  const row = await reportRow(tx, id);
  if (!row) throw notFound();
  await requireModerates(ctx, reportScope(row), tx);
  if (item && (row.report.itemType !== item.type || row.report.itemId !== item.id))
    throw notFound();
  await tx.select({ id: reports.id }).from(reports).where(eq(reports.id, id)).for('update');
  return row;
}

/** Sets a report's status (open, reviewing, resolved, dismissed); recorded with the new status. */
export async function setReportStatus(
  ctx: Context,
  id: string,
  status: unknown,
): Promise<ReportView> {
  const viewer = requireWriter(ctx);
  const next = parseInput(reportStatusSchema, status, 'status');
  await ctx.db.transaction(async (tx) => {
    const { report } = await lockReport(ctx, tx, id);
    await tx.update(reports).set({ status: next, updatedAt: new Date() }).where(eq(reports.id, id));
    await record(tx, viewer.id, 'status', {
      reportId: id,
      itemType: report.itemType,
      itemId: report.itemId,
      targetUserId: report.reportedAuthorId,
      note: next,
    });
  });
  return getReport(ctx, id);
}
