import DataLoader from 'dataloader';
import type { Viewer } from '../../auth/sessions';
import type { Db } from '../../db/client';
import { followedAmong } from './people.service';
import { postCountsOf, type PostCounts } from './profile.service';

/** Per-request DataLoaders of people for the request's viewer; spread into the context's loaders. */
export function createPeopleLoaders(db: Db, viewer: Viewer | null) {
  return {
    /** Whether the viewer follows each person (false signed out). */
    followedById: new DataLoader<string, boolean>(async (ids) => {
      const followed = await followedAmong(db, viewer, ids);
      return ids.map((id) => followed.has(id));
    }),
    /** Each person's stories, problems, solutions and skills the viewer may read. */
    postCountsById: new DataLoader<string, PostCounts>(async (ids) => {
      const counts = await postCountsOf(db, viewer, ids);
      return ids.map((id) => counts.get(id)!);
    }),
  };
}
