import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '@rules';
import { chatFiles, uploads } from '../../server/src/db/schema';
import { gql, gqlData } from '../helpers/clients';
import {
  createChannel,
  createPost,
  deleteConversation,
  fetchMedia,
  giveSiteRole,
  moderate,
  samplePng,
  sendMessage,
  signUpVerified,
  updatePost,
  uploadedItem,
  type PostKind,
  type TestUser,
} from '../helpers/factories';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { startTestServer, startTestServerOn, type TestServer } from '../helpers/server';

/**
 * A post's files are read exactly when the post is (issue 24, item 3): deleted → gone, from
 * storage too; hidden → its author and moderators; a draft or a pending anonymous post → its
 * author; never kept by a shared cache. Each file is uploaded over tus, so its bytes and
 * thumbnail really are in storage.
 */

let server: TestServer;
let author: TestUser;
let stranger: TestUser;
let moderator: TestUser;
let png: Buffer;

beforeAll(async () => {
  server = await startTestServer();
  [author, stranger, moderator] = await Promise.all([
    signUpVerified(server, { displayName: 'Author' }),
    signUpVerified(server, { displayName: 'Stranger' }),
    signUpVerified(server, { displayName: 'Moderator' }),
  ]);
  await giveSiteRole(server, moderator, 'moderator');
  png = await samplePng(120, 90);
});
afterAll(async () => {
  await server?.stop();
});

type Reader = 'signed out' | 'stranger' | 'author' | 'moderator';
const READERS: Reader[] = ['signed out', 'stranger', 'author', 'moderator'];
const tokenOf = (reader: Reader) =>
  ({
    'signed out': undefined,
    stranger: stranger.token,
    author: author.token,
    moderator: moderator.token,
  })[reader];

const INPUTS: Record<PostKind, Record<string, unknown>> = {
  Story: { story: '<p>Our #well</p>' },
  Problem: { name: 'Dry wells', description: '<p>The wells ran dry</p>' },
  Solution: { name: 'Rain tanks', description: '<p>Collect the rain</p>' },
  Skill: { name: 'Masonry', description: '<p>Building tanks</p>' },
};

/** An image uploaded over tus by `user` and posted on a new post of `kind` with `input`. */
async function postWithImage(
  kind: PostKind,
  input: Record<string, unknown> = {},
  user: TestUser = author,
) {
  const spaceId = typeof input.spaceId === 'string' ? input.spaceId : undefined;
  const item = await uploadedItem(server, user.token, png, { filename: 'well.png', spaceId });
  const created = await createPost(server, user, kind, {
    ...INPUTS[kind],
    ...input,
    files: [{ uploadId: item.uploadId }],
  });
  const post = created.data && Object.values(created.data)[0];
  if (!post) throw new Error(`post refused: ${JSON.stringify(created.errors)}`);
  return { id: post.id, item, keys: await storedKeysOf(item) };
}

/** The storage keys of an upload's original and thumbnail. */
async function storedKeysOf(item: MediaItem): Promise<string[]> {
  const [row] = await server.deps.db
    .select({ key: uploads.key, thumbnailKey: uploads.thumbnailKey })
    .from(uploads)
    .where(eq(uploads.id, item.uploadId!));
  return [row!.key, row!.thumbnailKey!];
}

/** Which of `keys` storage still holds. */
async function keptInStorage(keys: string[]): Promise<string[]> {
  const kept = await Promise.all(keys.map((key) => server.deps.storage.stat(key)));
  return keys.filter((_key, index) => kept[index] !== null);
}

/** The statuses of an item's original and thumbnail for `reader`. */
const statusesFor = async (item: MediaItem, reader: Reader) => {
  const token = tokenOf(reader);
  return [
    (await fetchMedia(server, item.url, { token })).status,
    (await fetchMedia(server, item.thumbnailUrl!, { token })).status,
  ];
};

/** Whether `reader` may read the post by id (the posts' own rule). */
async function postReadable(kind: PostKind, id: string, reader: Reader) {
  const field = kind.toLowerCase();
  const result = await gql(
    server.url,
    `query($id: ID!) { ${field}(id: $id) { id } }`,
    { id },
    {
      token: tokenOf(reader),
    },
  );
  if (result.errors?.[0]?.extensions?.code === 'NOT_FOUND') return false;
  expect(result.errors).toBeUndefined();
  return true;
}

const deletePost = (kind: PostKind, id: string, user: TestUser = author) =>
  gqlData(
    server.url,
    `mutation($id: ID!) { delete${kind}(id: $id) }`,
    { id },
    {
      token: user.token,
    },
  );

