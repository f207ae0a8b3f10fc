import DataLoader from 'dataloader';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { presenceOf, type Presence } from './chat-presence.service';

/**
 * Presence of the people a response names (members, a direct chat's other person), as the viewer
 * may see it, in one query.
 */
export function createChatPresenceLoaders(db: Db, viewer: Viewer | null) {
  return {
    presenceOf: new DataLoader<string, Presence>((userIds) =>
      presenceOf(db, viewer?.id ?? null, userIds),
    ),
  };
}
