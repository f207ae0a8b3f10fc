import type { Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { activeSpaceId, bodyData, contextOf, fieldsOf, ok, presentPage } from '../../rest/shell';
import { presentSkill } from './skill.presenter';
import * as skillsService from './skill.service';

/** The spec's skill rows; payload fields other than name, description and isAnonymousPost are ignored. */
export function mountSkillRest(router: Router, paths: PathRouter) {
  paths.register('skills', {
    async list(ctx, params) {
      const page = await skillsService.listSkills(ctx, {
        list: 'public',
        spaceId: params.spaceId,
        after: params.lastDocumentID,
        first: params.results,
      });
      return presentPage(page, (skill) => presentSkill(ctx, skill));
    },
    async get(ctx, id) {
      return presentSkill(ctx, await skillsService.getSkill(ctx, id));
    },
    async create(ctx, body) {
      const data = fieldsOf(body.data);
      return presentSkill(
        ctx,
        await skillsService.createSkill(ctx, {
          ...data,
          spaceId: body.spaceId,
        }),
      );
    },
  });

  router.post('/skills', async (req, res) => {
    const ctx = contextOf(res);
    const skill = await skillsService.createSkill(ctx, {
      ...bodyData(req),
      spaceId: activeSpaceId(req),
    });
    ok(res.status(201), { data: await presentSkill(ctx, skill) });
  });

  router.patch('/skills/:id', async (req, res) => {
    const ctx = contextOf(res);
    ok(res, {
      data: await presentSkill(
        ctx,
        await skillsService.updateSkill(ctx, req.params.id, bodyData(req)),
      ),
    });
  });

  router.delete('/skills/:id', async (req, res) => {
    await skillsService.deleteSkill(contextOf(res), req.params.id);
    ok(res);
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
