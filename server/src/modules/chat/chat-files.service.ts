import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  CHAT_IMAGE_MAX_BYTES,
  CHAT_IMAGE_TYPES,
  CHAT_MESSAGES,
  RATE_LIMITS,
  type ChatFile,
} from '@rules';
import { recordAttempts } from '../../auth/rate-limit';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { chatFiles, chatMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { isSafeKey } from '../../storage/storage';
import { assertStorageBudget, removeQueuedFiles } from '../media/stored-files.service';
import { requireWriter } from '../../auth/guards';
import { conversationNotFound, requireReadableConversation } from './chat-access.service';

/**
 * A conversation's images (001 §9: jpg, jpeg, png): stored under the conversation's own prefix
 * `chatgroups/{conversationId}/`, each with a `chat_files` row, and served at `/uploads/{key}` to
 * its readers only. A message may carry only files of its own conversation, so nobody can show one
 * conversation's image in another. An image no message showed within a day is swept, and the
 * conversation's deletion takes its images with it (stored-files.service.ts).
 */

const URL_PREFIX = '/uploads/';
const keyPrefixOf = (conversationId: string) => `chatgroups/${conversationId}/`;

/** The image types, told by their first bytes; the name a client gives proves nothing. */
const SIGNATURES = [
  { type: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff]), extensions: ['jpg', 'jpeg'] },
  {
    type: 'image/png',
    bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    extensions: ['png'],
  },
] as const;
const SIGNATURE_LENGTH = Math.max(...SIGNATURES.map((signature) => signature.bytes.length));

const imageTypeError = () => new AppError('BAD_USER_INPUT', CHAT_MESSAGES.imageType);
const tooLarge = () => new AppError('PAYLOAD_TOO_LARGE', CHAT_MESSAGES.imageTooLarge);
const NAME_MAX = 255;

/**
 * The name a file is stored under: the given name's letters and digits (others become dashes),
 * with the extension of its type. A name whose extension says another type is refused: a `.png`
 * that is not a PNG is not sent on as one.
 */
function storedNameOf(given: string, signature: (typeof SIGNATURES)[number]): string {
  const dot = given.lastIndexOf('.');
  const extension = dot > 0 ? given.slice(dot + 1).toLowerCase() : '';
  const stem = (dot > 0 ? given.slice(0, dot) : given)
    .normalize('NFKD')
    .replace(/[^\w-]+/gu, '-')
    .replace(/^-+|-+$/gu, '')
    .slice(0, 80);
  if (extension && !(signature.extensions as readonly string[]).includes(extension))
    throw imageTypeError();
  return `${stem || 'image'}.${extension || signature.extensions[0]}`;
}

/** The upload's bytes, refused past CHAT_IMAGE_MAX_BYTES as they stream (never held whole). */
async function* limited(chunks: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let size = 0;
  for await (const chunk of chunks) {
    size += chunk.length;
    if (size > CHAT_IMAGE_MAX_BYTES) throw tooLarge();
    yield chunk;
  }
}

