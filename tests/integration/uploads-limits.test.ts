import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGES,
  MEDIA_FILE_MAX_BYTES,
  MESSAGES,
  RATE_LIMITS,
  UNATTACHED_UPLOAD_HOURS,
  UPLOAD_BYTES_PER_DAY,
  type MediaItem,
} from '@rules';
import { chatFiles, uploads } from '../../server/src/db/schema';
import { sweepUnattachedFiles } from '../../server/src/modules/media/stored-files.service';
import { gqlError } from '../helpers/clients';
import {
  SEND_CHAT_MESSAGE,
  TUS_HEADERS,
  createChannel,
  createPost,
  createUpload,
  samplePng,
  sendMessage,
  signUpVerified,
  uploadedItem,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

/**
 * Uploads cost storage (issue 24, item 5): per-person limits on starting uploads and on chat
 * images, a daily budget of stored bytes, and the sweep of files nobody attached or sent.
 */

let server: TestServer;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  png = await samplePng(64, 48);
});
afterAll(async () => {
  await server?.stop();
});

const HOUR_MS = 3600_000;
const person = (displayName: string) => signUpVerified(server, { displayName });

/** The spec's too-many-requests message for a wait of at most an hour. */
const tooManyWithin = (minutes: number) =>
  new RegExp(
    `^(${MESSAGES.tooManyRequestsMinute.replace(/\./gu, '\\.')}|${MESSAGES.tooManyRequests
      .replace(/\./gu, '\\.')
      .replace('{{minutes}}', `([1-9]|[1-5][0-9]|${minutes})`)})$`,
    'u',
  );

