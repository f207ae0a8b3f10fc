import { z } from 'zod';
import { APP_LANGS, DEFAULT_LANG, PROFILE_UPDATE_KEYS, ROLES } from './enums';
import { scanHashtags, tooManyTags } from './hashtags';
import {
  BIO_MAX,
  CURSOR_MAX,
  DISPLAY_NAME_MAX,
  EMAIL_MAX,
  ID_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  STORY_TEXT_MAX,
  STORY_TEXT_MIN,
  URL_MAX,
} from './limits';
import { MESSAGES } from './messages';

export const emailSchema = z
  .string({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(EMAIL_MAX, { message: MESSAGES.emailInvalid, abort: true })
  .regex(/^[^\s@]+@[^\s@]+$/u, MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const passwordSchema = z
  .string({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(PASSWORD_MIN, MESSAGES.passwordMin)
  .max(PASSWORD_MAX, { message: MESSAGES.passwordMax, abort: true });

export const displayNameSchema = z
  .string({ error: MESSAGES.nameRequired })
  .trim()
  .min(1, MESSAGES.nameRequired)
  .max(DISPLAY_NAME_MAX, { message: MESSAGES.nameMax, abort: true });

/** An id as a caller names an item (UUIDs, tag names, space codes). */
export const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(ID_MAX, { message: MESSAGES.invalidValue, abort: true });

/** A list's `after` cursor, as a client hands it back. */
export const cursorSchema = z
  .string()
  .max(CURSOR_MAX, { message: MESSAGES.invalidCursor, abort: true });

/** An e-mail link's token (43 characters, base64url of 32 bytes): a longer one is none of ours. */
export const emailTokenSchema = z
  .string({ error: MESSAGES.tokenInvalid })
  .max(100, { message: MESSAGES.tokenInvalid, abort: true });

export const roleSchema = z.enum(ROLES, { error: MESSAGES.roleInvalid });
export const appLangSchema = z.enum(APP_LANGS, { error: MESSAGES.langInvalid });
export const bioSchema = z.string().trim().max(BIO_MAX, { message: MESSAGES.bioMax, abort: true });

/** `/user/update`'s body: `key` names the one field it changes, whose value comes beside it. */
export const profileUpdateKeySchema = z.object({
  key: z.enum(PROFILE_UPDATE_KEYS, { error: MESSAGES.profileKeyInvalid }),
});

/**
 * `/user/sync` (v1): the account the spec's client signed up or in with (`uid`) and its role;
 * anything else it sends (`additionalUserInfo`, the rest of its user record) is not read.
 */
export const userSyncSchema = z.object({
  uid: idSchema.optional(),
  role: roleSchema.optional(),
});

/** Absolute http(s) only: the written scheme and `//` must be there, so nothing resolves relatively. */
const isWebUrl = (value: string) => {
  if (!/^https?:\/\//iu.test(value)) return false;
  try {
    return new URL(value).hostname !== '';
  } catch {
    return false;
  }
};

/**
 * Every URL a person gives (profile photo, images, links). Only absolute http(s) is stored: once
 * shown as a link or an image, `javascript:` and `vbscript:` run script, `data:` carries content of
 * its own and `file:` reaches into the viewer's machine.
 */
export const webUrlSchema = z
  .string({ error: MESSAGES.urlInvalid })
  .trim()
  .max(URL_MAX, { message: MESSAGES.urlMax, abort: true })
  .refine(isWebUrl, MESSAGES.urlInvalid);

export const signUpSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  displayName: displayNameSchema,
  role: roleSchema,
  /** The language the person signs up in: their e-mails are written in it. */
  appLang: appLangSchema.nullish().transform((lang) => lang ?? DEFAULT_LANG),
});
export type SignUpInput = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  // No account's password is longer than sign-up allows, so a longer one is not even hashed.
  password: z
    .string({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .max(PASSWORD_MAX, { message: MESSAGES.passwordMax, abort: true }),
});

/**
 * Story text rules, applied to the plain text of the rich-text body (the editor's HTML with tags
 * stripped). Returns the tags the text carries. Same function on client and server. The length
 * goes first: hashtags are scanned only in text within the limit.
 */
export const storyTextSchema = z
  .string({ error: MESSAGES.textRequired })
  .trim()
  .max(STORY_TEXT_MAX, { message: MESSAGES.textMax, abort: true })
  .superRefine((text, ctx) => {
    if (text.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.textRequired });
    else if (text.length < STORY_TEXT_MIN)
      ctx.addIssue({ code: 'custom', message: MESSAGES.textMin });
  })
  .transform((text, ctx) => {
    const { tags, hasDottedTag } = scanHashtags(text);
    if (hasDottedTag) ctx.addIssue({ code: 'custom', message: MESSAGES.hashtagDot });
    else if (tags.length === 0) ctx.addIssue({ code: 'custom', message: MESSAGES.hashtagRequired });
    else if (tooManyTags(tags)) ctx.addIssue({ code: 'custom', message: MESSAGES.tagsMax });
    return { text, tags };
  });

/** First message of a failed parse, for forms that show one error at a time. */
export const firstIssue = (error: z.ZodError): { message: string; field?: string } => {
  const issue = error.issues[0];
  const field = issue?.path.map(String).join('.') || undefined;
  return { message: issue?.message ?? MESSAGES.internal, field };
};
