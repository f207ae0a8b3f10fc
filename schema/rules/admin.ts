/**
 * Rules for the admin, manage and analytics pages, shared by server and client: the periods the
 * charts cover, how many tags and people the analytics rank, and the suspension presets. Their zod
 * validators live in admin.schemas.ts, so a page that only reads a limit does not load zod.
 */

/** Days a chart covers unless asked (spec issue 10: 'over 30 days'). */
export const ANALYTICS_DAYS_DEFAULT = 30;
/** The periods the pages offer; the server accepts any whole number of days up to the longest. */
export const ANALYTICS_PERIODS = [7, 30, 90, 365] as const;
export const ANALYTICS_DAYS_MAX = 365;
/** Tags and people ranked on a space's analytics. */
export const ANALYTICS_TOP_TAGS = 10;
export const ANALYTICS_TOP_PARTICIPANTS = 10;
/** Rows read per statement while a space export streams out: memory stays flat however big the space. */
export const EXPORT_BATCH_SIZE = 500;
/** An admin search longer than this is refused rather than sent to the database. */
export const ADMIN_SEARCH_MAX = 100;
/** Suspension presets on the admin users page (besides a date of the admin's choice). */
export const SUSPEND_PRESET_DAYS = [1, 7, 30] as const;

export const ADMIN_MESSAGES = {
  daysRange: 'Choose a period between 1 and 365 days',
  searchMax: 'Search at most 100 characters',
} as const;
