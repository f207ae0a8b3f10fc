import { ADMIN_SEARCH_MAX, ANALYTICS_DAYS_DEFAULT, ANALYTICS_DAYS_MAX } from '@rules';
import { Arg, Authorized, Ctx, ID, Int, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import {
  presentActiveParticipant,
  presentAdminUser,
  presentManagedPerson,
} from './admin.presenter';
import * as adminService from './admin.service';
import {
  AdminSpacePage,
  AdminUserPage,
  ManagedPersonPage,
  ManageOverview,
  SpaceAnalytics,
} from './admin.types';
import * as analyticsService from './analytics.service';
import { ADMIN_ACCESS } from '../../auth/scopes';
import { TokenAccess } from '../../graphql/token-scopes';
import { AFTER_ARG, FIRST_ARG, connectionOf, connectionFrom } from '../../graphql/page';

const SPACE_ID = "The space's id.";
const DAYS = `Days to cover, ending today (UTC): 1 to ${ANALYTICS_DAYS_MAX}; ${ANALYTICS_DAYS_DEFAULT} when omitted.`;

@TokenAccess(ADMIN_ACCESS)
@Resolver()
export class AdminResolver {
  @Authorized()
  @Query(() => AdminUserPage, {
    description: 'Every account, newest first, searched by name or e-mail (site admins only).',
  })
  async adminUsers(
    @Ctx() ctx: Context,
    @Arg('query', () => String, {
      nullable: true,
      description: `Part of a display name or e-mail, any case, at most ${ADMIN_SEARCH_MAX} characters; all when omitted.`,
    })
    query?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await adminService.listAdminUsers(ctx, { query, first, after });
    return connectionOf(page, presentAdminUser);
  }

  @Authorized()
  @Query(() => AdminSpacePage, {
    description: 'Every space, newest first, searched by name (site admins only).',
  })
  adminSpaces(
    @Ctx() ctx: Context,
    @Arg('query', () => String, {
      nullable: true,
      description: `Part of a space name, any case, at most ${ADMIN_SEARCH_MAX} characters; all when omitted.`,
    })
    query?: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    return connectionFrom(adminService.listAdminSpaces(ctx, { query, first, after }));
  }

  @Authorized()
  @Query(() => ManageOverview, {
    description:
      'Counts per day and totals of a space: site admins for any space, owners and admins of a private space for theirs.',
  })
  manageOverview(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: SPACE_ID }) spaceId: string,
    @Arg('days', () => Int, { nullable: true, description: DAYS }) days?: number,
  ) {
    return analyticsService.manageOverview(ctx, { spaceId, days });
  }

  @Authorized()
  @Query(() => ManagedPersonPage, {
    description:
      'Newest people of a managed space: newest accounts (public spaces) or participants (a private space).',
  })
  async manageUsers(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: SPACE_ID }) spaceId: string,
    @Arg('first', () => Int, FIRST_ARG) first?: number,
    @Arg('after', () => String, AFTER_ARG) after?: string,
  ) {
    const page = await adminService.listManagedPeople(ctx, { spaceId, first, after });
    return connectionOf(page, presentManagedPerson);
  }

  @Query(() => SpaceAnalytics, {
    description:
      'Items over time, top tags and most active participants of a space the viewer may read, over what they may see.',
  })
  async spaceAnalytics(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, { description: SPACE_ID }) spaceId: string,
    @Arg('days', () => Int, { nullable: true, description: DAYS }) days?: number,
  ) {
    const view = await analyticsService.spaceAnalytics(ctx, { spaceId, days });
    return { ...view, activeParticipants: view.activeParticipants.map(presentActiveParticipant) };
  }
}
