import type { Context } from '../../context';
import { authorView } from '../users/user.service';
import * as spaceService from './space.service';
import type { ParticipantView, SpaceRow } from './space.service';

/** The REST shape of a space: the entity fields of the spec (000 §3 Space). */
export async function presentSpace(ctx: Context, space: SpaceRow) {
  const [status, favorite, author, totalParticipants] = await Promise.all([
    spaceService.viewerStatus(ctx, space.id),
    spaceService.viewerFavorite(ctx, space.id),
    space.authorId ? ctx.loaders.authorById.load(space.authorId) : Promise.resolve(null),
    ctx.loaders.activeParticipantCount.load(space.id),
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
