import type { Request, Router } from 'express';
import type { PathRouter } from '../../rest/paths';
import { activeSpaceId, bodyData, bodyFields, contextOf, ok, queryParam } from '../../rest/shell';
import * as autocompleteService from './autocomplete.service';
import * as tagService from './tag.service';
import * as tagFollowsService from './tag-follows.service';
import * as profileTagsService from './profile-tags.service';
import * as alertTagsService from './alert-tags.service';

/** A body field, at the top level or inside the spec's `{ data: {...} }`. */
function field(req: Request, name: string): unknown {
  return bodyFields(req)[name] ?? bodyData(req)[name];
}

/** The tag of /tags/follow and /tags/unfollow: tag data `{ id }` or `{ name }` (or a bare `tag`). */
const tagOf = (req: Request) => field(req, 'id') ?? field(req, 'name') ?? field(req, 'tag');

/** '%23Water' names '#Water'; a malformed escape is taken as typed (and then refused as a tag). */
function safeDecode(text: string) {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

export function mountTagRest(router: Router, paths: PathRouter) {
  paths.register('tags', {
    list: (ctx, params) =>
      tagService.listTags(ctx, {
        orderBy: params.orderBy,
        spaceId: params.spaceId,
        after: params.lastDocumentID,
        first: params.results,
      }),
    get: (ctx, id) => tagService.getTag(ctx, safeDecode(id)),
  });

  router.post('/tags', async (req, res) => {
    const tags = await tagService.addTags(contextOf(res), field(req, 'tags'));
    ok(res, { data: { tags } });
  });

  router.post('/tags/followTags', async (req, res) => {
    const tags = await tagFollowsService.followTags(contextOf(res), field(req, 'tags'));
    ok(res, { data: { tags } });
  });

  router.post('/tags/follow', async (req, res) => {
    ok(res, {
      data: await tagFollowsService.followTag(contextOf(res), tagOf(req), activeSpaceId(req)),
    });
  });

  router.post('/tags/unfollow', async (req, res) => {
    ok(res, {
      data: await tagFollowsService.unfollowTag(contextOf(res), tagOf(req), activeSpaceId(req)),
    });
  });

  router.post('/notifications/tags', async (req, res) => {
    const tags = await alertTagsService.setNotificationTags(contextOf(res), field(req, 'tags'));
    ok(res, { data: { tags } });
  });

  router.post('/user/profileTags', async (req, res) => {
    const profileTags = await profileTagsService.setProfileTags(
      contextOf(res),
      field(req, 'profileTags'),
    );
    ok(res, { data: { profileTags } });
  });

  router.get('/autocomplete/search', async (req, res) => {
    const data = await autocompleteService.autocomplete(contextOf(res), {
      searchParam: queryParam(req, 'searchParam'),
      collection: queryParam(req, 'collection'),
      spaceId: activeSpaceId(req),
    });
    ok(res, { data });
  });
}
