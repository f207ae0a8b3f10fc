/** The zod validators of the admin, manage and analytics pages (limits and messages: admin.ts). */
import { z } from 'zod';
import {
  ADMIN_MESSAGES,
  ADMIN_SEARCH_MAX,
  ANALYTICS_DAYS_DEFAULT,
  ANALYTICS_DAYS_MAX,
} from './admin';

export const analyticsDaysSchema = z
  .number()
  .int(ADMIN_MESSAGES.daysRange)
  .min(1, ADMIN_MESSAGES.daysRange)
  .max(ANALYTICS_DAYS_MAX, ADMIN_MESSAGES.daysRange)
  .default(ANALYTICS_DAYS_DEFAULT);

/** An admin list's search: trimmed, empty meaning 'everyone'. */
export const adminSearchSchema = z
  .string()
  .trim()
  .max(ADMIN_SEARCH_MAX, { message: ADMIN_MESSAGES.searchMax, abort: true })
  .nullish()
  .transform((value) => value || null);
