import type { Router } from 'express';
import {
  bodyData,
  bodyFields,
  contextOf,
  ok,
  presentPage,
  queryParam,
  resultsParam,
} from '../../rest/shell';
import { presentAdminUser } from '../admin/admin.presenter';
import { presentReport } from './moderation.presenter';
import * as items from './moderation-items.service';
import * as reports from './moderation-reports.service';
import * as roles from './moderation-roles.service';

/** Reports (001 §7) and our moderation rows (the spec shows none; see the README). */
export function mountModerationRest(router: Router) {
  router.post('/reports', async (req, res) => {
    const ctx = contextOf(res);
    const report = await reports.createReportAt(ctx, bodyFields(req));
    ok(res.status(201), { data: await presentReport(ctx, report) });
  });

  router.get('/reports', async (req, res) => {
    const ctx = contextOf(res);
    const page = await reports.reportsForRest(ctx, {
      first: resultsParam(req),
      after: queryParam(req, 'lastDocumentID'),
      // `spaceId` is every call's active space; a private space's queue is asked for by name.
      spaceId: queryParam(req, 'queueSpaceId'),
      status: queryParam(req, 'status'),
    });
    ok(res, await presentPage(page, (report) => presentReport(ctx, report)));
  });

  router.patch('/reports/:id', async (req, res) => {
    const ctx = contextOf(res);
    const report = await reports.setReportStatus(ctx, req.params.id!, bodyData(req).status);
    ok(res, { data: await presentReport(ctx, report) });
  });

  router.post('/moderation/suspend', async (req, res) => {
    const person = await roles.suspendUser(contextOf(res), bodyFields(req));
    ok(res, { data: presentAdminUser(person) });
  });

  router.post('/moderation/unsuspend', async (req, res) => {
    const person = await roles.unsuspendUser(contextOf(res), bodyFields(req).userId);
    ok(res, { data: presentAdminUser(person) });
  });

  router.post('/moderation/:action', async (req, res) => {
    await items.moderateItemAt(contextOf(res), req.params.action!, bodyFields(req));
    ok(res);
  });
}
