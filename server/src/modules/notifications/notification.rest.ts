import type { Router } from 'express';
import { notFound } from '../../errors';
import type { PathRouter } from '../../rest/paths';
import { contextOf, ok, presentPage } from '../../rest/shell';
import { requireViewer } from '../../auth/guards';
import { presentNotification } from './notification.presenter';
import * as notificationService from './notification.service';

/**
 * The spec's notification rows (001 §7): `/list/v2?path=users/{uid}/notifications` (the viewer's
 * own only: anyone else's is 404, signed out 401), `DELETE /notifications/notification/{id}` and
 * `DELETE /notifications/clearAll`.
 */
export function mountNotificationRest(router: Router, paths: PathRouter) {
  paths.registerList('users/:uid/notifications', async (ctx, params, { uid }) => {
    const viewer = requireViewer(ctx);
    if (uid !== viewer.id) throw notFound();
    const page = await notificationService.listNotifications(ctx, {
      first: params.results,
      after: params.lastDocumentID,
    });
    return presentPage(page, (row) => presentNotification(ctx, row));
  });

  router.delete('/notifications/notification/:id', async (req, res) => {
    await notificationService.deleteNotification(contextOf(res), req.params.id);
    ok(res);
  });

  router.delete('/notifications/clearAll', async (_req, res) => {
    await notificationService.clearNotifications(contextOf(res));
    ok(res);
  });
}
