import { USER_SEARCH_TAGS_SHOWN } from '@rules';
import type { Context } from '../../context';
import { authorView } from '../users/user.service';
import * as spaceService from './space.service';
import * as mySpacesService from './my-spaces.service';
import type { ParticipantView, UserSearchRow } from './space-participants.service';
import type { SpaceRow } from './space.service';

/**
 * The REST shape of a space: the entity fields of the spec (000 §3 Space), and `invitedBy` for an
 * invitee. `author` and `counters.totalParticipants` are null to whoever may not see its people.
 */
export async function presentSpace(ctx: Context, space: SpaceRow) {
  const [status, favorite, author, totalParticipants, inviter] = await Promise.all([
    spaceService.viewerStatus(ctx, space.id),
    mySpacesService.viewerFavorite(ctx, space.id),
    spaceService.spaceCreator(ctx, space),
    spaceService.spaceParticipantCount(ctx, space),
    spaceService.spaceInviter(ctx, space),
  ]);
  return {
    id: space.id,
    spaceId: space.id,
    name: space.name,
    spaceName: space.name,
    code: space.code,
    country: space.kind === 'country' ? { code: space.code } : null,
    kind: space.kind,
    isPrivate: space.isPrivate,
    description: space.description,
    img: space.imageUrl,
    author: author ? authorView(author) : null,
    invitedBy: inviter ? authorView(inviter) : null,
    status,
    favorite,
    counters: { totalParticipants },
    createdAt: space.createdAt.toISOString(),
  };
}

/** The REST shape of a participant (000 §3 Space participant: author, status). */
export function presentParticipant(participant: ParticipantView) {
  return {
    spaceId: participant.spaceId,
    author: authorView(participant.user),
    status: participant.status,
    createdAt: participant.createdAt.toISOString(),
  };
}

/** A user search result (GraphQL and REST): name, photo, role, when they joined, profile tags. */
export const presentUserSearchResult = (row: UserSearchRow) => ({
  ...authorView(row),
  joinedAt: row.createdAt,
  profileTags: row.profileTags.slice(0, USER_SEARCH_TAGS_SHOWN),
});
