import type { Viewer } from '../../auth/sessions';
import { canManage, isActiveStatus, type ParticipantStatus } from '../spaces/space-status';

/** Who may open the admin pages: site admins only (spec 000 §2 leaves the access open; ours). */
export const canAdminister = (viewer: Viewer | null) => viewer?.isAdmin === true;

/**
 * Who may see a space's manage pages (overview, users, data): site admins for any space, and a
 * private space's owners and admins for theirs. Public spaces have no owners: only site admins.
 */
export const canManageSpaceData = (
  viewer: Viewer,
  space: { isPrivate: boolean },
  status: ParticipantStatus | null,
) => viewer.isAdmin || (space.isPrivate && canManage(status));

/**
 * Whether a refusal may say so (FORBIDDEN) or must look like a missing space (NOT_FOUND): a
 * private space stays unseen by anyone who cannot read it.
 */
export const spaceVisibleTo = (space: { isPrivate: boolean }, status: ParticipantStatus | null) =>
  !space.isPrivate || isActiveStatus(status);
