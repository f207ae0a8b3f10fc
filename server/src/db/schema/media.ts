import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
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
import { chatConversations } from './chat';
import { spaces } from './spaces';
import { users } from './users';
import { cascadeRef, createdAtColumn } from './columns';

/**
 * A finished upload (tus at /api/uploads): its bytes live in storage under `key`
 * (`spaces/{spaceId}/{kind}/{timestamp}-{name}`), its type was told by its bytes. Posts refer to
 * uploads by id in their `files`, and the upload names what it is attached to (`attachedType`,
 * `attachedId`): a post of that kind, or 'spaces' for its space's image. The file is served at
 * `/api/media/{id}/{name}` to whoever may read what it is attached to (unattached: its owner
 * only); a post's deletion takes its uploads with it (trigger; their files, transcripts included, are
 * queued for removal), and an upload left unattached
 * for a day is swept (modules/media/stored-files.service.ts).
 */
export const uploads = pgTable(
  'uploads',
  {
    id: text('id').primaryKey(),
    key: text('key').notNull().unique(),
    ownerId: cascadeRef('owner_id', () => users.id),
    spaceId: cascadeRef('space_id', () => spaces.id),
    kind: text('kind', { enum: UPLOAD_PATH_KINDS }).notNull(),
    /** The name the person's file had, cleaned; shown by the media viewer. */
    name: text('name').notNull(),
    /** Sniffed from the bytes. */
    contentType: text('content_type').notNull(),
    extension: text('extension').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** A small WebP of an image, made on the server so feeds never load originals. */
    thumbnailKey: text('thumbnail_key'),
    /** What the upload is attached to: a post kind, or 'spaces' (the space's image); null until then. */
    attachedType: text('attached_type', { enum: UPLOAD_PATH_KINDS }),
    /** The post's id ('spaces': the space's). */
    attachedId: text('attached_id'),
    /**
     * Audio's transcript (ai/transcription.service.ts): the file's key, `{key}.wav_transcription.txt`
     * (001 §3), holding the segments as JSON; its plain text, for the post's text search (issue
     * 31 indexes it); and when it was made. All null until transcribed; the file goes with the row.
     */
    transcriptKey: text('transcript_key'),
    transcript: text('transcript'),
    transcribedAt: timestamp('transcribed_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('uploads_owner_idx').on(table.ownerId, table.createdAt),
    index('uploads_attached_idx').on(table.attachedType, table.attachedId),
    // The sweep's range: unattached uploads by age.
    index('uploads_unattached_idx')
      .on(table.createdAt)
      .where(sql`${table.attachedType} is null`),
    check(
      'uploads_attached_check',
      sql`(${table.attachedType} is null) = (${table.attachedId} is null)`,
    ),
  ],
);

/**
 * An image uploaded to a conversation (`chatgroups/{conversationId}/…` in storage), until it goes:
 * `sentAt` is set when a message first shows it; one never sent is swept after a day. The row
 * goes with its conversation (cascade), which queues its file for removal (trigger).
 */
export const chatFiles = pgTable(
  'chat_files',
  {
    key: text('key').primaryKey(),
    conversationId: cascadeRef('conversation_id', () => chatConversations.id),
    /** Who uploaded it; the image stays in the conversation when their account goes. */
    ownerId: text('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, precision: 3 }),
    createdAt: createdAtColumn(),
  },
  (table) => [
    index('chat_files_conversation_idx').on(table.conversationId),
    index('chat_files_owner_idx').on(table.ownerId, table.createdAt),
    index('chat_files_unsent_idx')
      .on(table.createdAt)
      .where(sql`${table.sentAt} is null`),
  ],
);

/**
 * Stored files whose rows are gone, waiting to be deleted from storage: a trigger on `uploads` and
 * `chat_files` adds their keys in the transaction that deletes the rows (whatever deleted them: a
 * post, an account, a space, a conversation, the sweep), so a rolled-back request removes nothing,
 * and storage is emptied after the commit (stored-files.service.ts). `claimedUntil` is a lease: a
 * process that died while removing leaves the key to the next one.
 */
export const storageRemovals = pgTable('storage_removals', {
  key: text('key').primaryKey(),
  claimedUntil: timestamp('claimed_until', { withTimezone: true, precision: 3 }),
  createdAt: createdAtColumn(),
});

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
