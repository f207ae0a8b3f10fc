import type { Router } from 'express';
import { SPACE_MESSAGES } from '@rules';
import { AppError } from '../../errors';
import type { PathRouter } from '../../rest/paths';
import { bodyData, bodyFields, contextOf, ok, queryParam, resultsParam } from '../../rest/shell';
import { presentParticipant, presentSpace, presentUserSearchResult } from './space.presenter';
import * as spaceService from './space.service';
import * as mySpacesService from './my-spaces.service';
import * as spaceInvitationsService from './space-invitations.service';
import * as spaceParticipantsService from './space-participants.service';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The spec's space rows (001 §7 Spaces), `/user/changeSpace`, and the spaces, participants and users paths. */
export function mountSpaceRest(router: Router, paths: PathRouter) {
  paths.register('spaces', {
    async get(ctx, id) {
      return presentSpace(ctx, await spaceService.getSpace(ctx, id));
    },
  });

  paths.register('participants', {
    async list(ctx, params) {
      const page = await spaceParticipantsService.listParticipants(ctx, {
        spaceId: params.spaceId ?? '',
        status: 'active',
        after: params.lastDocumentID,
        first: params.results,
      });
      return { items: page.items.map(presentParticipant), last: page.last };
    },
  });

  paths.register('users', {
    async list(ctx, params) {
      const page = await spaceParticipantsService.searchUsers(ctx, {
        query: params.query ?? '',
        spaceId: params.spaceId,
        after: params.lastDocumentID,
        first: params.results,
      });
      return { items: page.items.map(presentUserSearchResult), last: page.last };
    },
  });

  /** The viewer's spaces with their status (`?status=active|invited|requested|blocked|all`, default all). */
  router.get('/spaces', async (req, res) => {
    const ctx = contextOf(res);
    const status = queryParam(req, 'status') ?? 'all';
    const page = ctx.viewer
      ? await mySpacesService.listMySpaces(ctx, { status, first: 100 })
      : { items: [] };
    ok(res, {
      items: await Promise.all(page.items.map((space) => presentSpace(ctx, space))),
    });
  });

  router.get('/spaces/detect', async (req, res) => {
    const space = await spaceService.detectSpace(contextOf(res), queryParam(req, 'code'));
    ok(res, {
      space: { name: space.name, spaceId: space.id, code: space.code },
    });
  });

  router.get('/spaces/:spaceId/participants', async (req, res) => {
    const page = await spaceParticipantsService.listParticipants(contextOf(res), {
      spaceId: req.params.spaceId,
      status: queryParam(req, 'status'),
      after: queryParam(req, 'lastDocumentID'),
      first: resultsParam(req),
    });
    ok(res, {
      participants: page.items.map(presentParticipant),
      last: page.last,
    });
  });

  router.post('/spaces/request/access', async (req, res) => {
    const row = await spaceInvitationsService.requestAccess(
      contextOf(res),
      text(bodyFields(req).requestedSpaceId),
    );
    ok(res, { data: { spaceId: row.spaceId, status: row.status } });
  });

  router.post('/spaces/favorite', async (req, res) => {
    const { customSpaceId, favorite } = bodyFields(req);
    if (typeof favorite !== 'boolean') {
      throw new AppError('BAD_USER_INPUT', SPACE_MESSAGES.favoriteInvalid, { field: 'favorite' });
    }
    await mySpacesService.favoriteSpace(contextOf(res), text(customSpaceId), favorite);
    ok(res);
  });

  router.post('/spaces/sendInvites', async (req, res) => {
    const { spaceId, userIds } = bodyFields(req);
    const invited = await spaceInvitationsService.sendInvites(
      contextOf(res),
      text(spaceId),
      userIds,
    );
    ok(res, { invited });
  });

  router.post('/spaces', async (req, res) => {
    const ctx = contextOf(res);
    const space = await spaceService.createSpace(ctx, bodyData(req));
    ok(res.status(201), { data: await presentSpace(ctx, space) });
  });

  router.patch('/spaces/:id', async (req, res) => {
    const ctx = contextOf(res);
    const space = await spaceService.updateSpace(ctx, req.params.id, bodyData(req));
    ok(res, { data: await presentSpace(ctx, space) });
  });

  router.delete('/spaces/:id', async (req, res) => {
    await spaceService.deleteSpace(contextOf(res), req.params.id);
    ok(res);
  });

  /** Accepts an invitation. */
  router.post('/spaces/:id/join', async (req, res) => {
    const ctx = contextOf(res);
    ok(res, {
      data: await presentSpace(ctx, await spaceInvitationsService.acceptInvite(ctx, req.params.id)),
    });
  });

  router.post('/spaces/:id/leave', async (req, res) => {
    await spaceInvitationsService.leaveSpace(contextOf(res), req.params.id);
    ok(res);
  });

  /** Owner or admin sets a participant's status: {userId, status: admin|contributor|blocked}. */
  router.post('/spaces/:id/participants/status', async (req, res) => {
    const { userId, status } = bodyFields(req);
    await spaceInvitationsService.setParticipantStatus(
      contextOf(res),
      req.params.id,
      text(userId),
      status,
    );
    ok(res);
  });

  /** The active space: the spec sends spaceName, isPrivate and code too; the server knows them from the id. */
  router.post('/user/changeSpace', async (req, res) => {
    await mySpacesService.changeSpace(contextOf(res), text(bodyFields(req).spaceId));
    ok(res);
  });
}
