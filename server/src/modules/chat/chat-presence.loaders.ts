import DataLoader from 'dataloader';
import type { Db } from '../../db/client';
import { presenceOf, type Presence } from './chat-presence.service';

/** Presence of the people a response names (members, a direct chat's other person), in one query. */
export function createChatPresenceLoaders(db: Db) {
  return {
    presenceOf: new DataLoader<string, Presence>((userIds) => presenceOf(db, userIds)),
  };
}
