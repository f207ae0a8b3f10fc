import { z } from 'zod';
import {
  ACCOUNT_TYPES,
  BILLING_INTERVALS,
  PAID_PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  AI_IDENTIFY_KINDS,
  AI_PROVIDERS,
  STORY_ANALYTICS_SOURCES,
  STORY_ENTITY_TYPES,
  PROBLEM_PART_TYPES,
  API_SCOPES,
  PROBLEM_STATUSES,
  REACTION_KINDS,
  ROLES,
  SPACE_KINDS,
} from '@rules';
import { ERROR_CODES } from '../errors';

/**
 * The shapes REST answers carry, one per presenter (`*.presenter.ts`), named as the document's
 * components. They describe what the presenters return, field for field: a presenter that adds a
 * field without adding it here fails the REST tests (tests/helpers/rest-contract.ts).
 */

export interface ShapeMeta {
  /** The component's name in the OpenAPI document. */
  id: string;
  description?: string;
}

/** The named shapes, in order; `openapi-document.ts` turns them into `components.schemas`. */
export const REST_SHAPES: { schema: z.ZodType; meta: ShapeMeta }[] = [];

const named = <Schema extends z.ZodType>(id: string, description: string, schema: Schema) => {
  REST_SHAPES.push({ schema, meta: { id, description } });
  return schema;
};

/** A moment as JSON carries it: an ISO 8601 string (`Date.toJSON`). */
export const dateTime = named(
  'DateTime',
  'A moment, ISO 8601 in UTC (e.g. 2026-01-31T09:30:00.000Z).',
  z.string(),
);
const id = z.string();
const nullableText = z.string().nullable();
const tags = z.array(z.string());
/** Attachments are stored as the client sent them, after the media rules checked them. */
const files = z.array(z.looseObject({}));
/** The reactions in use on an item and how many gave each (reaction.service `countsInUse`). */
const reactionCounts = z.array(z.object({ reaction: z.enum(REACTION_KINDS), count: z.number() }));

export const author = named(
  'Author',
  "A person as shown beside what they wrote; 'Anonymous' with an empty id for anonymous posts.",
  z.object({
    id,
    displayName: z.string(),
    photoURL: z.string(),
    role: z.enum([...ROLES, 'user']),
  }),
);

export const location = named(
  'Location',
  "A post's place: its position, the picked place's words, and its geohash.",
  z.object({
    lat: z.number(),
    lng: z.number(),
    formattedLocation: nullableText,
    locationTags: tags,
    hash: z.string(),
  }),
);

/** The fields every reactable post answers with (reaction.presenter `presentReactionFields`). */
const reactionFields = {
  reaction: z.enum(REACTION_KINDS).nullable(),
  reacted: z.boolean(),
  reactionCounts,
};

const postFlags = {
  isAnonymousPost: z.boolean(),
  isApproved: z.boolean(),
  isHidden: z.boolean(),
};

export const story = named(
  'Story',
  'A story (story.presenter).',
  z.object({
    id,
    story: z.string(),
    tags,
    spaceId: id,
    problemId: id.nullable(),
    problemName: nullableText,
    author,
    ...postFlags,
    isDraft: z.boolean(),
    files,
    location: location.nullable(),
    distanceKm: z.number().optional(),
    counters: z.object({ totalReactions: z.number(), totalComments: z.number() }),
    ...reactionFields,
    bookmarked: z.boolean(),
    canEdit: z.boolean(),
    createdAt: dateTime,
    when: dateTime,
  }),
);

export const problem = named(
  'Problem',
  'A problem (problem.presenter).',
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    status: z.enum(PROBLEM_STATUSES),
    statusUpdatedAt: dateTime,
    statusActivity: z.object({ createdAt: dateTime }).nullable(),
    color: z.string(),
    tags,
    files,
    location: location.nullable(),
    distanceKm: z.number().optional(),
    spaceId: id,
    author,
    ...postFlags,
    isDraft: z.boolean(),
    joined: z.boolean(),
    counters: z.object({
      totalComments: z.number(),
      totalReactions: z.number(),
      totalParticipants: z.number(),
      totalStories: z.number(),
      totalSolutions: z.number(),
      totalRecipes: z.number(),
      totalSolvers: z.number(),
    }),
    ...reactionFields,
    bookmarked: z.boolean(),
    canEdit: z.boolean(),
    canChangeStatus: z.boolean(),
    createdAt: dateTime,
    when: dateTime,
  }),
);

