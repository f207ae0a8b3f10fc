/** The zod validators of notifications' inputs (kinds, filters and messages: notifications.ts). */
import { z } from 'zod';
import { NOTIFICATION_FILTERS, NOTIFICATION_MESSAGES, WATCH_LEVELS } from './notifications';

export const watchLevelSchema = z.enum(WATCH_LEVELS, {
  message: NOTIFICATION_MESSAGES.watchLevelInvalid,
});

export const notificationListSchema = z.object({
  filter: z.enum(NOTIFICATION_FILTERS).default('all'),
  spaceId: z.string().min(1).nullish(),
  first: z.number().int().nullish(),
  after: z.string().nullish(),
});

/** A browser's PushSubscription as `subscription.toJSON()` gives it. */
export const pushSubscriptionSchema = z.object(
  {
    // Push services are reached over https only: the server posts to whatever endpoint is stored.
    endpoint: z
      .string()
      .max(2048, { message: NOTIFICATION_MESSAGES.pushKeyInvalid })
      .url({ message: NOTIFICATION_MESSAGES.pushKeyInvalid })
      .startsWith('https://', { message: NOTIFICATION_MESSAGES.pushKeyInvalid }),
    keys: z.object(
      {
        p256dh: z
          .string()
          .min(1, { message: NOTIFICATION_MESSAGES.pushKeyInvalid })
          .max(256, { message: NOTIFICATION_MESSAGES.pushKeyInvalid }),
        auth: z
          .string()
          .min(1, { message: NOTIFICATION_MESSAGES.pushKeyInvalid })
          .max(256, { message: NOTIFICATION_MESSAGES.pushKeyInvalid }),
      },
      { message: NOTIFICATION_MESSAGES.pushKeyInvalid },
    ),
  },
  { message: NOTIFICATION_MESSAGES.pushKeyInvalid },
);
