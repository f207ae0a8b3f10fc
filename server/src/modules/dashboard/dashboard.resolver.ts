import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import * as dashboardService from './dashboard.service';
import { DashboardInfo } from './dashboard.types';

@Resolver()
export class DashboardResolver {
  @Query(() => DashboardInfo, {
    description: 'Counters of the active space (the viewer’s default when omitted).',
  })
  async dashboard(
    @Ctx() ctx: Context,
    @Arg('spaceId', () => ID, {
      nullable: true,
      description: "The space to count; the viewer's active space when omitted.",
    })
    spaceId?: string,
  ) {
    const info = await dashboardService.dashboardInfo(ctx, spaceId);
    // The snake-case names stay as deprecated aliases for clients written before.
    return { ...info, total_tags: info.totalTags, total_users: info.totalUsers };
  }
}
