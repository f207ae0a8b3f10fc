import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { mountPostRest, restPageOf } from '../../rest/post-rest';
import { contextOf, ok } from '../../rest/shell';
import { presentSkill } from './skill.presenter';
import * as skillsService from './skill.service';

/** The spec's skill rows; payload fields other than name, description and isAnonymousPost are ignored. */
export function mountSkillRest(router: Router, paths: PathRouter) {
  mountPostRest(router, paths, {
    collection: 'skills',
    list: (ctx, params) => skillsService.listSkills(ctx, { list: 'public', ...restPageOf(params) }),
    get: skillsService.getSkill,
    create: skillsService.createSkill,
    update: skillsService.updateSkill,
    remove: skillsService.deleteSkill,
    present: presentSkill,
  });

  router.post('/skills/:id/join', async (req, res) => {
    const ctx = contextOf(res);
    ok(res, {
      data: await presentSkill(ctx, await skillsService.joinSkill(ctx, req.params.id)),
    });
  });

  router.post('/skills/:id/leave', async (req, res) => {
    const ctx = contextOf(res);
    ok(res, {
      data: await presentSkill(ctx, await skillsService.leaveSkill(ctx, req.params.id)),
    });
  });
}
