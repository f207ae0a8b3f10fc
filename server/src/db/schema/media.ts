import { sql } from 'drizzle-orm';
import {
  bigint,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
  timestamp,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
// Relative paths: drizzle-kit reads this file without the project's path aliases.
import { UPLOAD_PATH_KINDS, type MediaItem } from '../../../../schema/rules/media';
import { spaces } from './spaces';
import { users } from './users';

/**
 * A finished upload (tus at /api/uploads): its bytes live in storage under `key`
 * (`spaces/{spaceId}/{kind}/{timestamp}-{name}`), its type was told by its bytes. Posts refer to
 * uploads by id in their `files`; the file is served at `/api/media/{id}/{name}` to whoever may
 * read its space, so a private space's file never goes to an outsider.
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    spaceId: text('space_id')
      .notNull()
      .references(() => spaces.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: UPLOAD_PATH_KINDS }).notNull(),
    /** The name the person's file had, cleaned; shown by the media viewer. */
    name: text('name').notNull(),
    /** Sniffed from the bytes. */
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** A small WebP of an image, made on the server so feeds never load originals. */
    thumbnailKey: text('thumbnail_key'),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (table) => [index('uploads_owner_idx').on(table.ownerId, table.createdAt)],
);

/** A post's attachments, in the order shown (000 §3 media item). */
export const filesColumn = () =>
  jsonb('files')
    .$type<MediaItem[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);

/** A post's place (000 §3 location); all null when none. The geohash is made by the server. */
export const locationColumns = () => ({
  lat: doublePrecision('lat'),
  lng: doublePrecision('lng'),
  formattedLocation: text('formatted_location'),
  locationTags: text('location_tags')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  geohash: text('geohash'),
});

/**
 * The index behind the 'location' sort and the 'nearby' filter: earthdistance's point on the
 * globe, in a GiST index that answers "nearest first" (KNN, `<->`) and "within a box" without
 * reading every located item.
 */
export const locationIndex = (name: string, table: { lat: AnyPgColumn; lng: AnyPgColumn }) =>
  index(name)
    .using('gist', sql`ll_to_earth(${table.lat}, ${table.lng})`)
    .where(sql`${table.lat} is not null and ${table.lng} is not null`);
