/** The zod validators of notifications' inputs (kinds, filters and messages: notifications.ts). */
import { z } from 'zod';
import { URL_MAX } from './limits';
import { NOTIFICATION_FILTERS, NOTIFICATION_MESSAGES, WATCH_LEVELS } from './notifications';
import { cursorSchema, idSchema } from './validators';

export const watchLevelSchema = z.enum(WATCH_LEVELS, {
  message: NOTIFICATION_MESSAGES.watchLevelInvalid,
});

export const notificationListSchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
  spaceId: idSchema.nullish(),
  first: z.number().int().nullish(),
  after: cursorSchema.nullish(),
});

/** Push services are reached over https only: the server posts to whatever endpoint is stored. */
export const pushEndpointSchema = z
  .string()
  .max(URL_MAX, { message: NOTIFICATION_MESSAGES.pushKeyInvalid, abort: true })
  .url({ message: NOTIFICATION_MESSAGES.pushKeyInvalid })
  .startsWith('https://', { message: NOTIFICATION_MESSAGES.pushKeyInvalid });

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object(
  {
    endpoint: pushEndpointSchema,
    keys: z.object(
      {
        p256dh: z
          .string()
          .min(1, { message: NOTIFICATION_MESSAGES.pushKeyInvalid })
          .max(256, { message: NOTIFICATION_MESSAGES.pushKeyInvalid, abort: true }),
        auth: z
          .string()
          .min(1, { message: NOTIFICATION_MESSAGES.pushKeyInvalid })
          .max(256, { message: NOTIFICATION_MESSAGES.pushKeyInvalid, abort: true }),
      },
      { message: NOTIFICATION_MESSAGES.pushKeyInvalid },
    ),
  },
  { message: NOTIFICATION_MESSAGES.pushKeyInvalid },
);

/**
 * The subscription as JSON text (REST's `key`): parsed only within the longest a subscription's
 * JSON takes (its endpoint, two keys and the punctuation around them).
 */
export const pushSubscriptionTextSchema = z
  .string()
  .max(URL_MAX + 1024, { message: NOTIFICATION_MESSAGES.pushKeyInvalid, abort: true })
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: NOTIFICATION_MESSAGES.pushKeyInvalid });
      return z.NEVER;
    }
  });
