import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../context';
import * as dashboardService from './dashboard.service';
import { DashboardInfo } from './dashboard.types';

@Resolver()
export class DashboardResolver {
  @Query(() => DashboardInfo, {
    description: 'Counters of the active space (the viewer’s default when omitted).',
  })
  dashboard(@Ctx() ctx: Context, @Arg('spaceId', () => ID, { nullable: true }) spaceId?: string) {
    return dashboardService.dashboardInfo(ctx, spaceId);
  }
}
