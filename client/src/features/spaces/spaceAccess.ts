import { ACTIVE_PARTICIPANT_STATUSES } from '@rules';

const ACTIVE_STATUSES: readonly string[] = ACTIVE_PARTICIPANT_STATUSES;

/** The viewer takes part in the space (owner, admin or contributor), as the server counts it. */
export const isActiveParticipant = (status: string | null | undefined): boolean =>
  ACTIVE_STATUSES.includes(status ?? '');

/** The viewer may read the space: it is open, or the viewer takes part in it. */
export const canReadSpace = (space: { isPrivate: boolean; status?: string | null }): boolean =>
  !space.isPrivate || isActiveParticipant(space.status);
