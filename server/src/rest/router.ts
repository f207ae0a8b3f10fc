import express, { Router } from 'express';
import { REST_DEFAULT_PAGE_SIZE } from '@rules';
import { mountAdminRest } from '../modules/admin/admin.rest';
import { mountAiHelpersRest } from '../modules/ai/ai-helpers.rest';
import { mountTranscribeRest, mountTranscriptionRest } from '../modules/ai/transcription.rest';
import { mountAiConfigRest } from '../modules/ai/ai-config.rest';
import { mountStoryAnalyticsRest } from '../modules/ai/story-analytics.rest';
import { mountAuthRest } from '../modules/auth/auth.rest';
import {
  mountBillingRest,
  mountStripeWebhook,
  mountSubscriptionRest,
} from '../modules/billing/billing.rest';
import { mountBookmarkRest } from '../modules/bookmarks/bookmark.rest';
import { mountChatRest } from '../modules/chat/chat.rest';
import { mountChatMessageRest } from '../modules/chat/chat-messages.rest';
import { mountCommentRest } from '../modules/comments/comment.rest';
import { mountDashboardRest } from '../modules/dashboard/dashboard.rest';
import { mountMapRest } from '../modules/maps/map.rest';
import { mountMediaRest } from '../modules/media/media-files.rest';
import { mountSpaceMediaRest } from '../modules/media/space-media.rest';
import { mountModerationRest } from '../modules/moderation/moderation.rest';
import { mountPushRest } from '../modules/notifications/push.rest';
import { mountNotificationRest } from '../modules/notifications/notification.rest';
import { mountPeopleRest } from '../modules/people/people.rest';
import { mountPlacesRest } from '../modules/places/places.rest';
import { mountProblemRest } from '../modules/problems/problem.rest';
import { mountReactionRest } from '../modules/reactions/reaction.rest';
import { mountSkillRest } from '../modules/skills/skill.rest';
import { mountSolutionRest } from '../modules/solutions/solution.rest';
import { mountSpaceRest } from '../modules/spaces/space.rest';
import { mountStoryRest } from '../modules/stories/story.rest';
import { mountTagRest } from '../modules/tags/tag.rest';
import { mountApiTokenRest } from '../modules/tokens/api-token.rest';
import { mountUserRest } from '../modules/users/user.rest';
import { mountVoteRest } from '../modules/votes/vote.rest';
import {
  ADMIN_ACCESS,
  CHAT_ACCESS,
  CONTENT_ACCESS,
  NOTIFICATIONS_ACCESS,
  SESSION_ACCESS,
  type ReadWriteAccess,
} from '../auth/scopes';
import { cursorTime } from '../db/keyset';
import { routeNotFound } from '../errors';
import { createOpenApiRouter } from '../openapi/openapi-routes';
import { csrfGuard } from './csrf';
import { PathRouter } from './paths';
import { withAccess } from './rest-access';
import { activeSpaceId, bodyFields, contextOf, ok, queryParam, resultsParam } from './shell';

/**
 * The REST compatibility layer at /api and /apiv1 (the spec's two clients share one router).
 * `_t` is ignored; the context (viewer from Bearer token or cookie) is resolved in app.ts. Tests
 * pass their own `paths` to list the collections it routes.
 */
export function createRestRouter(paths = new PathRouter()): Router {
  const router = Router();
  // The API's own description (/openapi.json, /docs), open to all and before any row's 404.
  router.use(createOpenApiRouter());
  // Before the body is read: a refused cross-site write is not even parsed.
  router.use(csrfGuard);
  // Stripe signs the body's exact bytes: its webhook reads them before the JSON parser does.
  mountStripeWebhook(router);
  router.use(express.json({ limit: '1mb' }));

  // Each module's rows and paths with the token access they need (auth/scopes.ts).
  const mount = (access: ReadWriteAccess, mountRows: (rows: Router) => void) =>
    paths.withAccess(access, () => mountRows(withAccess(router, access)));
  // Signing in, up and out belong to the site's own pages; reading who one is stays open.
  mount({ read: 'read', write: 'session' }, (rows) => mountAuthRest(rows));
  mount(CONTENT_ACCESS, (rows) => {
    mountUserRest(rows);
    mountSubscriptionRest(rows);
    mountSpaceRest(rows, paths);
    mountStoryRest(rows, paths);
    mountProblemRest(rows, paths);
    mountSolutionRest(rows, paths);
    mountVoteRest(rows, paths);
    mountSkillRest(rows, paths);
    mountSpaceMediaRest(paths);
    mountTagRest(rows, paths);
    mountDashboardRest(rows, paths);
    mountReactionRest(rows);
    mountBookmarkRest(rows);
    mountPeopleRest(rows, paths);
    mountCommentRest(rows, paths);
    mountTranscriptionRest(rows);
    mountMediaRest(rows);
    mountPlacesRest(rows, paths);
    mountMapRest(rows, paths);
    // A story's key topics: stored or computed, never a provider call, so a token's read suffices.
    mountStoryAnalyticsRest(rows);
  });
  mount(NOTIFICATIONS_ACCESS, (rows) => {
    mountNotificationRest(rows, paths);
    mountPushRest(rows);
  });
  mount(ADMIN_ACCESS, (rows) => {
    mountModerationRest(rows);
    mountAdminRest(rows);
  });
  mount(SESSION_ACCESS, (rows) => mountApiTokenRest(rows));
  // Payments are the person's own: never started or managed with a token.
  mount(SESSION_ACCESS, (rows) => mountBillingRest(rows));
  // A person's AI provider keys: never reachable with a token.
  mount(SESSION_ACCESS, (rows) => mountAiConfigRest(rows));
  mount(SESSION_ACCESS, (rows) => {
    mountAiHelpersRest(rows);
    mountTranscribeRest(rows);
  });
  mount(CHAT_ACCESS, (rows) => {
    mountChatRest(rows, paths);
    mountChatMessageRest(rows);
  });

  router.get('/list/v2', async (req, res) => {
    const page = await paths.list(contextOf(res), queryParam(req, 'path') ?? '', {
      spaceId: activeSpaceId(req),
      orderBy: queryParam(req, 'orderBy'),
      lastDocumentID: queryParam(req, 'lastDocumentID'),
      // The spec's default list size; its client asks for up to 1000, which a REST page holds
      // (Context.pageSizeMax); past that `last` continues.
      results: resultsParam(req) ?? REST_DEFAULT_PAGE_SIZE,
      authorId: queryParam(req, 'authorId'),
      query: queryParam(req, 'query'),
      tags: queryParam(req, 'tags'),
      timeRange: queryParam(req, 'timeRange'),
      startDate: queryParam(req, 'startDate'),
      endDate: queryParam(req, 'endDate'),
      lat: queryParam(req, 'lat'),
      lng: queryParam(req, 'lng'),
      distance: queryParam(req, 'distance'),
    });
    ok(res, { items: page.items, last: page.last, lastScannedWhen: cursorTime(page.last) });
  });

  router.post('/add', async (req, res) => {
    const body: Record<string, unknown> = { ...bodyFields(req), spaceId: activeSpaceId(req) };
    const path = typeof body.path === 'string' ? body.path : '';
    ok(res.status(201), { newItem: await paths.create(contextOf(res), path, body) });
  });

  router.get('/get/v2', async (req, res) => {
    ok(res, { data: await paths.get(contextOf(res), queryParam(req, 'path') ?? '') });
  });

  // A path or method no row serves is the API's 404 in its error shape, not the client's page.
  router.use(() => {
    throw routeNotFound();
  });

  return router;
}