/** Cancels a started tus upload (frees its place among the person's unfinished uploads). */
const cancel = async (url: string, token: string) => {
  const response = await fetch(url, {
    method: 'DELETE',
    headers: { ...TUS_HEADERS, authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(204);
};

/** POST of a chat image, as the chat's file picker sends it. */
const postChatImage = (user: TestUser, conversationId: string) =>
  fetch(`${server.url}/api/chat/conversations/${conversationId}/files`, {
    method: 'POST',
    headers: {
      'content-type': 'image/png',
      'x-file-name': 'well.png',
      authorization: `Bearer ${user.token}`,
    },
    body: new Uint8Array(png),
  });

describe('starting uploads', () => {
  it(`refuses upload number ${RATE_LIMITS.uploadCreate.max + 1} within an hour with 429 and the spec's message`, async () => {
    const flooder = await person('Flooder');
    for (let started = 0; started < RATE_LIMITS.uploadCreate.max; started++) {
      const created = await createUpload(server, flooder.token, png.length);
      expect(created.status, `upload ${started + 1}`).toBe(201);
      await cancel(created.url!, flooder.token);
    }
    const refused = await createUpload(server, flooder.token, png.length);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(tooManyWithin(60));
    // Someone else is not held back by it.
    expect((await createUpload(server, (await person('Other')).token, png.length)).status).toBe(
      201,
    );
  });

  it('refuses a file past the daily budget of bytes, counting uploads still arriving', async () => {
    const hoarder = await person('Hoarder');
    const fits = Math.floor(UPLOAD_BYTES_PER_DAY / MEDIA_FILE_MAX_BYTES);
    for (let started = 0; started < fits; started++)
      expect((await createUpload(server, hoarder.token, MEDIA_FILE_MAX_BYTES)).status).toBe(201);
    const refused = await createUpload(server, hoarder.token, MEDIA_FILE_MAX_BYTES);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatch(/^Too many attempts\. Please try again in /u);
  });

  it('counts finished files of the last day in the budget', async () => {
    const filler = await person('Filler');
    const item = await uploadedItem(server, filler.token, png, { filename: 'small.png' });
    // A day of large files, as rows, then one more file that would pass the budget.
    await server.deps.db
      .update(uploads)
      .set({ size: UPLOAD_BYTES_PER_DAY - 10 })
      .where(eq(uploads.id, item.uploadId!));
    expect((await createUpload(server, filler.token, 100)).status).toBe(429);
    expect((await createUpload(server, filler.token, 5)).status).toBe(201);
  });
});

describe('chat images', () => {
  it(`are refused past ${RATE_LIMITS.chatImageUpload.max} an hour with 429 and the spec's message`, async () => {
    const [sender, friend] = [await person('Sender'), await person('Friend')];
    const group = (await createChannel(server, sender, { type: 'group', members: [friend] })).id;
    for (let sent = 0; sent < RATE_LIMITS.chatImageUpload.max; sent++)
      expect((await postChatImage(sender, group)).status, `image ${sent + 1}`).toBe(201);
    const refused = await postChatImage(sender, group);
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('RATE_LIMITED');
    expect(body.error.message).toMatch(tooManyWithin(60));
  });
});

describe('the sweep of files nobody attached', () => {
  /** Moves a row's creation back by `hours`, as if it had been made then. */
  const age = async (
    table: typeof uploads | typeof chatFiles,
    where: ReturnType<typeof eq>,
    hours: number,
  ) => {
    await server.deps.db
      .update(table)
      .set({ createdAt: sql`now() - make_interval(hours => ${hours})` })
      .where(where);
  };
  const stored = (key: string) => server.deps.storage.stat(key);
  const keysOf = async (item: MediaItem) => {
    const [row] = await server.deps.db.select().from(uploads).where(eq(uploads.id, item.uploadId!));
    return row ? [row.key, row.thumbnailKey!] : [];
  };

  it(`removes an upload left unattached for ${UNATTACHED_UPLOAD_HOURS} hours, row and files; an attached and a fresh one stay`, async () => {
    const writer = await person('Writer');
    const [old, attached, fresh] = [
      await uploadedItem(server, writer.token, png, { filename: 'old.png' }),
      await uploadedItem(server, writer.token, png, { filename: 'attached.png' }),
      await uploadedItem(server, writer.token, png, { filename: 'fresh.png' }),
    ];
    const posted = await createPost(server, writer, 'Story', {
      story: '<p>Our #well</p>',
      files: [{ uploadId: attached.uploadId }],
    });
    expect(posted.errors).toBeUndefined();
    const oldKeys = await keysOf(old);
    for (const item of [old, attached])
      await age(uploads, eq(uploads.id, item.uploadId!), UNATTACHED_UPLOAD_HOURS + 1);

    // Two processes sweeping at once: the rows are claimed once between them.
    const swept = await Promise.all([
      sweepUnattachedFiles(server.deps, new Date()),
      sweepUnattachedFiles(server.deps, new Date()),
    ]);
    expect(swept.reduce((sum, { uploads: count }) => sum + count, 0)).toBe(1);

    expect(await keysOf(old)).toEqual([]);
    expect(await Promise.all(oldKeys.map(stored))).toEqual([null, null]);
    for (const item of [attached, fresh]) {
      const keys = await keysOf(item);
      expect(keys).toHaveLength(2);
      expect(await Promise.all(keys.map(stored))).not.toContain(null);
    }
  });

  it('removes a chat image never sent after a day; a sent one and a fresh one stay', async () => {
    const [sender, friend] = [await person('Chatter'), await person('Listener')];
    const group = (await createChannel(server, sender, { type: 'group', members: [friend] })).id;
    const files: { url: string; name: string; type: string; size: number }[] = [];
    for (let index = 0; index < 3; index++) {
      const response = await postChatImage(sender, group);
      files.push(((await response.json()) as { data: (typeof files)[number] }).data);
    }
    const [unsent, sent, fresh] = files.map((file) => ({
      ...file,
      key: file.url.replace(/^\/uploads\//u, ''),
    }));
    await sendMessage(server, sender, { conversationId: group }, { files: [files[1]] });
    for (const file of [unsent!, sent!])
      await age(chatFiles, eq(chatFiles.key, file.key), UNATTACHED_UPLOAD_HOURS + 1);

    expect((await sweepUnattachedFiles(server.deps, new Date())).chatImages).toBe(1);
    expect(await stored(unsent!.key)).toBeNull();
    expect(await stored(sent!.key)).not.toBeNull();
    expect(await stored(fresh!.key)).not.toBeNull();
    // The unsent image can no longer be sent.
    const late = await gqlError(
      server.url,
      SEND_CHAT_MESSAGE,
      { input: { id: randomUUID(), conversationId: group, files: [files[0]] } },
      { token: sender.token },
    );
    expect(late.message).toBe(CHAT_MESSAGES.fileNotFound);
  });

  it('sweeps by the time it is given: a day later, a fresh upload goes too', async () => {
    const writer = await person('Later');
    const item = await uploadedItem(server, writer.token, png, { filename: 'later.png' });
    await sweepUnattachedFiles(server.deps, new Date());
    expect(await keysOf(item)).toHaveLength(2);
    const dayLater = new Date(Date.now() + (UNATTACHED_UPLOAD_HOURS + 1) * HOUR_MS);
    await sweepUnattachedFiles(server.deps, dayLater);
    expect(await keysOf(item)).toEqual([]);
  });
});
