import type { Router } from 'express';
import { bodyFields, contextOf, ok } from '../../rest/shell';
import { presentMe } from '../users/user.presenter';
import * as auth from './auth.service';
import { mountOidcRest } from './oidc.rest';

/** `/api/auth/*`: every auth flow without a browser. Bodies as documented in the README. */
export function mountAuthRest(router: Router) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');

  router.post('/auth/signup', async (req, res) => {
    ok(res.status(201), await auth.signUp(contextOf(res), bodyFields(req)));
  });
  router.post('/auth/login', async (req, res) => {
    const { token, user, linkedProvider } = await auth.signIn(contextOf(res), bodyFields(req));
    ok(res, { token, user: presentMe(user), linkedProvider });
  });
  router.post('/auth/logout', async (_req, res) => {
    await auth.signOut(contextOf(res));
    ok(res);
  });
  router.post('/auth/verify', async (req, res) => {
    await auth.verifyEmail(contextOf(res), text(bodyFields(req).token));
    ok(res);
  });
  router.post('/auth/resend-verification', async (req, res) => {
    ok(res, await auth.resendVerification(contextOf(res), bodyFields(req).email));
  });
  router.post('/auth/forgot-password', async (req, res) => {
    ok(res, await auth.requestPasswordReset(contextOf(res), bodyFields(req).email));
  });
  router.post('/auth/reset-password/check', async (req, res) => {
    ok(res, { valid: await auth.isResetTokenValid(contextOf(res), text(bodyFields(req).token)) });
  });
  router.post('/auth/reset-password', async (req, res) => {
    await auth.resetPassword(contextOf(res), text(bodyFields(req).token), bodyFields(req).password);
    ok(res);
  });
  mountOidcRest(router);
}
