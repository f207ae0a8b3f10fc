import type { Request, Router } from 'express';
import type { Context } from '../../context';
import type { Page } from '../../db/keyset';
import type { ListParams, PathRouter } from '../../rest/paths';
import { bodyFields, contextOf, ok, presentPage } from '../../rest/shell';
import { presentProblem } from '../problems/problem.presenter';
import { presentSkill } from '../skills/skill.presenter';
import { presentSolution } from '../solutions/solution.presenter';
import { presentSpace } from '../spaces/space.presenter';
import { presentStory } from '../stories/story.presenter';
import { presentPerson } from './people.presenter';
import * as peopleService from './people.service';
import * as profileService from './profile.service';

/**
 * Who a follow row names: `{ userId }`, or `{ path: 'users/{id}' }` like the other engagement rows
 * name their item. Anything else reaches the service as missing and is refused there.
 */
function followedUserId(req: Request): unknown {
  const body = bodyFields(req);
  if (body.userId !== undefined) return body.userId;
  const path = typeof body.path === 'string' ? body.path.split('/').filter(Boolean) : [];
  return path.length === 2 && path[0] === 'users' ? path[1] : undefined;
}

/** A profile list below `users/{id}`, paged like every list (`lastDocumentID`, `results`). */
function profileList<Row>(
  paths: PathRouter,
  pattern: string,
  list: (ctx: Context, input: peopleService.PersonListInput) => Promise<Page<Row>>,
  present: (ctx: Context, row: Row) => Promise<unknown>,
) {
  paths.registerList(pattern, async (ctx, params: ListParams, { id }) =>
    presentPage(
      await list(ctx, { userId: id, after: params.lastDocumentID, first: params.results }),
      (row) => present(ctx, row),
    ),
  );
}

/**
 * People rows (not shown in the spec, named after its collections): `POST /users/follow` and
 * `/users/unfollow`; `/list/v2?path=people|orgs` (directories, `query` searches names),
 * `users/{id}/followers|following|stories|problems|solutions|skills|solving`; `/get/v2?path=
 * people/{id}` (the profile) and `users/{id}/common`. `users` itself stays the invite search.
 */
export function mountPeopleRest(router: Router, paths: PathRouter) {
  for (const directory of ['people', 'orgs'] as const) {
    paths.register(directory, {
      async list(ctx, params) {
        const page = await peopleService.listDirectory(ctx, {
          directory,
          query: params.query,
          after: params.lastDocumentID,
          first: params.results,
        });
        return presentPage(page, (person) => presentPerson(ctx, person));
      },
      async get(ctx, id) {
        return presentPerson(ctx, await peopleService.getPerson(ctx, id));
      },
    });
  }

  profileList(paths, 'users/:id/followers', peopleService.listFollowers, presentPerson);
  profileList(paths, 'users/:id/following', peopleService.listFollowing, presentPerson);
  profileList(paths, 'users/:id/stories', profileService.listPersonStories, presentStory);
  profileList(paths, 'users/:id/problems', profileService.listPersonProblems, presentProblem);
  profileList(paths, 'users/:id/solutions', profileService.listPersonSolutions, presentSolution);
  profileList(paths, 'users/:id/skills', profileService.listPersonSkills, presentSkill);
  profileList(paths, 'users/:id/solving', profileService.listPersonSolving, presentProblem);

  paths.registerGet('users/:id/common', async (ctx, { id }) => {
    const common = await profileService.commonWith(ctx, id);
    return {
      spaces: await Promise.all(common.spaces.map((space) => presentSpace(ctx, space))),
      tags: common.tags,
      problems: await Promise.all(common.problems.map((problem) => presentProblem(ctx, problem))),
    };
  });

  router.post('/users/follow', async (req, res) => {
    const ctx = contextOf(res);
    const person = await peopleService.followUser(ctx, followedUserId(req));
    ok(res, { data: await presentPerson(ctx, person) });
  });

  router.post('/users/unfollow', async (req, res) => {
    const ctx = contextOf(res);
    const person = await peopleService.unfollowUser(ctx, followedUserId(req));
    ok(res, { data: await presentPerson(ctx, person) });
  });
}
