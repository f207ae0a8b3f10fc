import { buildSchema, getMetadataStorage, type AuthChecker } from 'type-graphql';
import type { GraphQLSchema } from 'graphql';
import type { Context } from '../context';
import { unauthenticated } from '../errors';
import { AdminResolver } from '../modules/admin/admin.resolver';
import { AuthResolver } from '../modules/auth/auth.resolver';
import { MySessionsResolver } from '../modules/auth/my-sessions.resolver';
import {
  BookmarkResolver,
  ProblemBookmarkedField,
  ProgressMapBookmarkedField,
  SkillBookmarkedField,
  SolutionBookmarkedField,
  StoryBookmarkedField,
} from '../modules/bookmarks/bookmark.resolver';
import {
  BillingActionsResolver,
  BillingResolver,
  PersonBillingFields,
  UserBillingFields,
} from '../modules/billing/billing.resolver';
import { ChatLiveResolver, ChatMemberPresenceField } from '../modules/chat/chat-live.resolver';
import { ChatConversationResolver } from '../modules/chat/chat-conversations.resolver';
import {
  ChatConversationMessageFields,
  ChatMessageResolver,
} from '../modules/chat/chat-messages.resolver';
import { CommentResolver } from '../modules/comments/comment.resolver';
import { DashboardResolver } from '../modules/dashboard/dashboard.resolver';
import { SpaceMediaResolver } from '../modules/media/space-media.resolver';
import { ProgressMapResolver, WaypointResolver } from '../modules/maps/map.resolver';
import { ModerationResolver } from '../modules/moderation/moderation.resolver';
import { OAuthResolver } from '../modules/oauth/oauth.resolver';
import {
  NotificationResolver,
  SpaceNotificationFields,
  UserNotificationFields,
} from '../modules/notifications/notification.resolver';
import { PushResolver } from '../modules/notifications/push.resolver';
import { PeopleResolver } from '../modules/people/people.resolver';
import { ProblemResolver } from '../modules/problems/problem.resolver';
import {
  CommentReactionFields,
  ProblemReactionFields,
  ReactionResolver,
  SolutionReactionFields,
  StoryReactionFields,
} from '../modules/reactions/reaction.resolver';
import { SkillResolver } from '../modules/skills/skill.resolver';
import { SolutionResolver } from '../modules/solutions/solution.resolver';
import { SpaceParticipantResolver, SpaceResolver } from '../modules/spaces/space.resolver';
import { PlacesResolver } from '../modules/places/places.resolver';
import { ClientConfigResolver } from '../modules/places/client-config.resolver';
import { StoryResolver } from '../modules/stories/story.resolver';
import { TagResolver } from '../modules/tags/tag.resolver';
import { ApiTokenResolver } from '../modules/tokens/api-token.resolver';
import { AiChatResolver } from '../modules/ai/ai-chat.resolver';
import { AiConfigResolver } from '../modules/ai/ai-config.resolver';
import { AiHelpersResolver, ProblemAiInfoResolver } from '../modules/ai/ai-helpers.resolver';
import {
  StoryAnalysisResolver,
  StoryAnalyticsResolver,
} from '../modules/ai/story-analytics.resolver';
import {
  AudioTranscriptionResolver,
  TranscribeAudioResolver,
} from '../modules/ai/transcription.resolver';
import { ExplainersResolver } from '../modules/users/explainers.resolver';
import { UserResolver } from '../modules/users/user.resolver';
import { VoteResolver } from '../modules/votes/vote.resolver';

/** `@Authorized()` means "signed in"; ownership and visibility are the services' business. */
const authChecker: AuthChecker<Context> = ({ context }) => {
  if (!context.viewer) throw unauthenticated();
  return true;
};

export const resolvers = [
  AuthResolver,
  MySessionsResolver,
  UserResolver,
  BillingResolver,
  BillingActionsResolver,
  UserBillingFields,
  PersonBillingFields,
  ApiTokenResolver,
  AiConfigResolver,
  AiHelpersResolver,
  ProblemAiInfoResolver,
  AiChatResolver,
  StoryAnalyticsResolver,
  StoryAnalysisResolver,
  TranscribeAudioResolver,
  AudioTranscriptionResolver,
  OAuthResolver,
  ExplainersResolver,
  SpaceResolver,
  SpaceParticipantResolver,
  StoryResolver,
  ProblemResolver,
  SolutionResolver,
  VoteResolver,
  SkillResolver,
  SpaceMediaResolver,
  PlacesResolver,
  ClientConfigResolver,
  TagResolver,
  DashboardResolver,
  ReactionResolver,
  StoryReactionFields,
  ProblemReactionFields,
  SolutionReactionFields,
  CommentReactionFields,
  BookmarkResolver,
  StoryBookmarkedField,
  ProblemBookmarkedField,
  SolutionBookmarkedField,
  SkillBookmarkedField,
  ProgressMapBookmarkedField,
  ProgressMapResolver,
  WaypointResolver,
  PeopleResolver,
  CommentResolver,
  PushResolver,
  NotificationResolver,
  UserNotificationFields,
  SpaceNotificationFields,
  AdminResolver,
  ModerationResolver,
  ChatConversationResolver,
  ChatMessageResolver,
  ChatConversationMessageFields,
  ChatLiveResolver,
  ChatMemberPresenceField,
] as const;

/**
 * Every subscription declares its own `subscribe`, which listens on the request context's pubsub
 * (in-process or LISTEN/NOTIFY, chosen at start). type-graphql still insists on a schema-wide
 * pubSub, so it gets one that says where topics really live.
 */
const pubSub = {
  publish: () => {
    throw new Error('publish through Context.pubsub');
  },
  subscribe: () => {
    throw new Error('subscriptions declare `subscribe` and listen on Context.pubsub');
  },
};

/**
 * type-graphql wraps every plain field in its middleware runner: a closure call and an object per
 * field per item, and a list of stories has hundreds of fields. A field with no middleware, no
 * @Authorized and its own name resolves as graphql's default resolver instead (type-graphql's
 * documented `simple` option, applied to every field it is safe for).
 */
function useDefaultResolversForPlainFields() {
  for (const field of getMetadataStorage().fields) {
    const plain = !field.roles && !field.middlewares?.length && field.name === field.schemaName;
    if (plain) field.simple ??= true;
  }
}

/** The root types' descriptions (issue 26): type-graphql makes these types itself and takes none. */
const ROOT_TYPE_DESCRIPTIONS = {
  query:
    'Reads. Signed out, only public content; a personal access token needs the read scope (chat and notifications need their own).',
  mutation:
    'Changes. Most need sign-in; a personal access token needs the write scope (chat, notifications and admin calls need their own).',
  subscription:
    'Live events over graphql-ws at /graphql; who may receive them is checked on subscribing and again for each event.',
};

function describeRootTypes(schema: GraphQLSchema): GraphQLSchema {
  for (const [root, type] of [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const)
    if (type) type.description = ROOT_TYPE_DESCRIPTIONS[root];
  return schema;
}

export const buildAppSchema = async () => {
  useDefaultResolversForPlainFields();
  return describeRootTypes(await buildSchema({ resolvers, authChecker, pubSub, validate: false }));
};
