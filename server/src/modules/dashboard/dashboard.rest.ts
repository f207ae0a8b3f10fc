import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { activeSpaceId, contextOf, ok } from '../../rest/shell';
import * as dashboardService from './dashboard.service';

export function mountDashboardRest(router: Router, _paths: PathRouter) {
  router.get('/dashboard/info', async (req, res) => {
    const { totalTags, totalUsers, ...counts } = await dashboardService.dashboardInfo(
      contextOf(res),
      activeSpaceId(req),
    );
    // The spec's REST names these two in snake case.
    ok(res, { data: { ...counts, total_tags: totalTags, total_users: totalUsers } });
  });
}