describe('who reads a post’s file', () => {
  const cases: {
    name: string;
    make: () => Promise<{ id: string; item: MediaItem }>;
    readers: Reader[];
  }[] = [
    {
      name: 'a draft',
      make: () => postWithImage('Story', { isDraft: true }),
      readers: ['author'],
    },
    {
      name: 'an anonymous story awaiting approval',
      make: () => postWithImage('Story', { isAnonymousPost: true }),
      readers: ['author'],
    },
    {
      name: 'a story hidden by a moderator',
      make: async () => {
        const posted = await postWithImage('Story');
        await moderate(server, moderator, 'hide', { itemType: 'stories', itemId: posted.id });
        return posted;
      },
      readers: ['author', 'moderator'],
    },
    {
      name: 'a problem hidden by a moderator',
      make: async () => {
        const posted = await postWithImage('Problem');
        await moderate(server, moderator, 'hide', { itemType: 'problems', itemId: posted.id });
        return posted;
      },
      readers: ['author', 'moderator'],
    },
  ];
  for (const { name, make, readers } of cases) {
    it(`serves the image and thumbnail of ${name} to ${readers.join(', ')} only, as the post itself`, async () => {
      const { id, item } = await make();
      const kind: PostKind = name.includes('problem') ? 'Problem' : 'Story';
      for (const reader of READERS) {
        const expected = readers.includes(reader) ? 200 : 404;
        expect(await statusesFor(item, reader), reader).toEqual([expected, expected]);
        // One rule: the file answers as the post does.
        expect(await postReadable(kind, id, reader), reader).toBe(expected === 200);
      }
    });
  }

  it('serves an upload not attached to a post yet to its owner alone', async () => {
    const item = await uploadedItem(server, author.token, png, { filename: 'mine.png' });
    for (const reader of READERS)
      expect(await statusesFor(item, reader), reader).toEqual(
        reader === 'author' ? [200, 200] : [404, 404],
      );
  });
});

