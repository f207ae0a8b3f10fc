/**
 * Rules shared by the titled posts (problems, solutions, skills): the title and the description
 * editor. The spec leaves the numbers open ("Min {n} characters", "Max {n} characters",
 * "at least N characters"); they are chosen here, once. Each feature spreads POST_MESSAGES into its
 * own <FEATURE>_MESSAGES so the messages translate in its locale namespace. The zod validators and
 * the form checks built on them live in posts.schemas.ts, so reading a limit does not load zod.
 */
export const POST_TITLE_MIN = 3;
export const POST_TITLE_MAX = 150;
/** Minimum plain-text length of a description (the editor's HTML without tags), trimmed. */
export const POST_DESCRIPTION_MIN = 10;
export const POST_DESCRIPTION_MAX = 20_000;
export const POST_DESCRIPTION_HTML_MAX = 200_000;

export const POST_MESSAGES = {
  /** The title field is absent from the payload. */
  titleMissing: 'Title required',
  /** The title is empty or only whitespace. */
  titleRequired: 'Title is required',
  titleMin: `Min ${POST_TITLE_MIN} characters`,
  titleMax: `Max ${POST_TITLE_MAX} characters`,
  descriptionMin: `No Content. Please add at least ${POST_DESCRIPTION_MIN} characters.`,
  descriptionMax: `The description must be at most ${POST_DESCRIPTION_MAX} characters`,
} as const;
