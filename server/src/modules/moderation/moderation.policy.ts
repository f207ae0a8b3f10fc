import type { Viewer } from '../../auth/sessions';
import type { ReportableType } from '@rules';
import type { PostType } from '../posts/post-path';

/** Site moderators work the queue of everything outside private spaces; admins are moderators too. */
export const isSiteModerator = (viewer: Viewer | null): viewer is Viewer =>
  !!viewer && (viewer.isModerator || viewer.isAdmin);

/**
 * Suspending a person: site moderators and admins, never an admin, never oneself. The suspension
 * checks it, and a report offers Suspend by it (`Report.canSuspend`).
 */
export const canSuspendUser = (viewer: Viewer | null, person: { id: string; isAdmin: boolean }) =>
  isSiteModerator(viewer) && person.id !== viewer.id && !person.isAdmin;

/** Who moderates an item: the site's moderators, or a private space's owners and admins. */
export type ModerationScope = { kind: 'site' } | { kind: 'space'; spaceId: string };

/** Items in a private space are moderated by that space; everything else by the site. */
export const scopeOf = (space: { id: string; isPrivate: boolean } | null): ModerationScope =>
  space?.isPrivate ? { kind: 'space', spaceId: space.id } : { kind: 'site' };

/** The client route that shows an item (a comment shows on its post). */
export function itemRoute(type: ReportableType | PostType, id: string): string {
  switch (type) {
    case 'stories':
      return `/story/${id}`;
    case 'problems':
      return `/problem/${id}/info`;
    case 'solutions':
      return `/solution/${id}/info`;
    case 'skills':
      return `/skill/${id}/info`;
    case 'users':
      return `/network/${id}/info`;
    case 'comments':
      return '';
  }
}

/** The fragment of a post's route that opens its thread at one comment (`#comment-{id}`). */
export const commentAnchor = (commentId: string) => `comment-${commentId}`;

/** How much of an item's text a moderator sees on the report card. */
export const EXCERPT_LENGTH = 280;

export function excerptOf(text: string) {
  const trimmed = text.trim();
  return trimmed.length > EXCERPT_LENGTH ? `${trimmed.slice(0, EXCERPT_LENGTH - 1)}…` : trimmed;
}