/** The first bytes of a stream (to tell its type) and all of it, those bytes included. */
async function peek(body: AsyncIterable<Buffer>, length: number) {
  const iterator = body[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let read = 0;
  while (read < length) {
    const next = await iterator.next();
    if (next.done) break;
    head.push(next.value);
    read += next.value.length;
  }
  async function* whole() {
    yield* head;
    for (let next = await iterator.next(); !next.done; next = await iterator.next())
      yield next.value;
  }
  return { head: Buffer.concat(head), whole: whole() };
}

export interface ChatUpload {
  body: AsyncIterable<Buffer>;
  /** The file's name as the client gave it (X-File-Name, maybe URI-encoded). */
  name: string;
  /** The declared length, when given: a body announced too large is refused before it is read. */
  length: number | null;
}

/**
 * An image for a message of a conversation the viewer may post in: checked by its bytes (jpg or
 * png), at most CHAT_IMAGE_MAX_BYTES, stored under the conversation's prefix. The message then
 * names it in `files`. Counted against the person's chat images per hour and stored bytes per day
 * (RATE_LIMITED) before any byte is read.
 */
export async function uploadChatImage(
  ctx: Context,
  conversationId: string,
  upload: ChatUpload,
): Promise<ChatFile> {
  const viewer = requireWriter(ctx);
  const conversation = await requireReadableConversation(ctx, viewer, conversationId);
  if (upload.length !== null && upload.length > CHAT_IMAGE_MAX_BYTES) throw tooLarge();
  await assertStorageBudget(ctx.db, viewer.id, upload.length ?? CHAT_IMAGE_MAX_BYTES);
  await recordAttempts(ctx.db, 'chat-image', [
    { key: viewer.id, limit: RATE_LIMITS.chatImageUpload },
  ]);
  const { head, whole } = await peek(upload.body, SIGNATURE_LENGTH);
  const signature = SIGNATURES.find(({ bytes }) => head.subarray(0, bytes.length).equals(bytes));
  if (!signature) throw imageTypeError();
  const name = upload.name.trim().slice(0, NAME_MAX);
  // Time and a random part: five pasted images all named image.png never overwrite each other.
  const unique = `${Date.now()}-${randomBytes(4).toString('hex')}`;
  const key = `${keyPrefixOf(conversation.id)}${unique}-${storedNameOf(name, signature)}`;
  const { size } = await ctx.storage.put(key, Readable.from(limited(whole)), signature.type);
  try {
    await ctx.db.insert(chatFiles).values({
      key,
      conversationId: conversation.id,
      ownerId: viewer.id,
      contentType: signature.type,
      size,
    });
  } catch (error) {
    await ctx.storage.delete(key);
    throw error;
  }
  return {
    url: `${URL_PREFIX}${key}`,
    name: name || key.slice(key.lastIndexOf('/') + 1),
    type: signature.type,
    size,
  };
}

/** The storage key of a file url of this conversation, or null for any other url. */
function keyOfUrl(conversationId: string, url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const key = url.slice(URL_PREFIX.length);
  const prefix = keyPrefixOf(conversationId);
  const file = key.slice(prefix.length);
  return key.startsWith(prefix) && !file.includes('/') && isSafeKey(key) ? key : null;
}

/**
 * The files a message carries, each one an image uploaded to its own conversation; their size and
 * type as stored, whatever the client said. Anything else is refused (fileNotFound). In the
 * send's transaction the images are marked sent, their rows locked until it commits, so the
 * sweep of unsent images and the send never both win.
 */
export async function storedFilesOf(
  tx: DbOrTx,
  conversationId: string,
  files: ChatFile[],
): Promise<ChatFile[]> {
  const keys = files.map((file) => keyOfUrl(conversationId, file.url));
  const wanted = keys.filter((key): key is string => key !== null);
  const rows = wanted.length
    ? await tx
        .update(chatFiles)
        .set({ sentAt: sql`coalesce(${chatFiles.sentAt}, now())` })
        .where(and(eq(chatFiles.conversationId, conversationId), inArray(chatFiles.key, wanted)))
        .returning({ key: chatFiles.key, contentType: chatFiles.contentType, size: chatFiles.size })
    : [];
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return files.map((file, index) => {
    const stored = byKey.get(keys[index] ?? '');
    const type = CHAT_IMAGE_TYPES.find((imageType) => imageType === stored?.contentType);
    if (!stored || !type)
      throw new AppError('BAD_USER_INPUT', CHAT_MESSAGES.fileNotFound, { field: 'files' });
    return { ...file, type, size: stored.size };
  });
}

/**
 * The storage key of `/uploads/chatgroups/{conversationId}/{file}` for a reader of the
 * conversation; NOT_FOUND for anyone else (signed out included), as for a file that does not exist.
 */
export async function readableChatFileKey(
  ctx: Context,
  conversationId: string,
  file: string,
): Promise<string> {
  if (!ctx.viewer) throw conversationNotFound();
  const conversation = await requireReadableConversation(ctx, ctx.viewer, conversationId);
  const key = keyOfUrl(conversation.id, `${URL_PREFIX}${keyPrefixOf(conversation.id)}${file}`);
  if (!key) throw conversationNotFound();
  return key;
}

/**
 * After a message was deleted: its files go (their rows, then from storage) unless another message
 * of the conversation still shows them, asked in the same statement that deletes. A failure is
 * logged; the message is gone either way.
 */
export async function removeUnusedFiles(ctx: Context, conversationId: string, files: ChatFile[]) {
  for (const file of files) {
    const key = keyOfUrl(conversationId, file.url);
    if (!key) continue;
    try {
      await ctx.db
        .delete(chatFiles)
        .where(
          and(
            eq(chatFiles.key, key),
            eq(chatFiles.conversationId, conversationId),
            sql`not exists (select 1 from ${chatMessages} where ${and(
              eq(chatMessages.conversationId, conversationId),
              sql`${chatMessages.files} @> ${JSON.stringify([{ url: file.url }])}::jsonb`,
            )})`,
          ),
        );
    } catch (error) {
      ctx.log.warn({ err: error, key }, 'chat file not removed');
    }
  }
  await removeQueuedFiles(ctx);
}
