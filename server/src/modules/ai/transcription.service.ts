import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import {
  AI_MESSAGES,
  mediaTypeOf,
  TRANSCRIPT_FILE_SUFFIX,
  TRANSCRIPT_SEGMENT_MAX,
  TRANSCRIPT_SEGMENTS_MAX,
  TRANSCRIPT_TEXT_MAX,
  transcribeAudioInputSchema,
  TRANSCRIPTION_MAX_BYTES,
  TRANSCRIPTION_MAX_SECONDS,
  type MediaItem,
} from '@rules';
import { z } from 'zod';
import type { Viewer } from '../../auth/sessions';
import type { Context } from '../../context';
import { uploads } from '../../db/schema';
import { AppError, forbidden, notFound, parseInput } from '../../errors';
import type { Storage } from '../../storage/storage';
import { uploadReadableBy } from '../media/media.policy';
import type { PostKind, PostTable } from '../posts/post-kind';
import type { PostType } from '../posts/post-path';
import { lockReadablePost, readablePost } from '../posts/post-write.service';
import { problemKind } from '../problems/problem.post-kind';
import { skillKind } from '../skills/skill.post-kind';
import { solutionKind } from '../solutions/solution.post-kind';
import { storyKind } from '../stories/story.post-kind';
import { openAiCall } from './ai-call';
import { requireSessionViewer } from './ai-access';
import { transcribeWith, type HeardSegment } from './transcription-providers';

/**
 * Transcripts of a post's audio (000 §3 `hasTranscription`, the transcription list). Whoever may
 * edit the post asks, with their own AI config, and pays; whoever may read the post reads the
 * transcript. What reaches the provider is the audio's bytes only, which that person may read.
 * The list, in Google speech-to-text's shape as the spec names it, is a file next to the audio
 * (`{audio key}.wav_transcription.txt`, 001 §3) on the storage back end; the upload row keeps its
 * key and the plain text (for the post's text search), and the post's files item says
 * `hasTranscription`. The file goes with the upload (trigger), so with the post.
 */

/** One entry of the transcription list: where it ends ('3.2s') and what was said. */
export interface TranscriptEntry {
  resultEndTime: string;
  alternatives: { transcript: string }[];
}

/** An audio item's transcription as a reader sees it. */
export interface TranscriptionView {
  uploadId: string;
  hasTranscription: boolean;
  /** The viewer may ask for one (again): they may edit the post. */
  canTranscribe: boolean;
  segments: TranscriptEntry[];
  transcribedAt: Date | null;
}

const POST_KINDS: Record<PostType, PostKind<PostTable>> = {
  stories: storyKind as unknown as PostKind<PostTable>,
  problems: problemKind as unknown as PostKind<PostTable>,
  solutions: solutionKind as unknown as PostKind<PostTable>,
  skills: skillKind as unknown as PostKind<PostTable>,
};
const isPostType = (type: string | null): type is PostType => !!type && type in POST_KINDS;

type UploadRow = typeof uploads.$inferSelect;

/** The transcript file of an audio file. */
export const transcriptKeyOf = (audioKey: string) => `${audioKey}${TRANSCRIPT_FILE_SUFFIX}`;

/** A stored transcript is written by this server, yet read as any file: bounded and parsed. */
const FILE_BYTES_MAX = 4 * TRANSCRIPT_TEXT_MAX + 200 * TRANSCRIPT_SEGMENTS_MAX;
const transcriptFileSchema = z
  .array(
    z.object({
      resultEndTime: z.string().max(20),
      alternatives: z
        .array(z.object({ transcript: z.string().max(TRANSCRIPT_SEGMENT_MAX) }))
        .min(1)
        .max(1),
    }),
  )
  .max(TRANSCRIPT_SEGMENTS_MAX);

