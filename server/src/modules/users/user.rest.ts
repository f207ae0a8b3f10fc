import type { Router } from 'express';
import { profileUpdateKeySchema } from '@rules';
import { parseInput } from '../../errors';
import { bodyData, bodyFields, contextOf, ok } from '../../rest/shell';
import { requestEmailChange } from '../auth/auth.service';
import { accountFieldsOf } from '../billing';
import { updateExplainerCards } from './explainers.service';
import { presentMe } from './user.presenter';
import { deleteAccount } from './account-deletion.service';
import * as userService from './user.service';

/**
 * The spec's user record (`/user/userinfo`, `/user/sync`): the self view with the names its client
 * reads: the language from `userSpaceDoc.appLang`, explainer cards hidden by the `hideExplainers`
 * map (route path → true).
 */
function presentUserRecord(me: userService.Me) {
  const user = presentMe(me);
  return {
    ...user,
    uid: user.id,
    userSpaceDoc: { appLang: user.appLang },
    hideExplainers: me.hideExplainers,
  };
}

export function mountUserRest(router: Router) {
  // With the account type and the viewer's subscription (issue 28).
  router.get('/user/userinfo', async (_req, res) => {
    const ctx = contextOf(res);
    const me = await userService.getMe(ctx);
    ok(res, { user: { ...presentUserRecord(me), ...(await accountFieldsOf(ctx, me.id)) } });
  });

  // (v1) `{ uid, role, additionalUserInfo }`, or the client's user record (`uid` or `id`).
  router.post('/user/sync', async (req, res) => {
    const body = bodyFields(req);
    const me = await userService.syncUser(contextOf(res), {
      uid: body.uid ?? body.id,
      role: body.role,
    });
    ok(res, { user: presentUserRecord(me) });
  });

  router.post('/user/explainercards', async (req, res) => {
    await updateExplainerCards(contextOf(res), req.body);
    ok(res);
  });

  router.post('/user/update', async (req, res) => {
    const body = bodyFields(req);
    const { key } = parseInput(profileUpdateKeySchema, body);
    const ctx = contextOf(res);
    if (key === 'email') {
      // Mailed to the new address; `user` still shows the old one until the link is followed.
      const { message, user } = await requestEmailChange(ctx, body.email);
      ok(res, { message, user: presentMe(user) });
      return;
    }
    const user =
      key === 'hidePresence'
        ? await userService.setPresenceHidden(ctx, body.hidePresence)
        : await userService.updateProfile(ctx, { [key]: body[key] });
    ok(res, { user: presentMe(user) });
  });

  router.post('/user/updateLang', async (req, res) => {
    await userService.updateLanguage(contextOf(res), bodyFields(req).appLang);
    ok(res);
  });

  // The spec's language settings: the app language (`appLang`, or `lang`), at the top of the body
  // or in its `data`, saved as /user/updateLang and the GraphQL updateLanguage save it.
  router.post('/user/updateLangSettings', async (req, res) => {
    const settings = { ...bodyData(req), ...bodyFields(req) };
    const user = await userService.updateLanguage(
      contextOf(res),
      settings.appLang ?? settings.lang,
    );
    ok(res, { user: presentMe(user) });
  });

  router.delete('/user/delete', async (_req, res) => {
    await deleteAccount(contextOf(res));
    ok(res);
  });
}
