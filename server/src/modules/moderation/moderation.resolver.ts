import { Arg, Authorized, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import { presentAdminUser } from '../admin/admin.presenter';
import { AdminUser } from '../admin/admin.types';
import { presentPendingPost, presentReport } from './moderation.presenter';
import * as items from './moderation-items.service';
import * as reports from './moderation-reports.service';
import * as roles from './moderation-roles.service';
import {
  ModerateItemActionEnum,
  PendingPostPage,
  Report,
  ReportableItemTypeEnum,
  ReportInput,
  ReportPage,
  ReportStatusEnum,
} from './moderation.types';
import { ADMIN_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';
import { AFTER_ARG, FIRST_ARG, nextCursorConnection } from '../../graphql/page';
import type { Page } from '../../db/keyset';
import type { ReportView } from './moderation-reports.service';

async function presentReports(ctx: Context, page: Page<ReportView>) {
  const presented = await Promise.all(page.items.map((report) => presentReport(ctx, report)));
  return nextCursorConnection({ ...page, items: presented });
}

@TokenAccess(ADMIN_ACCESS)
@Resolver()
export class ModerationResolver {
  @Authorized()
  @Mutation(() => Report, {
    description:
      'Reports a post, comment or person the viewer can see; reporting it again while the first report waits updates that one.',
  })
  async createReport(
    @Arg('input', () => ReportInput, { description: 'What is reported and why.' })
    input: ReportInput,
    @Ctx() ctx: Context,
  ) {
    return presentReport(ctx, await reports.createReport(ctx, input));
  }

  @Authorized()
  @Query(() => ReportPage, { description: 'The viewer’s own reports, newest first.' })
  async myReports(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return presentReports(ctx, await reports.myReports(ctx, { first, after }));
  }

  @Authorized()
  @Query(() => ReportPage, {
    description:
      'The moderation queue, newest first: site moderators see reports outside private spaces; with spaceId of a private space, its owners and admins see its reports.',
  })
  async reportQueue(
    @Ctx() ctx: Context,
    @Arg('status', () => ReportStatusEnum, {
      nullable: true,
      description: 'Only reports with this status; every status when omitted.',
    })
    status?: string,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "A private space whose queue to list (its owners and admins); the site's when omitted.",
    })
    spaceId?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return presentReports(ctx, await reports.reportQueue(ctx, { status, spaceId, first, after }));
  }

  @Authorized()
  @Query(() => Report, { description: 'One report: to its reporter and its moderators.' })
  async report(
    @Arg('id', () => ID, { description: "The report's id." }) id: string,
    @Ctx() ctx: Context,
  ) {
    return presentReport(ctx, await reports.getReport(ctx, id));
  }

  @Authorized()
  @Query(() => PendingPostPage, {
    description: 'Anonymous posts waiting for approval (the queue’s moderators), newest first.',
  })
  async pendingPosts(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description:
        "A private space whose posts to list (its owners and admins); the site's when omitted.",
    })
    spaceId?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await items.pendingPosts(ctx, { spaceId, first, after });
    const posts = await Promise.all(page.items.map((post) => presentPendingPost(ctx, post)));
    return nextCursorConnection({ ...page, items: posts });
  }

  @Authorized()
  @Mutation(() => Report, {
    description: 'Moves a report to a status (its moderators); recorded.',
  })
  async setReportStatus(
    @Arg('id', () => ID, { description: "The report's id." }) id: string,
    @Arg('status', () => ReportStatusEnum, { description: 'The new status.' }) status: string,
    @Ctx() ctx: Context,
  ) {
    return presentReport(ctx, await reports.setReportStatus(ctx, id, status));
  }

  @Authorized()
  @Mutation(() => Boolean, {
    description:
      "Hides, restores, approves or rejects a post (comments: hide or restore), by its space's moderators; recorded, with the report when named.",
  })
  async moderateItem(
    @Arg('action', () => ModerateItemActionEnum, { description: 'What to do to the item.' })
    action: string,
    @Arg('itemType', () => ReportableItemTypeEnum, {
      description: 'What kind of item it is (not users: people are suspended).',
    })
    itemType: string,
    @Arg('itemId', () => ID, { description: "The post's or comment's id." }) itemId: string,
    @Ctx() ctx: Context,
    @Arg('reportId', () => ID, {
      nullable: true,
      description: 'The report about this item that led to it, recorded with the action.',
    })
    reportId?: string,
  ) {
    await items.moderateItem(ctx, { action, itemType, itemId, reportId });
    return true;
  }

  @Authorized()
  @Mutation(() => AdminUser, {
    description: 'Suspends a person until a time (moderators; not an admin, not oneself).',
  })
  async suspendUser(
    @Arg('userId', () => ID, { description: "The person's user id." }) userId: string,
    @Arg('until', () => Date, { description: 'When the suspension ends; must be in the future.' })
    until: Date,
    @Ctx() ctx: Context,
    @Arg('reportId', () => ID, {
      nullable: true,
      description: 'The report that led to it; it is resolved.',
    })
    reportId?: string,
  ) {
    return presentAdminUser(await roles.suspendUser(ctx, { userId, until, reportId }));
  }

  @Authorized()
  @Mutation(() => AdminUser, { description: 'Ends a suspension now (moderators).' })
  async unsuspendUser(
    @Arg('userId', () => ID, { description: "The person's user id." }) userId: string,
    @Ctx() ctx: Context,
  ) {
    return presentAdminUser(await roles.unsuspendUser(ctx, userId));
  }

  @Authorized()
  @Mutation(() => AdminUser, { description: 'Grants or revokes moderator (admins only).' })
  async setModerator(
    @Arg('userId', () => ID, { description: "The person's user id." }) userId: string,
    @Arg('moderator', () => Boolean, { description: 'True grants moderator, false revokes it.' })
    moderator: boolean,
    @Ctx() ctx: Context,
  ) {
    return presentAdminUser(await roles.setModerator(ctx, userId, moderator));
  }
}
