import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../server/src/db/schema';
import { gqlError, rest } from '../helpers/clients';
import {
  createPost,
  createPrivateSpace,
  insertUpload,
  postProblem,
  readPost,
  samplePng,
  signUpVerified,
  updatePost,
  uploadedItem,
  type MediaItemView,
  type PostKind,
  type PostMediaView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const YOUTUBE_LINK = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';
const HYDERABAD = {
  lat: 17.385,
  lng: 78.4867,
  formattedLocation: 'Hyderabad, Telangana, India',
  locationTags: ['Hyderabad', 'Telangana', 'India'],
};

const storiesOf = async (user: TestUser) => {
  const [row] = await server.deps.db
    .select({ total: count() })
    .from(stories)
    .where(eq(stories.authorId, user.id));
  return row!.total;
};

/** The post a create or edit answered, failing the test with the server's errors otherwise. */
const answered = (result: { data?: Record<string, PostMediaView> | null; errors?: unknown }) => {
  const post = result.data && Object.values(result.data)[0];
  if (!post) throw new Error(`expected a post, got ${JSON.stringify(result.errors)}`);
  return post;
};

const postStoryWith = async (user: TestUser, input: Record<string, unknown>) =>
  answered(await createPost(server, user, 'Story', { story: '<p>Our #well</p>', ...input }));

const shape = (files: MediaItemView[]) =>
  files.map(({ type, fileIndex, uploadId }) => ({ type, fileIndex, uploadId }));

describe('attaching files to a post', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect(
      await gqlError(
        server.url,
        'mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }',
        {
          input: { story: '<p>Our #well</p>', files: [{ youtubeUrl: YOUTUBE_LINK }] },
        },
      ),
    ).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('stores two images and a YouTube link in the order given, numbered from 0', async () => {
    const [first, second] = [await insertUpload(server, alice), await insertUpload(server, alice)];
    const story = await postStoryWith(alice, {
      files: [{ uploadId: second.id }, { youtubeUrl: YOUTUBE_LINK }, { uploadId: first.id }],
    });
    expect(story.files).toEqual([
      expect.objectContaining({
        type: 'image',
        fileIndex: 0,
        uploadId: second.id,
        name: second.name,
        url: `/api/media/${second.id}/${second.name}`,
        thumbnailUrl: `/api/media/${second.id}/thumbnail.webp`,
        contentType: 'image/png',
        size: 1000,
      }),
      expect.objectContaining({
        type: 'youtube',
        fileIndex: 1,
        videoId: 'dQw4w9WgXcQ',
        url: 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
        uploadId: null,
      }),
      expect.objectContaining({ type: 'image', fileIndex: 2, uploadId: first.id }),
    ]);
    expect((await readPost(server, 'Story', story.id)).files).toEqual(story.files);
  });

  it('attaches a file uploaded over tus, as the post dialog does', async () => {
    const uploaded = await uploadedItem(server, alice.token, await samplePng(64, 48), {
      filename: 'well.png',
      path: 'stories',
      spaceId: 'ww',
    });
    const story = await postStoryWith(alice, { files: [{ uploadId: uploaded.uploadId }] });
    expect(story.files).toEqual([
      expect.objectContaining({
        type: 'image',
        fileIndex: 0,
        uploadId: uploaded.uploadId,
        url: uploaded.url,
        thumbnailUrl: uploaded.thumbnailUrl,
      }),
    ]);
  });

  it('marks a captured photo and keeps the length of a recording', async () => {
    const photo = await insertUpload(server, alice);
    const audio = await insertUpload(server, alice, { contentType: 'audio/wav' });
    const story = await postStoryWith(alice, {
      files: [
        { uploadId: photo.id, captured: true },
        { uploadId: audio.id, duration: 12.5 },
      ],
    });
    expect(story.files.map(({ type, duration }) => ({ type, duration }))).toEqual([
      { type: 'photo-capture', duration: null },
      { type: 'audio', duration: 12.5 },
    ]);
  });

  it('refuses a sixth file with the spec message and stores nothing', async () => {
    const uploads = await Promise.all(Array.from({ length: 6 }, () => insertUpload(server, alice)));
    const before = await storiesOf(alice);
    const error = await gqlError(
      server.url,
      'mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }',
      {
        input: { story: '<p>Six #photos</p>', files: uploads.map(({ id }) => ({ uploadId: id })) },
      },
      { token: alice.token },
    );
    expect(error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Maximum only 5 files allowed',
    });
    expect(await storiesOf(alice)).toBe(before);
  });

  it('refuses a YouTube link without a video id', async () => {
    const before = await storiesOf(alice);
    for (const youtubeUrl of [
      'https://www.youtube.com/watch?v=short',
      'https://example.com/v/dQw4w9WgXcQ',
    ]) {
      const result = await createPost(server, alice, 'Story', {
        story: '<p>A #video</p>',
        files: [{ youtubeUrl }],
      });
      expect(result.errors?.[0]?.message).toBe('YouTube Video Not Found');
    }
    expect(await storiesOf(alice)).toBe(before);
  });

  it('refuses files that add up to more than 1 GB', async () => {
    const big = await insertUpload(server, alice, {
      contentType: 'video/mp4',
      size: 600 * 1024 ** 2,
    });
    const bigger = await insertUpload(server, alice, {
      contentType: 'video/mp4',
      size: 500 * 1024 ** 2,
    });
    const before = await storiesOf(alice);
    const result = await createPost(server, alice, 'Story', {
      story: '<p>Long #videos</p>',
      files: [{ uploadId: big.id }, { uploadId: bigger.id }],
    });
    expect(result.errors?.[0]?.message).toBe('Sum of all files limited to 1GB');
    expect(await storiesOf(alice)).toBe(before);
  });

  it("refuses someone else's upload and an upload made for another space", async () => {
    const bobs = await insertUpload(server, bob);
    const space = await createPrivateSpace(server, alice);
    const elsewhere = await insertUpload(server, alice, { spaceId: space.id });
    const before = await storiesOf(alice);
    for (const upload of [bobs, elsewhere]) {
      const result = await createPost(server, alice, 'Story', {
        story: '<p>Not #mine</p>',
        spaceId: 'ww',
        files: [{ uploadId: upload.id }],
      });
      expect(result.errors?.[0]?.message).toBe('The file was not found. Please upload it again.');
    }
    expect(await storiesOf(alice)).toBe(before);
  });
});

