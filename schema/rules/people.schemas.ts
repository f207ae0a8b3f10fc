/** The zod validators of following and the people directories (limits, messages: people.ts). */
import { z } from 'zod';
import { PEOPLE_MESSAGES, PEOPLE_SEARCH_MAX } from './people';
import { idSchema } from './validators';

/** The directory search: optional; blank means everyone. */
export const peopleSearchSchema = z
  .string()
  .trim()
  .max(PEOPLE_SEARCH_MAX, { message: PEOPLE_MESSAGES.searchMax, abort: true })
  .nullish()
  .transform((query) => query || null);

/** A user id as follow and unfollow receive it. */
export const userIdSchema = idSchema;