async function readAll(stream: Readable, max: number): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > max) {
      stream.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The list in a transcript file; empty when the file is missing or unreadable. */
export async function readTranscriptFile(
  storage: Storage,
  key: string,
): Promise<TranscriptEntry[]> {
  const file = await storage.get(key);
  if (!file || file.size > FILE_BYTES_MAX) {
    file?.stream.destroy();
    return [];
  }
  const bytes = await readAll(file.stream, FILE_BYTES_MAX);
  try {
    const parsed = transcriptFileSchema.safeParse(JSON.parse(bytes?.toString('utf8') ?? ''));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

/** Seconds as Google's Duration JSON writes them: '3.2s', '12s'. */
const durationText = (seconds: number) => `${Number(seconds.toFixed(3))}s`;

/**
 * The provider's segments as the stored list: text without control characters or runs of
 * spaces, each at most TRANSCRIPT_SEGMENT_MAX, blanks dropped, times in order and within the
 * audio's possible length, at most TRANSCRIPT_SEGMENTS_MAX and TRANSCRIPT_TEXT_MAX in all.
 */
export function transcriptOf(segments: HeardSegment[]): TranscriptEntry[] {
  const entries: TranscriptEntry[] = [];
  let end = 0;
  let total = 0;
  for (const segment of segments.slice(0, TRANSCRIPT_SEGMENTS_MAX)) {
    const transcript = segment.text
      .slice(0, TRANSCRIPT_SEGMENT_MAX * 2)
      .replace(/[\p{Cc}\p{Cf}]+/gu, ' ')
      .replace(/\s+/gu, ' ')
      .trim()
      .slice(0, TRANSCRIPT_SEGMENT_MAX)
      .trim();
    if (!transcript) continue;
    if (total + transcript.length > TRANSCRIPT_TEXT_MAX) break;
    total += transcript.length + 1;
    const said = Number.isFinite(segment.endSeconds) ? segment.endSeconds : end;
    end = Math.min(Math.max(end, said), TRANSCRIPTION_MAX_SECONDS * 2);
    entries.push({ resultEndTime: durationText(end), alternatives: [{ transcript }] });
  }
  return entries;
}

const plainTextOf = (entries: TranscriptEntry[]) =>
  entries.map((entry) => entry.alternatives[0]?.transcript ?? '').join('\n');

/** The upload the viewer may read, or NOT_FOUND exactly like a missing one. */
async function readableUpload(ctx: Context, uploadId: string): Promise<UploadRow> {
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), uploadReadableBy(ctx.viewer)));
  if (!upload) throw notFound();
  return upload;
}

const isAudio = (upload: UploadRow) => mediaTypeOf(upload.contentType) === 'audio';

/** Whether the viewer may edit the post the upload is attached to (it being readable). */
async function mayTranscribe(ctx: Context, upload: UploadRow, viewer: Viewer | null) {
  if (!viewer || !isAudio(upload) || !isPostType(upload.attachedType) || !upload.attachedId)
    return false;
  const kind = POST_KINDS[upload.attachedType];
  const post = await readablePost(ctx, kind, upload.attachedId).catch(() => null);
  return !!post && kind.canEdit(viewer, post);
}

const viewOf = async (
  ctx: Context,
  upload: UploadRow,
  canTranscribe: boolean,
): Promise<TranscriptionView> => ({
  uploadId: upload.id,
  hasTranscription: !!upload.transcriptKey,
  canTranscribe,
  segments: upload.transcriptKey ? await readTranscriptFile(ctx.storage, upload.transcriptKey) : [],
  transcribedAt: upload.transcribedAt,
});

/** An audio item's transcription, for whoever may read the post it is attached to. */
export async function audioTranscription(
  ctx: Context,
  uploadIdInput: unknown,
): Promise<TranscriptionView> {
  const { uploadId } = parseInput(transcribeAudioInputSchema.pick({ uploadId: true }), {
    uploadId: uploadIdInput,
  });
  const upload = await readableUpload(ctx, uploadId);
  if (!isAudio(upload)) throw badInput(AI_MESSAGES.notAudio);
  return viewOf(ctx, upload, await mayTranscribe(ctx, upload, ctx.viewer));
}

const badInput = (message: string) =>
  new AppError('BAD_USER_INPUT', message, { field: 'uploadId' });

/**
 * Transcribes a post's audio with the viewer's AI config (their default unless `configId`) and
 * keeps the transcript; an item already transcribed answers the stored one unless `redo`. Only
 * who may edit the post may ask (FORBIDDEN to other readers, NOT_FOUND to the rest); only audio
 * up to TRANSCRIPTION_MAX_BYTES (and TRANSCRIPTION_MAX_SECONDS when its length is known).
 */
