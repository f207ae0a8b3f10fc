/**
 * Rules for spaces: limits and enums shared by server and client. Messages a user may see live in
 * SPACE_MESSAGES and translate under `spaces:errors.<key>` in locales. The zod validators live in
 * spaces.schemas.ts, so a page that only reads a limit or a status does not load zod.
 */
import { GLOBAL_SPACE_ID } from './enums';

/** Space name counter (spec 000 §5, 001 §9). */
export const SPACE_NAME_MAX = 150;
/** Space purpose (description) counter. */
export const SPACE_PURPOSE_MAX = 255;
/**
 * User search for invites: from this many characters on, any part of a display name matches (the
 * spec's minimum); shorter texts match a whole name or a whole word of it, so 'Li' finds 'Li' and
 * 'Li Wei' but not 'Alice'.
 */
export const USER_SEARCH_MIN = 3;
/** Profile tags shown under a name in the user search, to tell people of the same name apart. */
export const USER_SEARCH_TAGS_SHOWN = 3;
/** Recently visited spaces shown in the drawer. */
export const RECENT_SPACES_SHOWN = 3;
/** The spaces menu lists at most this many favourites by default. */
export const SPACES_MENU_SIZE = 25;
/** At most this many users invited in one call. */
export const INVITES_PER_CALL_MAX = 50;

/** Viewer or participant statuses (spec 000 §3 Space participant). */
export const SPACE_PARTICIPANT_STATUSES = [
  'owner',
  'admin',
  'contributor',
  'invited',
  'requested',
  'blocked',
] as const;
export type SpaceParticipantStatus = (typeof SPACE_PARTICIPANT_STATUSES)[number];

/** Participants whose membership lets them read and post; invited, requested and blocked cannot. */
export const ACTIVE_PARTICIPANT_STATUSES = ['owner', 'admin', 'contributor'] as const;
export type ActiveParticipantStatus = (typeof ACTIVE_PARTICIPANT_STATUSES)[number];

/** Filters of the participants list: `active` is owner, admin and contributor; `all` is every status. */
export const PARTICIPANT_FILTERS = ['active', 'all', ...SPACE_PARTICIPANT_STATUSES] as const;
export type ParticipantFilter = (typeof PARTICIPANT_FILTERS)[number];

/** The private spaces tabs (/spaces/private/{tab}). */
export const PRIVATE_SPACE_TABS = ['active', 'invited', 'requested', 'blocked'] as const;
export type PrivateSpaceTab = (typeof PRIVATE_SPACE_TABS)[number];

/** Statuses an owner or admin may give a participant. */
export const ASSIGNABLE_STATUSES = ['admin', 'contributor', 'blocked'] as const;
export type AssignableStatus = (typeof ASSIGNABLE_STATUSES)[number];

/** The viewer's spaces by a private spaces tab, or `all` of them whatever their status. */
export const PRIVATE_SPACE_FILTERS = ['all', ...PRIVATE_SPACE_TABS] as const;
export type PrivateSpaceFilter = (typeof PRIVATE_SPACE_FILTERS)[number];

export const SPACE_MESSAGES = {
  nameRequired: 'Name is required',
  nameMax: 'Name must be at most 150 characters',
  purposeMax: 'Purpose must be at most 255 characters',
  searchRequired: 'Enter a name to search',
  inviteesRequired: 'Choose at least one user to invite',
  inviteesMax: 'Invite at most 50 users at a time',
  ownerCannotLeave: 'The owner cannot leave the space',
  ownerStatusFixed: 'The owner cannot be demoted or blocked',
  onlyOwnerMakesAdmins: 'Only the owner can make or change admins',
  ownStatus: 'You cannot change your own status',
  alreadyParticipant: 'You are already a participant of this space',
  alreadyInvited: 'You are already invited to this space: accept the invitation',
  publicSpaceNoRequest: 'This space is public: enter it directly',
  membersNotListed: 'Members of public spaces are not listed',
  notParticipant: 'You are not a participant of this space',
  participantFilterInvalid: `status must be one of ${PARTICIPANT_FILTERS.join(', ')}`,
  privateSpaceFilterInvalid: `status must be one of ${PRIVATE_SPACE_FILTERS.join(', ')}`,
  assignableStatusInvalid: `status must be one of ${ASSIGNABLE_STATUSES.join(', ')}`,
  favoriteInvalid: 'favorite must be true or false',
} as const;

/** Sorts of public (country) spaces. */
export const COUNTRY_SPACE_SORTS = ['countryNamesAZ', 'countryCodesZA'] as const;
export type CountrySpaceSort = (typeof COUNTRY_SPACE_SORTS)[number];

export const SPACE_KINDS = ['global', 'country', 'private', 'skills'] as const;
export type SpaceKind = (typeof SPACE_KINDS)[number];

/** The fixed skills space (coming soon in the menu). */
export const SKILLS_SPACE_ID = 'skills';

/** What the id of a space says about it (country ids are their lower-case codes). */
export function spaceKindOf(spaceId: string): { kind: SpaceKind; code: string | null } {
  if (spaceId === GLOBAL_SPACE_ID) return { kind: 'global', code: GLOBAL_SPACE_ID };
  if (spaceId === SKILLS_SPACE_ID) return { kind: 'skills', code: null };
  if (/^[a-z]{2}$/u.test(spaceId)) return { kind: 'country', code: spaceId };
  return { kind: 'private', code: null };
}

/** Whether a search text matches parts of names, or (shorter) only whole names and words. */
export const matchesPartsOfNames = (query: string) => query.trim().length >= USER_SEARCH_MIN;

/** A country space's flag emoji from its two-letter code ('in' → 🇮🇳); empty for anything else. */
export function flagEmoji(code: string | null | undefined): string {
  if (!code || !/^[a-z]{2}$/iu.test(code) || code.toLowerCase() === 'ww') return '';
  return String.fromCodePoint(
    ...[...code.toUpperCase()].map((char) => 0x1f1e6 + char.charCodeAt(0) - 65),
  );
}
