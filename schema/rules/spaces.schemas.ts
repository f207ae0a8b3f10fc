/** The zod validators of spaces' inputs (limits and messages: spaces.ts). */
import { z } from 'zod';
import { SPACE_MESSAGES, SPACE_NAME_MAX, SPACE_PURPOSE_MAX } from './spaces';

export const spaceNameSchema = z
  .string({ error: SPACE_MESSAGES.nameRequired })
  .trim()
  .min(1, SPACE_MESSAGES.nameRequired)
  .max(SPACE_NAME_MAX, SPACE_MESSAGES.nameMax);

export const spacePurposeSchema = z
  .string()
  .trim()
  .max(SPACE_PURPOSE_MAX, SPACE_MESSAGES.purposeMax);

export const userSearchSchema = z
  .string({ error: SPACE_MESSAGES.searchRequired })
  .trim()
  .min(1, SPACE_MESSAGES.searchRequired);
