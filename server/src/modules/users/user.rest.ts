import type { Router } from 'express';
import { profileUpdateKeySchema } from '@rules';
import { parseInput } from '../../errors';
import { bodyFields, contextOf, ok } from '../../rest/shell';
import { updateExplainerCards } from './explainers.service';
import { presentMe } from './user.presenter';
import { deleteAccount } from './account-deletion.service';
import * as userService from './user.service';

export function mountUserRest(router: Router) {
  router.get('/user/userinfo', async (_req, res) => {
    const me = await userService.getMe(contextOf(res));
    const user = presentMe(me);
    // The spec's client reads the language from userSpaceDoc.appLang and hides explainer cards
    // by the hideExplainers map (route path → true).
    ok(res, {
      user: {
        ...user,
        uid: user.id,
        userSpaceDoc: { appLang: user.appLang },
        hideExplainers: me.hideExplainers,
      },
    });
  });

  router.post('/user/explainercards', async (req, res) => {
    await updateExplainerCards(contextOf(res), req.body);
    ok(res);
  });

  router.post('/user/update', async (req, res) => {
    const body = bodyFields(req);
    const { key } = parseInput(profileUpdateKeySchema, body);
    const ctx = contextOf(res);
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

  router.delete('/user/delete', async (_req, res) => {
    await deleteAccount(contextOf(res));
    ok(res);
  });
}
