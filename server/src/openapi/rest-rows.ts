import { z } from 'zod';
import {
  AI_IDENTIFY_KINDS,
  AUTOCOMPLETE_COLLECTIONS,
  analyticsQuerySchema,
  addMembersSchema,
  aiConfigInputSchema,
  aiConfigUpdateSchema,
  aiProviderSchema,
  apiTokenInputSchema,
  appLangSchema,
  checkoutInputSchema,
  commentHtmlSchema,
  createConversationSchema,
  editMessageSchema,
  emailSchema,
  emailTokenSchema,
  explainerCardsInputSchema,
  leaveProblemSchema,
  locationInputSchema,
  mapImportSchema,
  moderateItemActionSchema,
  passwordSchema,
  postDescriptionHtmlSchema,
  postFlagSchema,
  postTitleSchema,
  problemPartSchema,
  profileUpdateKeySchema,
  pushSubscriptionSchema,
  reactionKindSchema,
  reportStatusSchema,
  signInSchema,
  signUpSchema,
  spaceNameSchema,
  spacePurposeSchema,
  storyTextSchema,
  userSyncSchema,
  voteFeedbackSchema,
} from '@rules';
import {
  ADMIN_ACCESS,
  CHAT_ACCESS,
  CONTENT_ACCESS,
  NOTIFICATIONS_ACCESS,
  SESSION_ACCESS,
  type Access,
  type ReadWriteAccess,
} from '../auth/scopes';
import * as shape from './rest-shapes';

/**
 * Every REST row the router serves, documented: its method and path (OpenAPI's `{name}` for
 * Express's `:name`), what it is for, the token scope it needs, what it takes (the rules schemas
 * the services parse with, where the body is theirs) and what it answers. openapi-document.ts
 * builds /api/openapi.json from this list; a test holds it to the router's rows.
 */

export type RowMethod = 'get' | 'post' | 'patch' | 'delete';

export interface DocumentedRow {
  method: RowMethod;
  path: string;
  /** The group the reference lists it under. */
  tag: string;
  summary: string;
  /** What a personal access token needs to call it (a session may call everything). */
  access: Access;
  query?: z.ZodObject;
  body?: z.ZodType;
  status: 200 | 201;
  /** The whole success answer; a row answering something other than JSON says so in `other`. */
  answer: z.ZodType | null;
  other?: { status: number; contentType: string; description: string };
}

/** A `/list/v2`, `/get/v2` or `POST /add` path: what each answers for it. */
export interface DocumentedPath {
  /** The `path` parameter's shape, `{name}` for an id. */
  pattern: string;
  tag: string;
  access: ReadWriteAccess;
  list?: z.ZodType;
  get?: z.ZodType;
  add?: z.ZodType;
}

/** A success answer: `{ success: true }` and the row's own fields. */
export const okAnswer = (fields: z.ZodRawShape = {}) =>
  z.object({ success: z.literal(true), ...fields });

const cursor = z.string().nullable();
const pageOf = (item: z.ZodType) => ({ items: z.array(item), last: cursor });
const dataOf = (fields: z.ZodRawShape) => z.object({ data: z.object(fields) });
/** The spec's POST/PATCH payloads: the item's fields in `data`. */
const inData = (fields: z.ZodType) => z.object({ data: fields });
const pathBody = (extra: z.ZodRawShape = {}) =>
  z.object({ path: z.string().describe('The item, e.g. stories/{id}'), ...extra });
const pageQuery = z.object({
  lastDocumentID: z.string().optional().describe('The `last` of the previous page'),
  results: z.string().regex(/^\d+$/u).optional().describe('The page size'),
});
const statusQuery = z.object({ status: z.string().optional() });

interface RowInput {
  method: RowMethod;
  path: string;
  summary: string;
  query?: z.ZodObject;
  body?: z.ZodType;
  status?: 200 | 201;
  /** The fields beside `success`; absent: `{ success: true }` alone. */
  answer?: z.ZodRawShape;
  other?: DocumentedRow['other'];
}