export const problemPart = named(
  'ProblemPart',
  'A part of a problem (its ingredients, outcomes, …; problem.presenter `presentPart`).',
  z.object({
    id,
    problemId: id,
    type: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    attributes: z.unknown(),
    canEdit: z.boolean(),
    createdAt: dateTime,
  }),
);

export const solution = named(
  'Solution',
  'A solution (solution.presenter).',
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    tags,
    spaceId: id,
    author,
    ...postFlags,
    isDraft: z.boolean(),
    files,
    location: location.nullable(),
    counters: z.object({
      totalComments: z.number(),
      totalReactions: z.number(),
      totalProblems: z.number(),
      totalUpvotes: z.number(),
      totalDownvotes: z.number(),
      totalOutcomes: z.number(),
    }),
    upvoted: z.boolean(),
    downvoted: z.boolean(),
    ...reactionFields,
    bookmarked: z.boolean(),
    canEdit: z.boolean(),
    problems: z.array(z.looseObject({ id })),
    createdAt: dateTime,
    when: dateTime,
  }),
);

export const skill = named(
  'Skill',
  'A skill (skill.presenter).',
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    tags,
    spaceId: id,
    author,
    ...postFlags,
    files,
    counters: z.object({ totalParticipants: z.number(), totalComments: z.number() }),
    joined: z.boolean(),
    bookmarked: z.boolean(),
    canEdit: z.boolean(),
    createdAt: dateTime,
    when: dateTime,
  }),
);

export const comment = named(
  'Comment',
  'A comment or reply (comment.presenter).',
  z.object({
    id,
    commentHTML: z.string(),
    tags,
    mentions: z.array(z.unknown()),
    author,
    path: z.string(),
    parentId: id.nullable(),
    isHidden: z.boolean(),
    counters: z.object({ totalReplies: z.number(), totalReactions: z.number() }),
    ...reactionFields,
    canEdit: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
    when: dateTime,
  }),
);

