import type { Router } from 'express';
import { bodyFields, contextOf, ok } from '../../rest/shell';
import { createApiToken, listApiTokens, revokeApiToken } from './api-token.service';

/** Personal access tokens over REST: create (the token shows once), list, revoke. */
export function mountApiTokenRest(router: Router) {
  router.post('/tokens', async (req, res) => {
    const { token, row } = await createApiToken(contextOf(res), bodyFields(req));
    ok(res.status(201), { data: { id: row.id, token, apiToken: row } });
  });

  router.get('/tokens', async (_req, res) => {
    ok(res, { items: await listApiTokens(contextOf(res)) });
  });

  router.delete('/tokens/:id', async (req, res) => {
    await revokeApiToken(contextOf(res), req.params.id);
    ok(res);
  });
}