/** A module's rows under its token access: GET needs its read scope, the others its write scope. */
const group = (tag: string, access: ReadWriteAccess, rows: RowInput[]): DocumentedRow[] =>
  rows.map(({ answer, status, ...row }) => ({
    ...row,
    tag,
    access: row.method === 'get' ? access.read : access.write,
    status: status ?? 200,
    answer: row.other ? null : okAnswer(answer),
  }));

const row = (
  method: RowMethod,
  path: string,
  summary: string,
  rest: Omit<RowInput, 'method' | 'path' | 'summary'> = {},
): RowInput => ({ method, path, summary, ...rest });

// Request bodies of the post kinds: the fields their services take (see each *.service.ts).
const postFields = {
  isAnonymousPost: postFlagSchema,
  isDraft: postFlagSchema,
  files: z.array(z.looseObject({})).optional(),
  location: locationInputSchema.nullish(),
};
const titledPost = z.object({
  name: postTitleSchema,
  description: postDescriptionHtmlSchema,
  ...postFields,
});
const storyBody = z.object({
  story: storyTextSchema,
  problemId: z.string().optional(),
  ...postFields,
});

/** The rows `mountPostRest` (rest/post-rest.ts) gives a post kind. */
function postRows(collection: string, item: z.ZodType, body: z.ZodType, noun: string) {
  return [
    row('post', `/${collection}`, `Posts a ${noun} in the active space`, {
      body: inData(body),
      status: 201,
      answer: { data: item },
    }),
    row('patch', `/${collection}/{id}`, `Edits a ${noun}`, {
      body: inData(body),
      answer: { data: item },
    }),
    row('delete', `/${collection}/{id}`, `Deletes a ${noun}`),
  ];
}

const tokenBody = apiTokenInputSchema(new Date(0));

