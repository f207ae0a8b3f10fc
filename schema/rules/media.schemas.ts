/** The zod validators of uploads, attachments and places (limits, messages, helpers: media.ts). */
import { z } from 'zod';
import {
  DISTANCE_FILTERS,
  LOCATION_SEARCH_MAX,
  LOCATION_SEARCH_MIN,
  MEDIA_MAX_FILES,
  MEDIA_MESSAGES,
  RECORDING_MAX_CHUNKS,
  RECORDING_MAX_SECONDS,
  UPLOAD_PATH_KINDS,
  youtubeVideoId,
} from './media';
import { ID_MAX, URL_MAX } from './limits';
import { MESSAGES } from './messages';
import { idSchema } from './validators';

/** Tus `Upload-Metadata` of a new upload: the browser's name and type are hints, never trusted. */
export const uploadMetadataSchema = z.object({
  filename: z.string().trim().max(255, { message: MESSAGES.invalidValue, abort: true }).nullish(),
  filetype: z.string().max(255, { message: MESSAGES.invalidValue, abort: true }).nullish(),
  path: z
    .string()
    .trim()
    .max(ID_MAX, { message: MESSAGES.invalidValue, abort: true })
    .transform((path) => path.replace(/\/+$/u, ''))
    .pipe(z.enum(UPLOAD_PATH_KINDS)),
  spaceId: idSchema.nullish(),
});

/**
 * One attachment as a post's create or edit input sends it: a finished upload (`uploadId`), a
 * recorded video's chunks in order (`uploadIds`), or a YouTube link (`youtubeUrl`). Exactly one.
 */
export const mediaInputSchema = z
  .object({
    uploadId: z.uuid().nullish(),
    uploadIds: z.array(z.uuid()).min(1).max(RECORDING_MAX_CHUNKS).nullish(),
    youtubeUrl: z.string().max(URL_MAX, { message: MESSAGES.urlMax, abort: true }).nullish(),
    /** Seconds, as the recorder measured them (audio and video captures). */
    duration: z.number().min(0).max(RECORDING_MAX_SECONDS).nullish(),
    /** A photo taken with the capture dialog rather than picked from files. */
    captured: z.boolean().nullish(),
  })
  .refine(
    (input) =>
      [input.uploadId, input.uploadIds, input.youtubeUrl].filter((one) => one).length === 1,
    { message: MEDIA_MESSAGES.uploadNotFound },
  )
  .refine((input) => !input.youtubeUrl || youtubeVideoId(input.youtubeUrl) !== null, {
    message: MEDIA_MESSAGES.youtubeNotFound,
    path: ['youtubeUrl'],
  });
export type MediaInput = z.input<typeof mediaInputSchema>;

/** A post's attachments in their shown order; absent means none (create) or unchanged (edit). */
export const mediaListSchema = z
  .array(mediaInputSchema)
  .max(MEDIA_MAX_FILES, MEDIA_MESSAGES.tooManyFiles);

/** A place attached to a post (000 §3 location); the geohash is computed by the server. */
export const locationInputSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
  formattedLocation: z
    .string()
    .trim()
    .max(300, { message: MESSAGES.invalidValue, abort: true })
    .nullish(),
  locationTags: z
    .array(z.string().trim().min(1).max(64, { message: MESSAGES.invalidValue, abort: true }))
    .max(10)
    .nullish(),
});
export type LocationInput = z.input<typeof locationInputSchema>;

/** A viewer's position for the location sort and the nearby filter. */
export const positionSchema = z.object({
  lat: z.number().min(-90).max(90),
  lng: z.number().min(-180).max(180),
});

/**
 * A story or problem list's place options: the 'location' sort (nearest first) and the nearby
 * filter (within NEARBY_RADIUS_KM) both need the viewer's position.
 */
export const listPlaceSchema = z
  .object({
    orderBy: z.string().max(ID_MAX, { message: MESSAGES.invalidValue, abort: true }).nullish(),
    position: positionSchema.nullish(),
    distance: z.enum(DISTANCE_FILTERS).nullish(),
  })
  .refine((list) => list.position || (list.orderBy !== 'location' && list.distance !== 'nearby'), {
    message: MEDIA_MESSAGES.positionNeeded,
    path: ['position'],
  });

/** Place search text: longer than 3 characters. */
export const placeSearchSchema = z.object({
  query: z
    .string()
    .trim()
    .min(LOCATION_SEARCH_MIN, MEDIA_MESSAGES.searchTooShort)
    .max(LOCATION_SEARCH_MAX, { message: MESSAGES.invalidValue, abort: true }),
  countryCode: z
    .string()
    .trim()
    .max(2, { message: MESSAGES.invalidValue, abort: true })
    .regex(/^[A-Za-z]{2}$/u)
    .nullish(),
  limit: z.number().int().min(1).max(20).nullish(),
});
