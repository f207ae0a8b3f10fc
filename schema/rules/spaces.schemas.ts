/** The zod validators of spaces' inputs (limits and messages: spaces.ts). */
import { z } from 'zod';
import { ID_MAX } from './limits';
import { MESSAGES } from './messages';
import { PEOPLE_MESSAGES, PEOPLE_SEARCH_MAX } from './people';
import {
  ASSIGNABLE_STATUSES,
  PARTICIPANT_FILTERS,
  PRIVATE_SPACE_FILTERS,
  SPACE_MESSAGES,
  SPACE_NAME_MAX,
  SPACE_PURPOSE_MAX,
} from './spaces';

export const spaceNameSchema = z
  .string({ error: SPACE_MESSAGES.nameRequired })
  .trim()
  .min(1, SPACE_MESSAGES.nameRequired)
  .max(SPACE_NAME_MAX, { message: SPACE_MESSAGES.nameMax, abort: true });

export const spacePurposeSchema = z
  .string()
  .trim()
  .max(SPACE_PURPOSE_MAX, { message: SPACE_MESSAGES.purposeMax, abort: true });

/** A country space's code as a client names it (`x-country`, detectSpace); blank means none. */
export const spaceCodeSchema = z
  .string()
  .trim()
  .max(ID_MAX, { message: MESSAGES.invalidValue, abort: true })
  .toLowerCase()
  .nullish();

/** Which participants a list shows; absent, the active ones. */
export const participantFilterSchema = z
  .enum(PARTICIPANT_FILTERS, { error: SPACE_MESSAGES.participantFilterInvalid })
  .nullish()
  .transform((filter) => filter ?? 'active');

/** Which of the viewer's spaces a list shows; absent, those they are active in. */
export const privateSpaceFilterSchema = z
  .enum(PRIVATE_SPACE_FILTERS, { error: SPACE_MESSAGES.privateSpaceFilterInvalid })
  .nullish()
  .transform((filter) => filter ?? 'active');

export const assignableStatusSchema = z.enum(ASSIGNABLE_STATUSES, {
  error: SPACE_MESSAGES.assignableStatusInvalid,
});

export const userSearchSchema = z
  .string({ error: SPACE_MESSAGES.searchRequired })
  .trim()
  .min(1, SPACE_MESSAGES.searchRequired)
  .max(PEOPLE_SEARCH_MAX, { message: PEOPLE_MESSAGES.searchMax, abort: true });
