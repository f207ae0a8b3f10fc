import type { Context } from '../../context';
import type { PersonRow } from './people.service';

/** Whether the viewer follows this person (false signed out). */
export const personFollowing = (ctx: Context, person: PersonRow) =>
  ctx.loaders.followedById.load(person.id);

/** The profile counters as this viewer may see them (000 §3 User counters). */
export async function personCounters(ctx: Context, person: PersonRow) {
  const posts = await ctx.loaders.postCountsById.load(person.id);
  return {
    totalFollowers: person.totalFollowers,
    totalFollowing: person.totalFollowing,
    ...posts,
  };
}

/** The REST shape of a person (the user card and the profile header), in the spec's field names. */
export async function presentPerson(ctx: Context, person: PersonRow) {
  const [following, counters] = await Promise.all([
    personFollowing(ctx, person),
    personCounters(ctx, person),
  ]);
  return {
    id: person.id,
    uid: person.id,
    displayName: person.displayName,
    photoURL: person.photoUrl ?? '',
    role: person.role,
    bio: person.bio,
    profileTags: person.profileTags,
    following,
    counters,
    createdAt: person.createdAt.toISOString(),
  };
}