describe('caching', () => {
  it('serves a published post’s file to everyone, kept by no shared cache, revalidated with a bodiless 304', async () => {
    const { item } = await postWithImage('Story');
    for (const reader of READERS)
      expect(await statusesFor(item, reader), reader).toEqual([200, 200]);
    const first = await fetchMedia(server, item.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toBe(`"${item.uploadId}"`);
    expect(Date.parse(lastModified)).not.toBeNaN();

    const revalidations: Record<string, string>[] = [
      { 'if-none-match': etag },
      { 'if-modified-since': lastModified },
    ];
    for (const headers of revalidations) {
      const again = await fetchMedia(server, item.url, { headers });
      expect(again.status).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.headers.get('cache-control')).toBe('private, no-cache');
    }
    const thumbnail = await fetchMedia(server, item.thumbnailUrl!);
    expect(thumbnail.headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers a revalidation of a deleted post’s file with 404, not 304', async () => {
    const { id, item } = await postWithImage('Story');
    const etag = (await fetchMedia(server, item.url)).headers.get('etag')!;
    await deletePost('Story', id);
    expect(
      (await fetchMedia(server, item.url, { headers: { 'if-none-match': etag } })).status,
    ).toBe(404);
  });
});

describe('a deleted post’s files', () => {
  for (const kind of ['Story', 'Problem', 'Solution', 'Skill'] as const) {
    it(`are gone for everyone and from storage when a ${kind.toLowerCase()} is deleted`, async () => {
      const { id, item, keys } = await postWithImage(kind);
      expect(await keptInStorage(keys)).toEqual(keys);
      await deletePost(kind, id);
      for (const reader of READERS)
        expect(await statusesFor(item, reader), reader).toEqual([404, 404]);
      expect(await keptInStorage(keys)).toEqual([]);
    });
  }

  it('go with the stories posted to a problem when the problem is deleted', async () => {
    const problem = await postWithImage('Problem');
    const story = await postWithImage('Story', { problemId: problem.id });
    await deletePost('Problem', problem.id);
    expect(await statusesFor(story.item, 'author')).toEqual([404, 404]);
    expect(await keptInStorage([...problem.keys, ...story.keys])).toEqual([]);
  });

  it('go from storage when the author deletes their account, with their unattached uploads', async () => {
    const leaving = await signUpVerified(server, { displayName: 'Leaving' });
    const posted = await postWithImage('Story', {}, leaving);
    const loose = await uploadedItem(server, leaving.token, png, { filename: 'loose.png' });
    const looseKeys = await storedKeysOf(loose);
    await gqlData(server.url, 'mutation { deleteAccount }', {}, { token: leaving.token });
    expect(await statusesFor(posted.item, 'signed out')).toEqual([404, 404]);
    expect(await keptInStorage([...posted.keys, ...looseKeys])).toEqual([]);
  });
});

describe('editing a post’s files', () => {
  it('keeps every file through a refused edit, and removes the one an edit leaves out, from storage too', async () => {
    const { id, item, keys } = await postWithImage('Story');
    const theirs = await uploadedItem(server, stranger.token, png, { filename: 'theirs.png' });
    const refused = await updatePost(server, author, 'Story', id, {
      files: [{ uploadId: theirs.uploadId }],
    });
    expect(refused.errors?.[0]?.message).toBe('The file was not found. Please upload it again.');
    expect(await statusesFor(item, 'signed out')).toEqual([200, 200]);
    expect(await keptInStorage(keys)).toEqual(keys);

    const kept = await uploadedItem(server, author.token, png, { filename: 'kept.png' });
    const edited = await updatePost(server, author, 'Story', id, {
      files: [{ uploadId: kept.uploadId }],
    });
    expect(edited.errors).toBeUndefined();
    expect(await statusesFor(item, 'author')).toEqual([404, 404]);
    expect(await keptInStorage(keys)).toEqual([]);
    expect(await statusesFor(kept, 'signed out')).toEqual([200, 200]);
  });

  it('refuses to attach an upload already on another post', async () => {
    const { item } = await postWithImage('Story');
    const second = await createPost(server, author, 'Story', {
      ...INPUTS.Story,
      files: [{ uploadId: item.uploadId }],
    });
    expect(second.errors?.[0]?.message).toBe('The file was not found. Please upload it again.');
  });
});

describe('a space’s image', () => {
  const UPDATE_IMAGE = `mutation($id: ID!, $input: UpdateSpaceInput!) { updateSpace(id: $id, input: $input) { img } }`;

  it('is removed from storage when replaced or when the space is deleted; the new one is shown to the space’s readers', async () => {
    const { id: spaceId } = await gqlData<{ createSpace: { id: string } }>(
      server.url,
      'mutation($input: CreateSpaceInput!) { createSpace(input: $input) { id } }',
      { input: { name: 'Open wells', isPrivate: false } },
      { token: author.token },
    ).then((data) => data.createSpace);
    const setImage = (uploadId: string) =>
      gqlData(
        server.url,
        UPDATE_IMAGE,
        { id: spaceId, input: { imageUploadId: uploadId } },
        {
          token: author.token,
        },
      );
    const first = await uploadedItem(server, author.token, png, { path: 'spaces', spaceId });
    const firstKeys = await storedKeysOf(first);
    await setImage(first.uploadId!);
    expect(await statusesFor(first, 'signed out')).toEqual([200, 200]);
    const second = await uploadedItem(server, author.token, png, { path: 'spaces', spaceId });
    await setImage(second.uploadId!);
    expect(await statusesFor(first, 'author')).toEqual([404, 404]);
    expect(await keptInStorage(firstKeys)).toEqual([]);
    expect(await statusesFor(second, 'stranger')).toEqual([200, 200]);

    // The space's deletion takes its image and its posts' files with it.
    const story = await postWithImage('Story', { spaceId });
    const secondKeys = await storedKeysOf(second);
    await gqlData(
      server.url,
      'mutation($id: ID!) { deleteSpace(id: $id) }',
      { id: spaceId },
      {
        token: author.token,
      },
    );
    expect(await keptInStorage([...secondKeys, ...story.keys])).toEqual([]);
  });
});

describe('a deleted conversation’s images', () => {
  it('leave storage with it, sent or not', async () => {
    const group = (await createChannel(server, author, { type: 'group', members: [stranger] })).id;
    const keys: string[] = [];
    for (const send of [true, false]) {
      const response = await fetch(`${server.url}/api/chat/conversations/${group}/files`, {
        method: 'POST',
        headers: {
          'content-type': 'image/png',
          'x-file-name': 'well.png',
          authorization: `Bearer ${author.token}`,
        },
        body: new Uint8Array(png),
      });
      const { data } = (await response.json()) as { data: { url: string; name: string } };
      keys.push(data.url.replace(/^\/uploads\//u, ''));
      if (send)
        await sendMessage(
          server,
          author,
          { conversationId: group },
          { text: '<p>Look</p>', files: [data] },
        );
    }
    expect(await keptInStorage(keys)).toEqual(keys);
    await deleteConversation(server, author, group);
    expect(await keptInStorage(keys)).toEqual([]);
    const rows = await server.deps.db
      .select()
      .from(chatFiles)
      .where(eq(chatFiles.conversationId, group));
    expect(rows).toEqual([]);
  });
});

describe('on S3', () => {
  let s3: LocalS3;
  let onS3: TestServer;
  beforeAll(async () => {
    s3 = await startLocalS3();
    onS3 = await startTestServerOn(undefined, s3.env);
  });
  afterAll(async () => {
    await onS3?.stop();
    await s3?.stop();
  });

  it('a deleted story’s image and thumbnail leave the bucket', async () => {
    const writer = await signUpVerified(onS3, { displayName: 'Writer' });
    const item = await uploadedItem(onS3, writer.token, png, { filename: 'well.png' });
    const [row] = await onS3.deps.db.select().from(uploads).where(eq(uploads.id, item.uploadId!));
    const keys = [row!.key, row!.thumbnailKey!];
    const created = await createPost(onS3, writer, 'Story', {
      ...INPUTS.Story,
      files: [{ uploadId: item.uploadId }],
    });
    const id = Object.values(created.data!)[0]!.id;
    expect(await Promise.all(keys.map((key) => onS3.deps.storage.stat(key)))).not.toContain(null);
    await gqlData(
      onS3.url,
      'mutation($id: ID!) { deleteStory(id: $id) }',
      { id },
      {
        token: writer.token,
      },
    );
    expect(await Promise.all(keys.map((key) => onS3.deps.storage.stat(key)))).toEqual([null, null]);
  });
});
