import DataLoader from 'dataloader';
import { inArray } from 'drizzle-orm';
import type { Viewer } from '../auth/sessions';
import type { Db } from '../db/client';
import { users } from '../db/schema';
import { createAiLoaders } from '../modules/ai/ai.loaders';
import { createTranscriptionLoaders } from '../modules/ai/transcription.loaders';
import { createBillingLoaders } from '../modules/billing/billing.loaders';
import { createBookmarkLoaders } from '../modules/bookmarks/bookmark.loaders';
import { createChatConversationLoaders } from '../modules/chat/chat-conversations.loaders';
import { createChatLoaders } from '../modules/chat/chat.loaders';
import { createChatPresenceLoaders } from '../modules/chat/chat-presence.loaders';
import { createNotificationLoaders } from '../modules/notifications/notification.loaders';
import { createMapLoaders } from '../modules/maps/map.loaders';
import { createModerationLoaders } from '../modules/moderation/moderation.loaders';
import { createPeopleLoaders } from '../modules/people/people.loaders';
import { createProblemLoaders } from '../modules/problems/problem.loaders';
import { createReactionLoaders } from '../modules/reactions/reaction.loaders';
import { createSkillLoaders } from '../modules/skills/skill.loaders';
import { createSolutionLoaders } from '../modules/solutions/solution.loaders';
import { createSpaceLoaders } from '../modules/spaces/space.loaders';
import { createTagLoaders } from '../modules/tags/tag.loaders';
import { AUTHOR_COLUMNS, type AuthorRow } from '../modules/users/user.rows';
import { createVoteLoaders } from '../modules/votes/vote.loaders';

/** Loaders exist only on the request context: one set per request, so caches never cross viewers. */
export function createLoaders(db: Db, viewer: Viewer | null) {
  return {
    authorById: new DataLoader<string, AuthorRow | null>(async (ids) => {
      const rows = await db
        .select(AUTHOR_COLUMNS)
        .from(users)
        .where(inArray(users.id, [...ids]));
      const byId = new Map(rows.map((row) => [row.id, row]));
      return ids.map((id) => byId.get(id) ?? null);
    }),
    ...createSpaceLoaders(db),
    ...createAiLoaders(db),
    ...createBillingLoaders(db),
    ...createTranscriptionLoaders(db, viewer),
    ...createProblemLoaders(db),
    ...createSolutionLoaders(db, viewer),
    ...createSkillLoaders(db, viewer),
    ...createTagLoaders(db),
    ...createReactionLoaders(db, viewer),
    ...createBookmarkLoaders(db, viewer),
    ...createPeopleLoaders(db, viewer),
    ...createNotificationLoaders(db, viewer),
    ...createVoteLoaders(db, viewer),
    ...createModerationLoaders(db),
    ...createChatConversationLoaders(db, viewer),
    ...createChatLoaders(db, viewer),
    ...createChatPresenceLoaders(db, viewer),
    ...createMapLoaders(db, viewer),
  };
}

export type Loaders = ReturnType<typeof createLoaders>;