export const DOCUMENTED_ROWS: DocumentedRow[] = [
  ...group('auth', { read: 'read', write: 'session' }, [
    row('post', '/auth/signup', 'Signs up; a verification e-mail follows', {
      body: signUpSchema,
      status: 201,
      answer: { message: z.string() },
    }),
    row('post', '/auth/login', 'Signs in: the session token (a Bearer token) and who one is', {
      body: signInSchema,
      answer: { token: z.string(), user: shape.me, linkedProvider: z.string().nullish() },
    }),
    row('post', '/auth/logout', 'Ends the session'),
    row('post', '/auth/verify', "Confirms an e-mail address with the mail's token", {
      body: z.object({ token: emailTokenSchema }),
    }),
    row('post', '/auth/resend-verification', 'Sends the verification e-mail again', {
      body: z.object({ email: emailSchema }),
      answer: { message: z.string() },
    }),
    row('post', '/auth/forgot-password', 'Sends a password reset e-mail', {
      body: z.object({ email: emailSchema }),
      answer: { message: z.string() },
    }),
    row('post', '/auth/reset-password/check', 'Whether a reset token is still valid', {
      body: z.object({ token: emailTokenSchema }),
      answer: { valid: z.boolean() },
    }),
    row('post', '/auth/reset-password', 'Sets a new password with a reset token', {
      body: z.object({ token: emailTokenSchema, password: passwordSchema }),
    }),
    row('get', '/auth/oidc/start', 'Starts signing in with the OpenID provider (a browser link)', {
      other: { status: 302, contentType: 'text/plain', description: 'To the provider' },
    }),
    row('get', '/auth/oidc/callback', "The OpenID provider's return (a browser link)", {
      other: { status: 302, contentType: 'text/plain', description: 'Back to the app' },
    }),
  ]),

  ...group('users', CONTENT_ACCESS, [
    row('get', '/user/userinfo', "The signed-in person's user record", {
      answer: { user: shape.userRecord },
    }),
    row('post', '/user/sync', '(v1) The account the client signed in with, and its role', {
      body: userSyncSchema.extend({ id: z.string().optional() }),
      answer: { user: shape.userRecord },
    }),
    row(
      'post',
      '/user/explainercards',
      'Hides an explainer card (`path`), or shows all (`reset`)',
      {
        body: explainerCardsInputSchema,
      },
    ),
    row('post', '/user/update', 'Changes one profile field, named by `key`', {
      body: profileUpdateKeySchema.extend({
        displayName: z.string().optional(),
        photoURL: z.string().nullish(),
        bio: z.string().nullish(),
        email: z.string().optional(),
        hidePresence: z.boolean().optional(),
      }),
      answer: { user: shape.me, message: z.string().optional() },
    }),
    row('post', '/user/updateLang', 'Sets the app language', {
      body: z.object({ appLang: appLangSchema }),
    }),
    row('post', '/user/updateLangSettings', 'Sets the app language (`appLang` or `lang`)', {
      body: z.object({ appLang: appLangSchema.optional(), lang: appLangSchema.optional() }),
      answer: { user: shape.me },
    }),
    row('delete', '/user/delete', "Deletes the signed-in person's account"),
  ]),

  ...group('spaces', CONTENT_ACCESS, [
    row('get', '/spaces', "The viewer's spaces with their status", {
      query: statusQuery,
      answer: { items: z.array(shape.space) },
    }),
    row('get', '/spaces/detect', '(v1) The space a code names, else the global space', {
      query: z.object({ code: z.string().optional() }),
      answer: {
        space: z.object({ name: z.string(), spaceId: z.string(), code: z.string().nullable() }),
      },
    }),
    row('get', '/spaces/{spaceId}/participants', "A space's participants", {
      query: statusQuery.extend(pageQuery.shape),
      answer: { participants: z.array(shape.participant), last: cursor },
    }),
    row('post', '/spaces/request/access', 'Asks to join a private space', {
      body: z.object({ requestedSpaceId: z.string() }),
      answer: dataOf({ spaceId: z.string(), status: z.string() }).shape,
    }),
    row('post', '/spaces/favorite', 'Marks a space as a favourite, or not', {
      body: z.object({ customSpaceId: z.string(), favorite: z.boolean() }),
    }),
    row('post', '/spaces/sendInvites', 'Invites people to a space', {
      body: z.object({ spaceId: z.string(), userIds: z.array(z.string()) }),
      answer: { invited: z.number() },
    }),
    row('post', '/spaces', 'Creates a private space', {
      body: inData(z.looseObject({ name: spaceNameSchema, description: spacePurposeSchema })),
      status: 201,
      answer: { data: shape.space },
    }),
    row('patch', '/spaces/{id}', 'Edits a space', {
      body: inData(z.looseObject({})),
      answer: { data: shape.space },
    }),
    row('delete', '/spaces/{id}', 'Deletes a space'),
    row('post', '/spaces/{id}/join', 'Accepts an invitation', { answer: { data: shape.space } }),
    row('post', '/spaces/{id}/leave', 'Leaves a space'),
    row('post', '/spaces/{id}/participants/status', "Sets a participant's status", {
      body: z.object({ userId: z.string(), status: z.enum(['admin', 'contributor', 'blocked']) }),
    }),
    row('post', '/user/changeSpace', 'Sets the active space', {
      body: z.looseObject({ spaceId: z.string() }),
    }),
  ]),

  ...group('stories', CONTENT_ACCESS, postRows('stories', shape.story, storyBody, 'story')),

  ...group('stories', CONTENT_ACCESS, [
    row('get', '/analytics', "A story's key topics (never a provider call)", {
      query: analyticsQuerySchema,
      answer: { entities: z.array(shape.storyEntity), source: shape.storyAnalyticsSource },
    }),
  ]),

  ...group('problems', CONTENT_ACCESS, [
    ...postRows('problems', shape.problem, titledPost, 'problem'),
    row('get', '/problems/joinedProblems', "The viewer's joined problems, by priority", {
      answer: {
        items: z.array(
          z.object({ id: z.string(), name: z.string(), priority: z.number().nullable() }),
        ),
      },
    }),
    row('post', '/problems/update/joinedProblems', 'Orders the joined problems', {
      body: z.object({ problemIds: z.array(z.string()) }),
    }),
    row('get', '/problems', 'The problems of a space (the active one), newest first', {
      query: z.object({ spaceId: z.string().optional(), orderBy: z.string().optional() }),
      answer: pageOf(shape.problem),
    }),
    row('post', '/problems/{id}/join', 'Joins a problem'),
    row('post', '/problems/{id}/leave', 'Leaves a problem, saying why', {
      body: leaveProblemSchema,
    }),
    row('post', '/problems/{id}/parts', 'Adds a part to a problem', {
      body: inData(problemPartSchema),
      status: 201,
      answer: { data: shape.problemPart },
    }),
  ]),

  ...group('solutions', CONTENT_ACCESS, [
    ...postRows(
      'solutions',
      shape.solution,
      titledPost.extend({ problemId: z.string().optional() }),
      'solution',
    ),
    row('post', '/solutions/{id}/linkSolutions', 'Links a solution to problems', {
      body: z.object({ problemIds: z.array(z.string()) }),
    }),
    row(
      'get',
      '/solutions/{problemId}/upvotedSolutions',
      "A problem's solutions the viewer upvoted",
      {
        answer: { items: z.array(shape.solution) },
      },
    ),
  ]),

  ...group('votes', CONTENT_ACCESS, [
    row('post', '/votes/upvote', 'Upvotes a solution', {
      body: pathBody({ feedback: voteFeedbackSchema.optional() }),
      answer: { data: shape.voteState },
    }),
    row('post', '/votes/downvote', 'Downvotes a solution', {
      body: pathBody({ feedback: voteFeedbackSchema.optional() }),
      answer: { data: shape.voteState },
    }),
    row('post', '/votes/resetVote', "Takes back the viewer's vote", {
      body: pathBody(),
      answer: { data: shape.voteState },
    }),
  ]),

  ...group('skills', CONTENT_ACCESS, [
    ...postRows(
      'skills',
      shape.skill,
      z.object({
        name: postTitleSchema,
        description: postDescriptionHtmlSchema,
        isAnonymousPost: postFlagSchema,
      }),
      'skill',
    ),
    row('post', '/skills/{id}/join', 'Joins a skill', { answer: { data: shape.skill } }),
    row('post', '/skills/{id}/leave', 'Leaves a skill', { answer: { data: shape.skill } }),
  ]),

  ...group('tags', CONTENT_ACCESS, [
    row('post', '/tags', 'Adds tags to the active space', {
      body: z.object({ tags: z.array(z.string()) }),
      answer: dataOf({ tags: z.array(z.string()) }).shape,
    }),
    row('post', '/tags/followTags', 'Sets the followed tags', {
      body: z.object({ tags: z.array(z.string()) }),
      answer: dataOf({ tags: z.array(z.string()) }).shape,
    }),
    row('post', '/tags/follow', 'Follows a tag (`id`, `name` or `tag`)', {
      body: z.object({ id: z.string().optional(), name: z.string().optional() }),
      answer: { data: shape.tag },
    }),
    row('post', '/tags/unfollow', 'Stops following a tag', {
      body: z.object({ id: z.string().optional(), name: z.string().optional() }),
      answer: { data: shape.tag },
    }),
    row('post', '/notifications/tags', 'Sets the tags whose new problems alert the viewer', {
      body: z.object({ tags: z.array(z.string()) }),
      answer: dataOf({ tags: z.array(z.string()) }).shape,
    }),
    row('post', '/user/profileTags', "Sets the viewer's profile tags", {
      body: z.object({ profileTags: z.array(z.string()) }),
      answer: dataOf({ profileTags: z.array(z.string()) }).shape,
    }),
    row('get', '/autocomplete/search', 'Tags or participants starting with the typed text', {
      query: z.object({
        searchParam: z.string().optional(),
        collection: z.enum(AUTOCOMPLETE_COLLECTIONS),
      }),
      answer: {
        data: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            photoURL: z.string().nullable(),
            role: z.string().nullable(),
          }),
        ),
      },
    }),
  ]),

  ...group('dashboard', CONTENT_ACCESS, [
    row('get', '/dashboard/info', "The active space's numbers", {
      answer: dataOf({
        totalProblems: z.number(),
        totalStories: z.number(),
        totalSkills: z.number(),
        total_tags: z.number(),
        total_users: z.number(),
      }).shape,
    }),
  ]),

  ...group('reactions', CONTENT_ACCESS, [
    row('post', '/reactions/react', 'Reacts to an item', {
      body: pathBody({ reaction: reactionKindSchema, previousReaction: z.string().nullish() }),
      answer: { data: shape.reactionState },
    }),
    row('post', '/reactions/unreact', "Takes back the viewer's reaction", {
      body: pathBody(),
      answer: { data: shape.reactionState },
    }),
    row('get', '/reactions', 'The items the viewer reacted to', {
      query: pageQuery,
      answer: pageOf(shape.myReaction),
    }),
  ]),

  ...group('bookmarks', CONTENT_ACCESS, [
    row('post', '/bookmarks/bookmark', 'Bookmarks an item', { body: pathBody() }),
    row('post', '/bookmarks/unbookmark', 'Removes a bookmark', { body: pathBody() }),
    row('get', '/bookmarks', "The viewer's bookmarks", {
      query: pageQuery,
      answer: pageOf(shape.myBookmark),
    }),
  ]),

  ...group('people', CONTENT_ACCESS, [
    row('post', '/users/follow', 'Follows a person (`userId`, or `path` users/{id})', {
      body: z.object({ userId: z.string().optional(), path: z.string().optional() }),
      answer: { data: shape.person },
    }),
    row('post', '/users/unfollow', 'Stops following a person', {
      body: z.object({ userId: z.string().optional(), path: z.string().optional() }),
      answer: { data: shape.person },
    }),
  ]),

  ...group('comments', CONTENT_ACCESS, [
    row('post', '/comments', 'Comments on a post, or replies (`path` …/comments/{id}/replies)', {
      body: z.object({ path: z.string(), data: z.object({ commentHTML: commentHtmlSchema }) }),
      status: 201,
      answer: { data: shape.comment },
    }),
    row('patch', '/comments/{id}', 'Edits a comment or reply', {
      body: z.object({ data: z.object({ commentHTML: commentHtmlSchema }) }),
      answer: { data: shape.comment },
    }),
    row('delete', '/comments/{id}', 'Deletes a comment or reply'),
  ]),

  ...group('media', CONTENT_ACCESS, [
    row('get', '/media/{uploadId}/transcription', "An audio attachment's transcription", {
      answer: { transcription: shape.audioTranscription },
    }),
    row(
      'get',
      '/media/{uploadId}/{name}',
      'An uploaded file, or `thumbnail.webp` for its thumbnail',
      {
        other: { status: 200, contentType: '*/*', description: "The file's bytes" },
      },
    ),
  ]),

  ...group('places', CONTENT_ACCESS, [
    row('get', '/places/search', 'Places matching the typed text', {
      query: z.object({ query: z.string(), countryCode: z.string().optional() }),
      answer: { items: z.array(shape.place) },
    }),
    row('get', '/places/reverse', 'The place at a position', {
      query: z.object({ lat: z.string(), lng: z.string() }),
      answer: { data: shape.place.nullable() },
    }),
  ]),

  ...group('maps', CONTENT_ACCESS, [
    row('post', '/views/import/data', 'Imports a map exported from this app', {
      body: z.object({ data: mapImportSchema, problemId: z.string().optional() }),
      status: 201,
      answer: { data: shape.map },
    }),
    row('post', '/views', 'Saves a new map (a recipe with `problemId`)', {
      body: inData(z.looseObject({ name: z.string(), type: z.string() })),
      status: 201,
      answer: { data: shape.map },
    }),
    row('patch', '/views/{id}', 'Saves a map (`version` guards against overwriting)', {
      body: inData(z.looseObject({ version: z.number().optional() })),
    }),
    row('delete', '/views', 'Deletes a map (`linkId`; a recipe also `path=problems/{id}`)', {
      query: z.object({ linkId: z.string(), path: z.string().optional() }),
    }),
  ]),

  ...group('notifications', NOTIFICATIONS_ACCESS, [
    row('delete', '/notifications/notification/{id}', 'Deletes a notification'),
    row('delete', '/notifications/clearAll', "Deletes all the viewer's notifications"),
    row('post', '/notifications/updateKeys', "Saves the browser's push subscription", {
      body: z.object({ key: z.union([pushSubscriptionSchema, z.string()]) }),
    }),
    row('get', '/notifications/unsubscribe', "The digest e-mail's unsubscribe link", {
      query: z.object({ token: z.string() }),
    }),
    row('post', '/notifications/unsubscribe', 'One-click unsubscribe (RFC 8058)', {
      query: z.object({ token: z.string() }),
    }),
  ]),

  ...group('moderation', ADMIN_ACCESS, [
    row('post', '/reports', 'Reports an item', {
      body: z.looseObject({
        path: z.string(),
        documentID: z.string(),
        tags: z.array(z.string()),
        comments: z.string().optional(),
      }),
      status: 201,
      answer: { data: shape.report },
    }),
    row('get', '/reports', "The report queue (moderators) or the viewer's reports", {
      query: pageQuery.extend({
        queueSpaceId: z.string().optional(),
        status: z.string().optional(),
      }),
      answer: pageOf(shape.report),
    }),
    row('patch', '/reports/{id}', "Sets a report's status", {
      body: inData(z.object({ status: reportStatusSchema })),
      answer: { data: shape.report },
    }),
    row('post', '/moderation/suspend', 'Suspends a person until a date', {
      body: z.looseObject({ userId: z.string(), until: z.string() }),
      answer: { data: shape.adminUser },
    }),
    row('post', '/moderation/unsuspend', 'Lifts a suspension', {
      body: z.object({ userId: z.string() }),
      answer: { data: shape.adminUser },
    }),
    row('post', '/moderation/{action}', 'Hides, restores, approves or rejects an item', {
      body: z
        .looseObject({ path: z.string() })
        .describe(`action: ${moderateItemActionSchema.options.join(', ')}`),
    }),
    row('get', '/spaces/{id}/export', "A space's content as a JSON download (space admins)", {
      other: {
        status: 200,
        contentType: 'application/json',
        description: 'The export, as an attachment',
      },
    }),
  ]),

  ...group('tokens', SESSION_ACCESS, [
    row('post', '/tokens', 'Creates a personal access token (its secret shows once)', {
      body: tokenBody,
      status: 201,
      answer: dataOf({ id: z.string(), token: z.string(), apiToken: shape.apiToken }).shape,
    }),
    row('get', '/tokens', "The signed-in person's tokens", {
      answer: { items: z.array(shape.apiToken) },
    }),
    row('delete', '/tokens/{id}', 'Revokes a token'),
  ]),

  ...group('ai', SESSION_ACCESS, [
    row('get', '/ai/keys', "The signed-in person's AI configs (never a key in clear)", {
      answer: { apiKeys: z.array(shape.aiConfig) },
    }),
    row('post', '/ai/keys', 'Saves an AI config, its key encrypted', {
      body: inData(aiConfigInputSchema),
      status: 201,
      answer: { data: shape.aiConfig },
    }),
    row('patch', '/ai/keys', "Changes an AI config's model, name or description", {
      body: z.object({ apiKeyId: z.string(), data: aiConfigUpdateSchema }),
    }),
    row('delete', '/ai/{id}/keys', 'Deletes an AI config'),
    row('post', '/ai/models', "A provider's models for a key, which checks the key", {
      body: inData(
        z.object({
          provider: aiProviderSchema,
          apiKey: z.string().optional().describe('A key to check (not stored)'),
          apiKeyId: z.string().optional().describe('Or one of your AI configs'),
          iv: z.string().optional().describe('Accepted and ignored (the spec client sends it)'),
          baseUrl: z.string().optional().describe('The server address, for openaicompatible'),
        }),
      ),
      answer: { models: z.array(shape.aiModel) },
    }),
    ...AI_IDENTIFY_KINDS.map((kind) =>
      row('post', `/ai/identify-${kind}`, `Identifies ${kind} with the person's AI config`, {
        body: z.object({
          prompt: z.string().optional().describe('The text to read (plain text); or `text`'),
          problemId: z.string().optional().describe('A problem to read; required for parts'),
          apiKeyId: z
            .string()
            .optional()
            .describe('One of your AI configs; your default otherwise'),
          data: z.record(z.string(), z.unknown()).optional().describe('The same fields, nested'),
        }),
        answer: {
          resultId: z.string(),
          usage: shape.aiTokenUsage,
          [kind]: z.array(shape.aiResultItem),
        },
      }),
    ),
    row('post', '/ai/results/{id}/publish', 'Publishes one item of an AI result as a real item', {
      body: z.object({ name: z.string().describe('The name of the item to publish') }),
      answer: { result: shape.aiResult },
    }),
    row('post', '/ai/transcribe', "Transcribes a post's audio with the person's AI config", {
      body: z.object({
        uploadId: z.string().describe("The audio's upload, attached to a post you may edit"),
        apiKeyId: z.string().optional().describe('One of your AI configs; your default otherwise'),
        redo: z.boolean().optional().describe('Transcribe again what already was'),
      }),
      answer: { transcription: shape.audioTranscription },
    }),
    row('get', '/ai/usage', "The person's AI spending this month and the monthly cap", {
      answer: { usage: shape.aiUsage },
    }),
  ]),

  ...group('billing', CONTENT_ACCESS, [
    row(
      'get',
      '/subscriptions',
      "The signed-in person's subscription (null when never subscribed)",
      {
        answer: { subscription: shape.accountSubscription.nullable() },
      },
    ),
  ]),
  ...group('billing', SESSION_ACCESS, [
    row('post', '/subscriptions/checkout', 'Starts Stripe Checkout for a plan: its hosted URL', {
      body: checkoutInputSchema,
      answer: { url: z.string() },
    }),
    row(
      'get',
      '/subscriptions/portal',
      "The URL of Stripe's customer portal for one's own subscription",
      {
        query: z.object({
          returnUrl: z.string().optional().describe('A path or URL on this app to come back to'),
          customerId: z.string().optional().describe('Ignored: the customer is always your own'),
        }),
        answer: { url: z.string() },
      },
    ),
  ]),
  // No sign-in: Stripe's signature on the raw body is the credential.
  ...group('billing', { read: 'read', write: 'read' }, [
    row('post', '/stripe/webhook', "Stripe's events (signed with the webhook secret)", {
      body: z.looseObject({ id: z.string(), type: z.string() }),
      answer: { received: z.literal(true), duplicate: z.boolean() },
    }),
  ]),

  ...group('chat', CHAT_ACCESS, [
    row('get', '/chat/groups', 'The groups and channels of the active space', {
      answer: { groups: z.array(shape.conversation) },
    }),
    row('get', '/chat/conversations', "The viewer's direct chats", {
      answer: { items: z.array(shape.conversation), conversations: z.array(shape.conversation) },
    }),
    row('post', '/chat/group', 'Opens a group, channel or direct chat', {
      body: inData(createConversationSchema),
      answer: dataOf({ id: z.string() }).shape,
    }),
    row('post', '/chat/group/{id}/addMembers', 'Adds members to a group', {
      body: inData(z.object({ ids: addMembersSchema.shape.userIds })),
    }),
    row('delete', '/chat/conversations/{groupId}', 'Deletes a conversation'),
    row('delete', '/chat/groups/{id}/leave', 'Leaves a group'),
    row('get', '/chat/messages/{conversationId}', "A conversation's messages, newest last", {
      query: z.object({
        before: z.string().optional(),
        after: z.string().optional(),
        results: z.string().optional(),
      }),
      answer: { messages: z.array(shape.chatMessage), hasMore: z.boolean() },
    }),
    row('post', '/chat/conversations/{id}/messages', 'Sends a message', {
      body: z.object({
        data: z.looseObject({ text: z.string(), id: z.string().optional() }),
        chatInfo: z.looseObject({ receiverId: z.string() }).optional(),
      }),
      answer: { data: shape.chatMessage, conversationId: z.string() },
    }),
    row('patch', '/chat/conversations/{conversationId}/messages/{messageId}', 'Edits a message', {
      body: inData(editMessageSchema.pick({ text: true })),
      answer: { data: shape.chatMessage },
    }),
    row('delete', '/chat/conversations/{conversationId}/messages/{messageId}', 'Deletes a message'),
    row('post', '/chat/active/conversations', 'Sets the conversation on screen (empty clears)', {
      body: z.object({ conversationId: z.string().optional() }),
    }),
    row('post', '/chat/notifications/{id}/clear', "Clears a conversation's unread count"),
    row('post', '/chat/conversations/{id}/files', 'Uploads an image for a message (raw body)', {
      status: 201,
      answer: { data: z.looseObject({}) },
    }),
  ]),
];