export const map = named(
  'Map',
  "A map, called a view in the spec's paths (map.presenter).",
  z.object({
    id,
    path: z.string(),
    spaceId: id,
    problemId: id.nullable(),
    name: z.string(),
    description: z.string(),
    type: z.string(),
    graphType: z.string().nullable(),
    graphtypes: z.array(z.string()),
    isPrivate: z.boolean(),
    copyEnabled: z.boolean(),
    cldsEnabled: z.boolean(),
    version: z.number(),
    author,
    authorId: id,
    authorName: z.string(),
    collaborators: z.array(author),
    canEdit: z.boolean(),
    canDelete: z.boolean(),
    canCopy: z.boolean(),
    bookmarked: z.boolean(),
    filters: z.looseObject({}),
    settings: z.looseObject({ planes: z.unknown() }),
    customLinks: z.array(z.looseObject({})),
    nodes2D: z.unknown(),
    nodes3D: z.unknown(),
    excluded: z.unknown(),
    zoomLevel: z.number().nullable(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const graphNode = named(
  'MapNode',
  'A node of a map (`path=nodes`, map.presenter `presentGraphNode`).',
  z.looseObject({ id, key: z.string(), type: z.string(), name: z.string() }),
);

export const graphLink = named(
  'MapLink',
  'A link of a map (`path=links`, map.presenter `presentGraphLink`).',
  z.looseObject({
    id,
    custom: z.boolean(),
    linkType: z.string(),
    source: z.string(),
    target: z.string(),
  }),
);

export const me = named(
  'Me',
  'The signed-in person as they see themselves (user.presenter `presentMe`).',
  z.object({
    id,
    email: z.string(),
    displayName: z.string(),
    photoURL: nullableText,
    bio: nullableText,
    role: z.enum(ROLES),
    appLang: z.string(),
    emailVerified: z.boolean(),
    defaultSpace: z.object({ spaceId: id, spaceName: z.string() }),
    digestEmails: z.boolean(),
    hidePresence: z.boolean(),
    hiddenExplainers: z.array(z.string()),
    isModerator: z.boolean(),
    isAdmin: z.boolean(),
    suspendedUntil: dateTime.nullable(),
    lastScannedWhen: dateTime.nullable(),
  }),
);

export const accountSubscription = named(
  'AccountSubscription',
  "The viewer's subscription as Stripe's webhook last told the server (billing presentSubscription).",
  z.object({
    plan: z.enum(PAID_PLAN_IDS),
    name: z.string(),
    status: z.enum(SUBSCRIPTION_STATUSES),
    interval: z.enum(BILLING_INTERVALS),
    currentPeriodEnd: dateTime.nullable(),
    cancelAtPeriodEnd: z.boolean(),
    lastInvoice: z
      .object({
        amountPaid: z.number().int(),
        currency: z.string(),
        status: z.string(),
        createdAt: dateTime,
        hostedInvoiceUrl: nullableText,
      })
      .nullable(),
  }),
);

export const userRecord = named(
  'UserRecord',
  "The spec's user record (`/user/userinfo`, `/user/sync`): Me with the names its client reads; `/user/userinfo` adds the account type and subscription.",
  me.extend({
    uid: id,
    userSpaceDoc: z.object({ appLang: z.string() }),
    hideExplainers: z.record(z.string(), z.boolean()),
    accountType: z.enum(ACCOUNT_TYPES).optional(),
    isPremiumUser: z.boolean().optional(),
    subscription: accountSubscription.nullable().optional(),
  }),
);

export const person = named(
  'Person',
  'A person as others see them: the user card and profile header (people.presenter).',
  z.object({
    id,
    uid: id,
    displayName: z.string(),
    photoURL: z.string(),
    role: z.enum(ROLES),
    bio: nullableText,
    profileTags: tags,
    following: z.boolean(),
    counters: z.record(z.string(), z.number()),
    createdAt: dateTime,
  }),
);

export const space = named(
  'Space',
  'A space (space.presenter); `author` and the participant count are null to whoever may not see its people.',
  z.object({
    id,
    spaceId: id,
    name: z.string(),
    spaceName: z.string(),
    code: nullableText,
    country: z.object({ code: nullableText }).nullable(),
    kind: z.enum(SPACE_KINDS),
    isPrivate: z.boolean(),
    description: nullableText,
    img: nullableText,
    author: author.nullable(),
    invitedBy: author.nullable(),
    status: nullableText,
    favorite: z.boolean(),
    counters: z.object({ totalParticipants: z.number().nullable() }),
    createdAt: dateTime,
  }),
);

export const participant = named(
  'Participant',
  "A space's participant and their status (space.presenter `presentParticipant`).",
  z.object({ spaceId: id, author, status: z.string(), createdAt: dateTime }),
);

export const userSearchResult = named(
  'UserSearchResult',
  'A person found by the invite search (`path=users`).',
  author.extend({ joinedAt: dateTime, profileTags: tags }),
);

export const tag = named(
  'Tag',
  'A tag with its counters in the active space (tag.service `TagView`).',
  z.object({
    id,
    name: z.string(),
    title: z.string(),
    description: nullableText,
    following: z.boolean(),
    when: dateTime,
    counters: z.object({
      totalProblems: z.number(),
      totalStories: z.number(),
      totalSolutions: z.number(),
      totalFollowers: z.number(),
    }),
  }),
);

export const notification = named(
  'Notification',
  'A notification (notification.presenter).',
  z.object({
    id,
    kind: z.string(),
    itemType: z.string(),
    itemId: id,
    spaceId: id.nullable(),
    spaceName: nullableText,
    actors: z.array(author),
    actorCount: z.number(),
    reaction: nullableText,
    status: nullableText,
    snippet: nullableText,
    postType: nullableText,
    title: nullableText,
    route: z.string(),
    isRead: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const report = named(
  'Report',
  'A report in its card fields (moderation.presenter); reporter and actions reach moderators only.',
  z.object({
    id,
    itemType: z.string(),
    itemId: id,
    path: z.string(),
    documentID: id,
    route: z.string().nullable(),
    reportedAuthor: author.nullable(),
    isAnonymousPost: z.boolean(),
    tags,
    comments: nullableText,
    status: z.string(),
    createdAt: dateTime,
    updatedAt: dateTime,
    reporter: author.nullable(),
    spaceId: id.nullable(),
    spaceName: nullableText,
    itemExcerpt: nullableText,
    itemHidden: z.boolean(),
    canSuspend: z.boolean(),
    actions: z.array(
      z.object({
        id,
        action: z.string(),
        actor: author.nullable(),
        note: nullableText,
        until: dateTime.nullable(),
        createdAt: dateTime,
      }),
    ),
  }),
);

export const adminUser = named(
  'AdminUser',
  'A person as site admins see them (admin.presenter `presentAdminUser`).',
  z.object({
    id,
    displayName: z.string(),
    email: z.string(),
    photoURL: nullableText,
    role: z.enum(ROLES),
    isModerator: z.boolean(),
    isAdmin: z.boolean(),
    suspendedUntil: dateTime.nullable(),
    createdAt: dateTime,
  }),
);

export const chatMember = named(
  'ChatMember',
  'A person in a conversation (chat.presenter `presentChatMember`).',
  z.object({ id, displayName: z.string(), photoURL: z.string(), isAuthor: z.boolean() }),
);

export const conversation = named(
  'Conversation',
  'A chat group, channel or direct chat (chat.presenter `presentConversationRest`).',
  z.object({
    id,
    conversationId: id,
    name: z.string(),
    description: nullableText,
    type: z.string(),
    spaceId: id.nullable(),
    itemType: nullableText,
    itemId: id.nullable(),
    problemId: id.nullable(),
    receiverId: id.nullable(),
    receivingAuthor: chatMember.nullable(),
    totalNewMessages: z.number(),
    imageURL: nullableText,
    author: author.nullable(),
    createdAt: dateTime,
    when: dateTime,
  }),
);

export const chatMessage = named(
  'ChatMessage',
  'A chat message (chat-message.presenter `presentChatMessageRest`).',
  z.object({
    id,
    conversationId: id,
    text: z.string(),
    files: files,
    author: author.extend({ name: z.string() }).nullable(),
    type: z.literal('reply').nullable(),
    selectedMessage: z
      .object({
        id,
        text: z.string(),
        author: z.object({ displayName: z.string() }),
        hasFiles: z.boolean(),
      })
      .nullable(),
    reactions: z.array(
      z.object({ emoji: z.string(), count: z.number(), reactedByMe: z.boolean() }),
    ),
    createdAt: dateTime,
    updatedAt: dateTime,
    editedAt: dateTime.nullable(),
    when: dateTime,
  }),
);

export const reactionState = named(
  'ReactionState',
  "An item's reaction counts and the viewer's reaction after a react or unreact.",
  z.object({
    itemType: z.string(),
    itemId: id,
    reaction: z.enum(REACTION_KINDS).nullable(),
    totalReactions: z.number(),
    counts: reactionCounts,
  }),
);

export const voteState = named(
  'VoteState',
  "The viewer's vote on a solution and its counters after a vote row.",
  z.object({
    id,
    upvoted: z.boolean(),
    downvoted: z.boolean(),
    feedback: z.string(),
    upvotedWhen: dateTime.nullable(),
    downvotedWhen: dateTime.nullable(),
    counters: z.object({ totalUpvotes: z.number(), totalDownvotes: z.number() }),
  }),
);

export const voter = named(
  'Voter',
  'A person who voted on a solution (`path=solutions/{id}/upvotes|downvotes`).',
  author.extend({ role: z.string(), when: dateTime, feedback: nullableText }),
);

/** A /bookmarks or /reactions entry: the item as its own rows present it, and its path. */
const engagementEntry = (extra: z.ZodRawShape, items: z.ZodType[]) =>
  z.object({
    itemType: z.string(),
    itemId: id,
    path: z.string(),
    when: dateTime,
    ...extra,
    item: z.union(items),
  });

export const myBookmark = named(
  'MyBookmark',
  'A bookmarked item (`GET /bookmarks`).',
  engagementEntry({}, [story, problem, solution, skill, map]),
);

export const myReaction = named(
  'MyReaction',
  'An item the viewer reacted to (`GET /reactions`).',
  engagementEntry({ reaction: z.enum(REACTION_KINDS) }, [story, problem, solution, comment]),
);

export const apiToken = named(
  'ApiToken',
  'A personal access token as listed (never its secret).',
  z.object({
    id,
    name: z.string(),
    scopes: z.array(z.enum(API_SCOPES)),
    expiresAt: dateTime.nullable(),
    lastUsedAt: dateTime.nullable(),
    createdAt: dateTime,
  }),
);

export const aiConfig = named(
  'AiConfig',
  "One of the person's AI configs: never its key, only the key's last four characters.",
  z.object({
    id,
    name: z.string(),
    description: z.string(),
    provider: z.enum(AI_PROVIDERS),
    model: z.string(),
    keyLast4: z.string(),
    baseUrl: nullableText,
    isDefault: z.boolean(),
    createdAt: dateTime,
    updatedAt: dateTime,
  }),
);

export const aiModel = named(
  'AiModel',
  "A provider's model: groq and OpenAI-compatible servers' carry `id`; Gemini's `name` (without `models/`) and `displayName`.",
  z.union([z.object({ id: z.string() }), z.object({ name: z.string(), displayName: z.string() })]),
);

export const aiTokenUsage = z.object({
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
});

export const aiResultItem = named(
  'AiResultItem',
  'One item an AI helper identified (plain text); `publishedId` names what publishing it created.',
  z.object({
    name: z.string(),
    description: z.string(),
    partType: z.enum(PROBLEM_PART_TYPES).nullable(),
    isPublished: z.boolean(),
    publishedId: id.nullable(),
  }),
);

export const aiResult = named(
  'AiResult',
  'What one run of an AI helper identified, its items published one by one.',
  z.object({
    id,
    isMine: z.boolean(),
    kind: z.enum(AI_IDENTIFY_KINDS),
    problemId: id.nullable(),
    spaceId: id.nullable(),
    items: z.array(aiResultItem),
    usage: aiTokenUsage,
    createdAt: dateTime,
  }),
);

export const storyEntity = named(
  'StoryEntity',
  'One entity a story mentions (000 §3); `metadata.wikipedia_url` only for an https Wikipedia article.',
  z.object({
    name: z.string(),
    type: z.enum(STORY_ENTITY_TYPES),
    salience: z.number().min(0).max(1),
    metadata: z.object({ wikipedia_url: z.string().optional() }),
  }),
);

export const storyAnalyticsSource = z
  .enum(STORY_ANALYTICS_SOURCES)
  .describe(
    "`provider`: a reader's AI provider found them; `fallback`: the story's hashtags and phrases",
  );

export const aiUsage = named(
  'AiUsage',
  "The person's spending through the AI helpers this month (UTC) and the monthly cap.",
  z.object({
    month: z.string(),
    cap: z.number().int(),
    inputTokens: z.number().int(),
    outputTokens: z.number().int(),
    calls: z.number().int(),
    byConfig: z.array(
      z.object({
        configId: id,
        name: nullableText,
        inputTokens: z.number().int(),
        outputTokens: z.number().int(),
        calls: z.number().int(),
      }),
    ),
  }),
);

export const audioTranscription = named(
  'AudioTranscription',
  "An audio attachment's transcription: 000 §3's list (`resultEndTime`, `alternatives[0].transcript`), plain text.",
  z.object({
    uploadId: id,
    hasTranscription: z.boolean(),
    canTranscribe: z.boolean(),
    segments: z.array(
      z.object({
        resultEndTime: z.string(),
        alternatives: z.array(z.object({ transcript: z.string() })),
      }),
    ),
    transcribedAt: dateTime.nullable(),
  }),
);

export const place = named(
  'Place',
  'A place found by the place search or by position.',
  z.looseObject({ lat: z.number(), lng: z.number() }),
);

export const spaceMedia = named(
  'SpaceMedia',
  "An attachment of a space's post (`path=media`).",
  z.object({
    item: z.looseObject({ type: z.string(), url: z.string(), fileIndex: z.number() }),
    postType: z.string(),
    postId: id,
    postTitle: z.string(),
    createdAt: dateTime,
  }),
);

export const located = named(
  'LocatedPost',
  "A post with a place, as a pin on a space's map (`path=spaces/{id}/locations`).",
  z.object({
    postType: z.string(),
    postId: id,
    title: z.string(),
    lat: z.number(),
    lng: z.number(),
    formattedLocation: nullableText,
  }),
);

export const commonGround = named(
  'CommonGround',
  'What the viewer shares with a person (`path=users/{id}/common`).',
  z.object({ spaces: z.array(space), tags, problems: z.array(problem) }),
);

export const restError = named(
  'Error',
  "Every refusal and failure: the code, the message in the spec's words, and the field it is about.",
  z.object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(ERROR_CODES),
      message: z.string(),
      field: nullableText,
      suspendedUntil: dateTime.optional(),
      version: z.number().optional(),
      scope: z.string().optional(),
    }),
  }),
);
