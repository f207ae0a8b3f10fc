/** The zod validator of a new personal access token (limits and messages: tokens.ts). */
import { z } from 'zod';
import { API_SCOPES, API_TOKEN_DAYS_MAX, API_TOKEN_NAME_MAX, TOKEN_MESSAGES } from './tokens';

const DAY_MS = 24 * 60 * 60 * 1000;

/** `now` is the server's clock: an expiry is checked against it, never the caller's. */
export const apiTokenInputSchema = (now: Date) =>
  z.object({
    name: z
      .string({ error: TOKEN_MESSAGES.nameRequired })
      .max(API_TOKEN_NAME_MAX, { message: TOKEN_MESSAGES.nameMax, abort: true })
      .trim()
      .min(1, TOKEN_MESSAGES.nameRequired),
    scopes: z
      .array(z.enum(API_SCOPES, { error: TOKEN_MESSAGES.scopeUnknown }), {
        error: TOKEN_MESSAGES.scopesRequired,
      })
      .max(API_SCOPES.length, { message: TOKEN_MESSAGES.scopeUnknown, abort: true })
      .min(1, TOKEN_MESSAGES.scopesRequired)
      .transform((scopes) => [...new Set(scopes)]),
    expiresAt: z.coerce
      .date({ error: TOKEN_MESSAGES.expiryInvalid })
      .refine(
        (date) =>
          date.getTime() > now.getTime() &&
          date.getTime() <= now.getTime() + API_TOKEN_DAYS_MAX * DAY_MS,
        TOKEN_MESSAGES.expiryInvalid,
      ),
  });
export type ApiTokenInput = z.infer<ReturnType<typeof apiTokenInputSchema>>;
