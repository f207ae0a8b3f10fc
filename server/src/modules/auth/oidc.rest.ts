import type { Response, Router } from 'express';
import { contextOf } from '../../rest/shell';
import { finishOidc, startOidc } from './oidc.service';

/** A browser step's answer: where it goes next, never cached. */
function redirect(res: Response, location: string) {
  res.setHeader('Cache-Control', 'no-store');
  res.redirect(302, location);
}

/**
 * `/api/auth/oidc/*`: sign-in with the OpenID provider, for a browser to follow (links, not
 * calls): each answers 302 to the next place, or 404 when no provider is configured.
 */
export function mountOidcRest(router: Router) {
  router.get('/auth/oidc/start', async (_req, res) => {
    redirect(res, await startOidc(contextOf(res)));
  });
  router.get('/auth/oidc/callback', async (req, res) => {
    const query = req.originalUrl.indexOf('?');
    const search = query < 0 ? '' : req.originalUrl.slice(query);
    redirect(res, await finishOidc(contextOf(res), search));
  });
}