export async function transcribeAudio(ctx: Context, input: unknown): Promise<TranscriptionView> {
  const data = parseInput(transcribeAudioInputSchema, input);
  const viewer = requireSessionViewer(ctx);
  const upload = await readableUpload(ctx, data.uploadId);
  if (!isPostType(upload.attachedType) || !upload.attachedId) {
    if (upload.attachedType) throw badInput(AI_MESSAGES.notAudio);
    throw badInput(AI_MESSAGES.audioNotPosted);
  }
  const kind = POST_KINDS[upload.attachedType];
  const post = await readablePost(ctx, kind, upload.attachedId);
  if (!kind.canEdit(viewer, post)) throw forbidden();
  if (!isAudio(upload)) throw badInput(AI_MESSAGES.notAudio);
  if (upload.size > TRANSCRIPTION_MAX_BYTES) throw badInput(AI_MESSAGES.audioTooLarge);
  const item = post.files.find((file) => file.uploadId === upload.id);
  if ((item?.duration ?? 0) > TRANSCRIPTION_MAX_SECONDS) throw badInput(AI_MESSAGES.audioTooLong);
  if (upload.transcriptKey && !data.redo) return viewOf(ctx, upload, true);

  const call = await openAiCall(ctx, data.configId);
  const bytes = await audioBytes(ctx.storage, upload.key);
  const heard = await transcribeWith(ctx.config.ai, call, {
    bytes,
    contentType: upload.contentType,
    name: `audio.${upload.extension}`,
  });
  const saved = await keepTranscript(ctx, kind, post.id, upload, transcriptOf(heard.segments));
  return viewOf(ctx, saved, true);
}

/**
 * Keeps a transcript made elsewhere for a posted audio upload, as a transcription keeps one: the
 * demo writes its recording's this way, with no provider to ask.
 */
export async function storeTranscript(ctx: Context, uploadId: string, heard: HeardSegment[]) {
  const [upload] = await ctx.db.select().from(uploads).where(eq(uploads.id, uploadId));
  if (!upload || !isPostType(upload.attachedType) || !upload.attachedId) throw notFound();
  const kind = POST_KINDS[upload.attachedType];
  await keepTranscript(ctx, kind, upload.attachedId, upload, transcriptOf(heard));
}

/**
 * Writes the list next to the audio, then records it (saveTranscript). When the audio went
 * meanwhile (its post edited or deleted), so does the file just written.
 */
async function keepTranscript(
  ctx: Context,
  kind: PostKind<PostTable>,
  postId: string,
  upload: UploadRow,
  segments: TranscriptEntry[],
): Promise<UploadRow> {
  const key = transcriptKeyOf(upload.key);
  await ctx.storage.put(key, Buffer.from(JSON.stringify(segments)), 'text/plain');
  try {
    return await saveTranscript(ctx, kind, postId, upload.id, key, segments);
  } catch (error) {
    if (!upload.transcriptKey) await ctx.storage.delete(key).catch(() => undefined);
    throw error;
  }
}

/** The audio's bytes from storage: the row said how many, within TRANSCRIPTION_MAX_BYTES. */
async function audioBytes(storage: Storage, key: string): Promise<Uint8Array> {
  const file = await storage.get(key);
  const bytes = file ? await readAll(file.stream, TRANSCRIPTION_MAX_BYTES) : null;
  if (!bytes) throw notFound();
  return bytes;
}

/**
 * Records the transcript on the upload and `hasTranscription` on the post's item, in one
 * transaction that locks the post as an edit does (so an edit rebuilding the files either runs
 * before and is seen, or after and keeps the flag: presentUpload reads it from the row).
 */
async function saveTranscript(
  ctx: Context,
  kind: PostKind<PostTable>,
  postId: string,
  uploadId: string,
  key: string,
  segments: TranscriptEntry[],
): Promise<UploadRow> {
  return ctx.db.transaction(async (tx) => {
    const post = await lockReadablePost(tx, ctx, kind, postId, 'no key update');
    const [saved] = await tx
      .update(uploads)
      .set({ transcriptKey: key, transcript: plainTextOf(segments), transcribedAt: new Date() })
      .where(
        and(
          eq(uploads.id, uploadId),
          eq(uploads.attachedType, kind.type),
          eq(uploads.attachedId, postId),
        ),
      )
      .returning();
    if (!saved) throw notFound();
    const files = post.files.map((item): MediaItem =>
      item.uploadId === uploadId ? { ...item, hasTranscription: true } : item,
    );
    await tx
      .update(kind.table as PostTable)
      .set({ files })
      .where(eq(kind.table.id, postId));
    return saved;
  });
}
