import { SPACE_MESSAGES, type AssignableStatus, type SpaceParticipantStatus } from '@rules';
import { ACTIVE_PARTICIPANT_STATUSES, MANAGER_STATUSES } from './space.policy';

/** Status transitions of space participants, kept apart from the service so the rules read in one place. */

export type ParticipantStatus = SpaceParticipantStatus;

export const isActiveStatus = (status: ParticipantStatus | null | undefined): boolean =>
  !!status && (ACTIVE_PARTICIPANT_STATUSES as readonly string[]).includes(status);

/** Owners and admins manage participants (invite, approve, block). */
export const canManage = (status: ParticipantStatus | null | undefined): boolean =>
  !!status && (MANAGER_STATUSES as readonly string[]).includes(status);

/** Only the owner edits and deletes the space. */
export const canEditSpace = (status: ParticipantStatus | null | undefined): boolean =>
  status === 'owner';

/**
 * Whether `actor` (the viewer's status) may give `target` (the participant's current status) the
 * status `next`. Returns the refusal message, or null when allowed. The caller has already checked
 * that the actor manages the space and is not changing themselves.
 */
export function statusChangeRefusal(
  actor: ParticipantStatus,
  target: ParticipantStatus,
  next: AssignableStatus,
): string | null {
  if (target === 'owner') return SPACE_MESSAGES.ownerStatusFixed;
  if (actor !== 'owner' && (next === 'admin' || target === 'admin'))
    return SPACE_MESSAGES.onlyOwnerMakesAdmins;
  return null;
}

/** Which statuses a participants filter shows, and whether only managers may ask for it. */
export function filterStatuses(filter: string): {
  statuses: ParticipantStatus[];
  managersOnly: boolean;
} {
  switch (filter) {
    case 'active':
      return {
        statuses: [...ACTIVE_PARTICIPANT_STATUSES],
        managersOnly: false,
      };
    case 'owner':
    case 'admin':
    case 'contributor':
      return { statuses: [filter], managersOnly: false };
    case 'invited':
    case 'requested':
    case 'blocked':
      return { statuses: [filter], managersOnly: true };
    default:
      return {
        statuses: ['owner', 'admin', 'contributor', 'invited', 'requested', 'blocked'],
        managersOnly: true,
      };
  }
}
