/**
 * Rules for problems: limits and enums shared by server and client. Messages a user may see live in
 * PROBLEM_MESSAGES and translate under `problems:errors.<key>` in locales. Title and description
 * rules are the shared post rules (posts.ts). The zod validators live in problems.schemas.ts, so
 * a page that only reads a status or its colour does not load zod.
 */
import { POST_MESSAGES } from './posts';

/** Spec 000 §4: proposed, unsolved (default), solving, solved, archived; anything else shows grey. */
export const PROBLEM_STATUSES = ['proposed', 'unsolved', 'solving', 'solved', 'archived'] as const;
export type ProblemStatus = (typeof PROBLEM_STATUSES)[number];
export const DEFAULT_PROBLEM_STATUS: ProblemStatus = 'unsolved';

export const PROBLEM_STATUS_COLORS: Record<ProblemStatus, string> = {
  proposed: '#0D1B2A',
  unsolved: '#FF5252',
  solving: '#FFC157',
  solved: '#4CAF50',
  archived: '#2670C0',
};
/** The spec's 'undefined' status: a fallback grey for anything unknown. */
export const PROBLEM_STATUS_FALLBACK_COLOR = '#9E9E9E';

export const isProblemStatus = (value: unknown): value is ProblemStatus =>
  typeof value === 'string' && (PROBLEM_STATUSES as readonly string[]).includes(value);

export const problemStatusColor = (status: string | null | undefined): string =>
  isProblemStatus(status) ? PROBLEM_STATUS_COLORS[status] : PROBLEM_STATUS_FALLBACK_COLOR;

export const PROBLEM_PART_TYPES = ['stakeholder', 'thing', 'process'] as const;
export type ProblemPartType = (typeof PROBLEM_PART_TYPES)[number];
export const isProblemPartType = (value: unknown): value is ProblemPartType =>
  typeof value === 'string' && (PROBLEM_PART_TYPES as readonly string[]).includes(value);
export const PROBLEM_PART_NAME_MAX = 100;
export const PROBLEM_PART_DESCRIPTION_MAX = 2_000;
export const PROBLEM_PART_ATTRIBUTES_MAX = 30;
export const PROBLEM_ATTRIBUTE_NAME_MAX = 60;
export const PROBLEM_ATTRIBUTE_VALUE_MAX = 300;

export const MEASUREMENT_NAME_MAX = 100;
export const MEASUREMENT_UNIT_MAX = 30;
export const MEASUREMENT_NOTE_MAX = 500;

export const LEAVING_COMMENT_MAX = 500;
export const LEAVING_EMOJI_MAX = 16;
export const LEAVING_SOLUTIONS_MAX = 100;

/** Lists of /problems/*: recent (the space), myproblems, mypriorities (joined), solving. */
export const PROBLEM_LISTS = ['recent', 'myproblems', 'mypriorities', 'solving'] as const;
export type ProblemList = (typeof PROBLEM_LISTS)[number];

/** Spec 001 §9 problem sorts; 'location' (nearest first) needs the viewer's position. */
export const PROBLEM_SORTS = [
  'recent',
  'recentStatus',
  'participants',
  'solutions',
  'stories',
  'location',
] as const;
export type ProblemSort = (typeof PROBLEM_SORTS)[number];

export const PROBLEM_MESSAGES = {
  ...POST_MESSAGES,
  statusInvalid: 'Choose a valid status',
  sortInvalid: `orderBy must be one of ${PROBLEM_SORTS.join(', ')}`,
  notJoined: 'You have not joined this problem',
  prioritiesNotJoined: 'You can only order problems you have joined',
  partTypeInvalid: 'Choose stakeholder, thing or process',
  partNameRequired: 'Part name is required',
  partNameMax: `The part name must be at most ${PROBLEM_PART_NAME_MAX} characters`,
  partDescriptionMax: `The part description must be at most ${PROBLEM_PART_DESCRIPTION_MAX} characters`,
  attributesMax: `At most ${PROBLEM_PART_ATTRIBUTES_MAX} attributes`,
  attributeNameRequired: 'Attribute name is required',
  attributeNameMax: `The attribute name must be at most ${PROBLEM_ATTRIBUTE_NAME_MAX} characters`,
  attributeValueMax: `The attribute value must be at most ${PROBLEM_ATTRIBUTE_VALUE_MAX} characters`,
  measurementNameRequired: 'Measurement name is required',
  measurementNameMax: `The measurement name must be at most ${MEASUREMENT_NAME_MAX} characters`,
  measurementValueInvalid: 'The value must be a number',
  measurementUnitMax: `The unit must be at most ${MEASUREMENT_UNIT_MAX} characters`,
  measurementNoteMax: `The note must be at most ${MEASUREMENT_NOTE_MAX} characters`,
  leavingCommentMax: `The leaving comment must be at most ${LEAVING_COMMENT_MAX} characters`,
  emojiInvalid: 'Pick one emoji',
} as const;
