import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { activeSpaceId, contextOf, ok } from '../../rest/shell';
import * as dashboardService from './dashboard.service';

export function mountDashboardRest(router: Router, _paths: PathRouter) {
  router.get('/dashboard/info', async (req, res) => {
    ok(res, {
      data: await dashboardService.dashboardInfo(contextOf(res), activeSpaceId(req)),
    });
  });
}
