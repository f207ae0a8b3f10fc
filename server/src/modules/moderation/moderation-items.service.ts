import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  htmlToPlainText,
  idSchema,
  type ModerateItemAction,
  moderateItemActionSchema,
  REPORT_MESSAGES,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { comments, problems, reports, skills, solutions, spaces, stories } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { changeCommentHidden } from '../comments/comment.service';
import { parseItemPath, type PostType } from '../posts/post-path';
import type { PostStanding, StandingChange } from '../posts/post.policy';
import { changeProblemStanding } from '../problems/problem.service';
import { changeSkillStanding } from '../skills/skill.service';
import { changeSolutionStanding } from '../solutions/solution.service';
import { changeStoryStanding } from '../stories/story.service';
import { requireWriter } from '../../auth/guards';
import { queueScope, record, requireModerates } from './moderation-access.service';
import { PENDING_STATUSES, lockReport, type ReportListInput } from './moderation-reports.service';
import { excerptOf, itemRoute, scopeOf } from './moderation.policy';

/** An anonymous post waiting for approval, as the queue lists it. */
export interface PendingPostView {
  itemType: PostType;
  itemId: string;
  route: string;
  excerpt: string;
  authorId: string;
  spaceId: string;
  spaceName: string;
  createdAt: Date;
}

/** What each action does to a post's standing. */
const STANDING: Record<ModerateItemAction, PostStanding> = {
  hide: { isHidden: true },
  restore: { isHidden: false },
  approve: { isApproved: true, isHidden: false },
  // A rejected post stays unapproved and is hidden: its author sees it marked, nobody else.
  reject: { isApproved: false, isHidden: true },
};

const POST_TABLES = { stories, problems, solutions, skills } as const;

/** The item's space (to know who moderates it) and author, whatever its standing. */
async function itemForModeration(db: DbOrTx, type: 'comments' | PostType, id: string) {
  const table = type === 'comments' ? comments : POST_TABLES[type];
  const [row] = await db
    .select({
      authorId: table.authorId,
      space: { id: spaces.id, isPrivate: spaces.isPrivate },
    })
    .from(table)
    .innerJoin(spaces, eq(spaces.id, table.spaceId))
    .where(eq(table.id, id));
  return row ?? null;
}

function changeStanding(
  tx: DbOrTx,
  ctx: Context,
  type: 'comments' | PostType,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<unknown> | null> {
  switch (type) {
    case 'stories':
      return changeStoryStanding(tx, ctx, id, standing);
    case 'problems':
      return changeProblemStanding(tx, ctx, id, standing);
    case 'solutions':
      return changeSolutionStanding(tx, ctx, id, standing);
    case 'skills':
      return changeSkillStanding(tx, id, standing);
    case 'comments':
      return changeCommentHidden(tx, ctx, id, standing.isHidden ?? false);
  }
}

const moderateItemSchema = z.object({
  action: moderateItemActionSchema,
  itemType: z.enum(['stories', 'problems', 'solutions', 'skills', 'comments', 'users'], {
    error: REPORT_MESSAGES.itemNotFound,
  }),
  itemId: idSchema,
  reportId: idSchema.nullish(),
});

/**
 * Hides, restores, approves or rejects a post (comments: hide and restore), by whoever moderates
 * its space. Counters move in the same transaction; the action is recorded (with the report when
 * one is named); hiding resolves every pending report on the item. Approval publishes the post's
 * live events exactly as its author publishing it would.
 */
export async function moderateItem(ctx: Context, input: unknown): Promise<void> {
  const viewer = requireWriter(ctx);
  const data = parseInput(moderateItemSchema, input);
  const type = data.itemType;
  if (type === 'users') throw new AppError('BAD_USER_INPUT', REPORT_MESSAGES.usersNotHidden);
  if (type === 'comments' && (data.action === 'approve' || data.action === 'reject'))
    throw new AppError('BAD_USER_INPUT', REPORT_MESSAGES.commentsNotApproved);
  const item = await itemForModeration(ctx.db, type, data.itemId);
  if (!item) throw notFound();
  await requireModerates(ctx, scopeOf(item.space));
  const change = await ctx.db.transaction(async (tx) => {
    if (data.reportId) await lockReport(ctx, tx, data.reportId, { type, id: data.itemId });
    const changed = await changeStanding(tx, ctx, type, data.itemId, STANDING[data.action]);
    if (!changed) throw notFound();
    await record(tx, viewer.id, data.action, {
      reportId: data.reportId ?? null,
      itemType: type,
      itemId: data.itemId,
      targetUserId: item.authorId,
    });
    if (data.action === 'hide' || data.action === 'reject')
      await tx
        .update(reports)
        .set({ status: 'resolved', updatedAt: new Date() })
        .where(
          and(
            eq(reports.itemType, type),
            eq(reports.itemId, data.itemId),
            inArray(reports.status, [...PENDING_STATUSES]),
          ),
        );
    return changed;
  });
  change.announce();
}

/** REST's `POST /moderation/{action}` with the item's `path` (see parseItemPath). */
export function moderateItemAt(ctx: Context, action: string, body: Record<string, unknown>) {
  const { type, id } = parseItemPath(body.path);
  return moderateItem(ctx, { action, itemType: type, itemId: id, reportId: body.reportId });
}

// ---------------------------------------------------------------------------------------------
// Anonymous posts waiting for approval

const PENDING_KINDS = [
  { type: 'stories', table: stories, text: stories.story, isDraft: stories.isDraft },
  { type: 'problems', table: problems, text: problems.name, isDraft: problems.isDraft },
  { type: 'solutions', table: solutions, text: solutions.name, isDraft: solutions.isDraft },
  { type: 'skills', table: skills, text: skills.name, isDraft: undefined },
] as const;

/**
 * Anonymous posts waiting for approval (not drafts, not rejected), newest first: the site's for
 * site moderators, a private space's for its owners and admins (`spaceId`). One statement per
 * post kind, merged.
 */
export async function pendingPosts(
  ctx: Context,
  input: ReportListInput & { spaceId?: string | null },
): Promise<Page<PendingPostView>> {
  const scope = await queueScope(ctx, input.spaceId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const lists = await Promise.all(
    PENDING_KINDS.map(({ type, table, text, isDraft }) =>
      ctx.db
        .select({
          itemId: table.id,
          text,
          authorId: table.authorId,
          spaceId: table.spaceId,
          spaceName: spaces.name,
          createdAt: table.createdAt,
        })
        .from(table)
        .innerJoin(spaces, eq(spaces.id, table.spaceId))
        .where(
          and(
            eq(table.isApproved, false),
            eq(table.isHidden, false),
            isDraft ? eq(isDraft, false) : undefined,
            scope.spaceId ? eq(table.spaceId, scope.spaceId) : eq(spaces.isPrivate, false),
            afterCursor(table.createdAt, table.id, cursor),
          ),
        )
        .orderBy(desc(table.createdAt), desc(table.id))
        .limit(size + 1)
        .then((rows) =>
          rows.map((row): PendingPostView => ({
            itemType: type,
            itemId: row.itemId,
            route: itemRoute(type, row.itemId),
            excerpt: excerptOf(htmlToPlainText(row.text)),
            authorId: row.authorId,
            spaceId: row.spaceId,
            spaceName: row.spaceName,
            createdAt: row.createdAt,
          })),
        ),
    ),
  );
  const merged = lists
    .flat()
    .sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (b.itemId < a.itemId ? -1 : 1),
    );
  return toPage(merged, size, (row) => ({ value: row.createdAt, id: row.itemId }));
}