const CONTENT_COLLECTION = (pattern: string, tag: string, shapes: Partial<DocumentedPath>) => ({
  pattern,
  tag,
  access: CONTENT_ACCESS,
  ...shapes,
});

const COMMENT_PARENTS = [
  'stories/{id}',
  'problems/{id}',
  'solutions/{id}',
  'problems/{problemId}/solutions/{id}',
  'skills/{id}',
];

/** What `/list/v2?path=…`, `/get/v2?path=…` and `POST /add {path}` serve (rest/paths.ts). */
export const DOCUMENTED_PATHS: DocumentedPath[] = [
  ...(
    [
      ['stories', shape.story],
      ['problems', shape.problem],
      ['solutions', shape.solution],
      ['skills', shape.skill],
    ] as const
  ).map(([collection, item]) =>
    CONTENT_COLLECTION(collection, collection, { list: item, get: item, add: item }),
  ),
  CONTENT_COLLECTION('problems/{id}/parts', 'problems', { list: shape.problemPart }),
  CONTENT_COLLECTION('problems/{id}/parts/{partId}', 'problems', { get: shape.problemPart }),
  CONTENT_COLLECTION('problems/{id}/solutions/{solutionId}', 'solutions', { get: shape.solution }),
  CONTENT_COLLECTION('views', 'maps', { list: shape.map, get: shape.map }),
  CONTENT_COLLECTION('problems/{id}/views', 'maps', { list: shape.map }),
  CONTENT_COLLECTION('problems/{id}/views/{viewId}', 'maps', { get: shape.map }),
  ...['', 'views/{viewId}/', 'problems/{problemId}/views/{viewId}/'].flatMap((prefix) => [
    CONTENT_COLLECTION(`${prefix}nodes`, 'maps', { list: shape.graphNode }),
    CONTENT_COLLECTION(`${prefix}links`, 'maps', { list: shape.graphLink }),
  ]),
  ...COMMENT_PARENTS.flatMap((parent) => [
    CONTENT_COLLECTION(`${parent}/comments`, 'comments', { list: shape.comment }),
    CONTENT_COLLECTION(`${parent}/comments/{commentId}/replies`, 'comments', {
      list: shape.comment,
    }),
  ]),
  CONTENT_COLLECTION('media', 'media', { list: shape.spaceMedia }),
  CONTENT_COLLECTION('people', 'people', { list: shape.person, get: shape.person }),
  CONTENT_COLLECTION('orgs', 'people', { list: shape.person, get: shape.person }),
  ...(
    [
      ['followers', shape.person],
      ['following', shape.person],
      ['stories', shape.story],
      ['problems', shape.problem],
      ['solutions', shape.solution],
      ['skills', shape.skill],
      ['solving', shape.problem],
    ] as const
  ).map(([list, item]) => CONTENT_COLLECTION(`users/{id}/${list}`, 'people', { list: item })),
  CONTENT_COLLECTION('users/{id}/common', 'people', { get: shape.commonGround }),
  CONTENT_COLLECTION('spaces/{id}/locations', 'places', { list: shape.located }),
  CONTENT_COLLECTION('spaces', 'spaces', { get: shape.space }),
  CONTENT_COLLECTION('participants', 'spaces', { list: shape.participant }),
  CONTENT_COLLECTION('users', 'spaces', { list: shape.userSearchResult }),
  CONTENT_COLLECTION('tags', 'tags', { list: shape.tag, get: shape.tag }),
  CONTENT_COLLECTION('solutions/{id}/upvotes', 'votes', { list: shape.voter }),
  CONTENT_COLLECTION('solutions/{id}/downvotes', 'votes', { list: shape.voter }),
  {
    pattern: 'users/{uid}/notifications',
    tag: 'notifications',
    access: NOTIFICATIONS_ACCESS,
    list: shape.notification,
  },
  {
    pattern: 'chatgroups/{id}/participants',
    tag: 'chat',
    access: CHAT_ACCESS,
    list: shape.chatMember,
  },
];
