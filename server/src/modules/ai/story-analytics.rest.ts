import type { Router } from 'express';
import { contextOf, ok, queryParam } from '../../rest/shell';
import { analyticsOf } from './story-analytics.service';

/**
 * 001 §7 `GET /analytics?collection=stories&docId=` → `{ entities }` (000 §3's shape, with
 * `metadata.wikipedia_url`), and `source` saying who found them. A read: it never calls a provider.
 */
export function mountStoryAnalyticsRest(router: Router) {
  router.get('/analytics', async (req, res) => {
    const view = await analyticsOf(contextOf(res), {
      collection: queryParam(req, 'collection'),
      docId: queryParam(req, 'docId'),
    });
    ok(res, { entities: view.entities, source: view.source });
  });
}
