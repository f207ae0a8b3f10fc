import type { Context } from '../../context';
import { ANONYMOUS_AUTHOR, authorView, type AuthorView } from '../users/user.service';
import type { PendingPostView } from './moderation-items.service';
import type { ReportView } from './moderation-reports.service';
import type { ModerationActionRow } from './moderation.loaders';
import { canSuspendUser, isSiteModerator } from './moderation.policy';

/** Whether the viewer may suspend the reported person: Suspend is offered only then. */
async function maySuspendAuthor(ctx: Context, authorId: string | null) {
  if (!authorId || !isSiteModerator(ctx.viewer)) return false;
  return canSuspendUser(ctx.viewer, {
    id: authorId,
    isAdmin: await ctx.loaders.isAdminById.load(authorId),
  });
}

const authorOf = async (ctx: Context, id: string | null): Promise<AuthorView | null> =>
  id ? authorView(await ctx.loaders.authorById.load(id)) : null;

export const presentModerationEntry = async (ctx: Context, row: ModerationActionRow) => ({
  id: row.id,
  action: row.action,
  actor: await authorOf(ctx, row.actorId),
  note: row.note,
  until: row.until,
  createdAt: row.createdAt,
});

/**
 * A report in the spec's card fields, shared by GraphQL and REST: who reported it, the real
 * author of an anonymous post and the recorded actions reach its moderators only (a reporter
 * follows the status).
 */
export async function presentReport(ctx: Context, report: ReportView) {
  const [reportedAuthor, reporter, actions, canSuspend] = await Promise.all([
    report.isAnonymousPost && !report.moderated
      ? ANONYMOUS_AUTHOR
      : authorOf(ctx, report.reportedAuthorId),
    report.moderated ? authorOf(ctx, report.reporterId) : null,
    report.moderated ? ctx.loaders.actionsByReport.load(report.id) : [],
    maySuspendAuthor(ctx, report.reportedAuthorId),
  ]);
  return {
    id: report.id,
    itemType: report.itemType,
    itemId: report.itemId,
    path: report.itemType,
    documentID: report.itemId,
    route: report.route,
    reportedAuthor,
    isAnonymousPost: report.isAnonymousPost,
    tags: report.tags,
    comments: report.comments,
    status: report.status,
    createdAt: report.createdAt,
    updatedAt: report.updatedAt,
    reporter,
    spaceId: report.spaceId,
    spaceName: report.spaceName,
    itemExcerpt: report.itemExcerpt,
    itemHidden: report.itemHidden,
    canSuspend,
    actions: await Promise.all(actions.map((row) => presentModerationEntry(ctx, row))),
  };
}

export const presentPendingPost = async (ctx: Context, post: PendingPostView) => ({
  itemType: post.itemType,
  itemId: post.itemId,
  route: post.route,
  excerpt: post.excerpt,
  author: await authorOf(ctx, post.authorId),
  spaceId: post.spaceId,
  spaceName: post.spaceName,
  createdAt: post.createdAt,
});