describe('editing the files of a post', () => {
  it('reorders, removes and adds files, keeping what a kept recording measured', async () => {
    const [photo, audio, added] = [
      await insertUpload(server, alice),
      await insertUpload(server, alice, { contentType: 'audio/wav' }),
      await insertUpload(server, alice),
    ];
    const story = await postStoryWith(alice, {
      files: [
        { uploadId: photo.id },
        { uploadId: audio.id, duration: 30 },
        { youtubeUrl: YOUTUBE_LINK },
      ],
    });
    const edited = answered(
      await updatePost(server, alice, 'Story', story.id, {
        files: [{ uploadId: added.id }, { uploadId: audio.id }, { uploadId: photo.id }],
      }),
    );
    expect(shape(edited.files)).toEqual([
      { type: 'image', fileIndex: 0, uploadId: added.id },
      { type: 'audio', fileIndex: 1, uploadId: audio.id },
      { type: 'image', fileIndex: 2, uploadId: photo.id },
    ]);
    expect(edited.files[1]!.duration).toBe(30);
    expect((await readPost(server, 'Story', story.id)).files).toEqual(edited.files);
  });

  it('leaves the files as they are when an edit does not name them, and removes them all with []', async () => {
    const photo = await insertUpload(server, alice);
    const story = await postStoryWith(alice, { files: [{ uploadId: photo.id }] });
    const textOnly = answered(
      await updatePost(server, alice, 'Story', story.id, { story: '<p>New #text</p>' }),
    );
    expect(textOnly.files).toEqual(story.files);
    const none = answered(await updatePost(server, alice, 'Story', story.id, { files: [] }));
    expect(none.files).toEqual([]);
  });

  it('changes nothing when an edit is refused', async () => {
    const photo = await insertUpload(server, alice);
    const bobs = await insertUpload(server, bob);
    const story = await postStoryWith(alice, { files: [{ uploadId: photo.id }] });
    const result = await updatePost(server, alice, 'Story', story.id, {
      story: '<p>Changed #text</p>',
      files: [{ uploadId: photo.id }, { uploadId: bobs.id }],
      location: HYDERABAD,
    });
    expect(result.errors?.[0]?.message).toBe('The file was not found. Please upload it again.');
    const after = await readPost(server, 'Story', story.id);
    expect(after).toEqual({ ...story, location: null });
  });

  it("refuses another person's edit of the files", async () => {
    const photo = await insertUpload(server, alice);
    const story = await postStoryWith(alice, { files: [{ uploadId: photo.id }] });
    const result = await updatePost(server, bob, 'Story', story.id, { files: [] });
    expect(result.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect((await readPost(server, 'Story', story.id)).files).toHaveLength(1);
  });
});

describe('the place of a post', () => {
  it('stores a location with its geohash, keeps it through other edits and clears it with null', async () => {
    const story = await postStoryWith(alice, { location: HYDERABAD });
    expect(story.location).toEqual({ ...HYDERABAD, hash: 'tepffhb6b' });
    const edited = answered(
      await updatePost(server, alice, 'Story', story.id, { story: '<p>Still #here</p>' }),
    );
    expect(edited.location).toEqual(story.location);
    const moved = answered(
      await updatePost(server, alice, 'Story', story.id, {
        location: { lat: 51.5074, lng: -0.1278 },
      }),
    );
    expect(moved.location).toEqual({
      lat: 51.5074,
      lng: -0.1278,
      formattedLocation: null,
      locationTags: [],
      hash: 'gcpvj0duq',
    });
    const cleared = answered(
      await updatePost(server, alice, 'Story', story.id, { location: null }),
    );
    expect(cleared.location).toBeNull();
  });

  it('has no location when none was given, and refuses a latitude off the globe', async () => {
    expect((await postStoryWith(alice, {})).location).toBeNull();
    const result = await createPost(server, alice, 'Story', {
      story: '<p>Nowhere #land</p>',
      location: { lat: 91, lng: 0 },
    });
    expect(result.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('every post kind carries files', () => {
  const inputs: Record<PostKind, Record<string, unknown>> = {
    Story: { story: '<p>A #story</p>' },
    Problem: { name: 'Dry wells', description: '<p>The wells ran dry</p>' },
    Solution: { name: 'Rain tanks', description: '<p>Collect the rain</p>' },
    Skill: { name: 'Masonry', description: '<p>Building tanks</p>' },
  };
  for (const kind of ['Problem', 'Solution', 'Skill'] as const) {
    it(`creates and edits a ${kind.toLowerCase()} with files${kind === 'Skill' ? '' : ' and a place'}`, async () => {
      const [photo, pdf] = [
        await insertUpload(server, alice),
        await insertUpload(server, alice, { contentType: 'application/pdf' }),
      ];
      const located = kind !== 'Skill';
      const post = answered(
        await createPost(server, alice, kind, {
          ...inputs[kind],
          files: [{ uploadId: photo.id }, { uploadId: pdf.id }],
          ...(located && { location: HYDERABAD }),
        }),
      );
      expect(shape(post.files)).toEqual([
        { type: 'image', fileIndex: 0, uploadId: photo.id },
        { type: 'application/pdf', fileIndex: 1, uploadId: pdf.id },
      ]);
      if (located) expect(post.location).toMatchObject({ hash: 'tepffhb6b' });
      const edited = answered(
        await updatePost(server, alice, kind, post.id, {
          files: [{ uploadId: pdf.id }, { youtubeUrl: 'https://youtu.be/dQw4w9WgXcQ' }],
        }),
      );
      expect(edited.files.map(({ type, fileIndex }) => ({ type, fileIndex }))).toEqual([
        { type: 'application/pdf', fileIndex: 0 },
        { type: 'youtube', fileIndex: 1 },
      ]);
      expect(await readPost(server, kind, post.id)).toEqual(edited);
    });
  }
});

describe('files and location over REST', () => {
  it('creates, reads, lists and edits a story with the same shapes', async () => {
    const photo = await insertUpload(server, alice);
    const created = await rest<{ data: { id: string; files: MediaItemView[]; location: unknown } }>(
      server.url,
      'POST',
      '/api/stories',
      {
        data: {
          story: '<p>Rest #files</p>',
          files: [{ uploadId: photo.id }, { youtubeUrl: YOUTUBE_LINK }],
          location: HYDERABAD,
        },
      },
      alice.token,
    );
    expect(created.status).toBe(201);
    const story = created.body.data;
    expect(story.files.map(({ type, fileIndex }) => ({ type, fileIndex }))).toEqual([
      { type: 'image', fileIndex: 0 },
      { type: 'youtube', fileIndex: 1 },
    ]);
    expect(story.files[0]).toMatchObject({
      uploadId: photo.id,
      url: `/api/media/${photo.id}/${photo.name}`,
      extension: 'png',
      contentType: 'image/png',
    });
    expect(story.location).toEqual({ ...HYDERABAD, hash: 'tepffhb6b' });

    const got = await rest<{ data: typeof story }>(
      server.url,
      'GET',
      `/api/get/v2?path=stories/${story.id}`,
    );
    expect(got.body.data).toMatchObject({ files: story.files, location: story.location });
    const listed = await rest<{ items: (typeof story)[] }>(
      server.url,
      'GET',
      '/api/list/v2?path=stories&spaceId=ww&results=50',
    );
    expect(listed.body.items.find((item) => item.id === story.id)).toMatchObject({
      files: story.files,
      location: story.location,
    });

    const patched = await rest<{ data: typeof story }>(
      server.url,
      'PATCH',
      `/api/stories/${story.id}`,
      { data: { files: [{ youtubeUrl: YOUTUBE_LINK }], location: null } },
      alice.token,
    );
    expect(patched.body.data.files).toEqual([
      expect.objectContaining({ type: 'youtube', fileIndex: 0 }),
    ]);
    expect(patched.body.data.location).toBeNull();
  });

  it('answers a sixth file over REST with 422 and the spec message', async () => {
    const files = Array.from({ length: 6 }, () => ({ youtubeUrl: YOUTUBE_LINK }));
    const response = await rest(
      server.url,
      'POST',
      '/api/problems',
      { data: { name: 'Too many', description: '<p>Six videos</p>', files } },
      alice.token,
    );
    expect(response.status).toBe(422);
    expect(response.body.error).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'Maximum only 5 files allowed',
    });
  });
});

describe('a story moved to a problem in another space', () => {
  it('must bring files of that space: its old files are refused, nothing changes', async () => {
    const space = await createPrivateSpace(server, alice);
    const problem = await postProblem(server, alice, 'Dry wells', { spaceId: space.id });
    const photo = await insertUpload(server, alice);
    const story = await postStoryWith(alice, { spaceId: 'ww', files: [{ uploadId: photo.id }] });
    const result = await updatePost(server, alice, 'Story', story.id, {
      problemId: problem.id,
    });
    expect(result.errors?.[0]?.message).toBe('The file was not found. Please upload it again.');
    expect((await readPost(server, 'Story', story.id)).files).toEqual(story.files);
  });
});
