import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stories } from '../../server/src/db/schema';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  createPost,
  createPrivateSpace,
  insertUpload,
  signUpVerified,
  SPACE_MEDIA,
  type PostKind,
  type SpaceMediaEntryView,
  type SpaceMediaPageView,
  type TestUser,
} from '../helpers/factories';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
beforeAll(async () => {
  server = await startTestServer();
  [alice, bob, carol] = await Promise.all([
    signUpVerified(server, { displayName: 'Alice' }),
    signUpVerified(server, { displayName: 'Bob' }),
    signUpVerified(server, { displayName: 'Carol' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

const YOUTUBE_LINK = 'https://youtu.be/dQw4w9WgXcQ';

const INPUTS: Record<PostKind, Record<string, unknown>> = {
  Story: { story: '<p>Our village #well after the rains, with the new pump</p>' },
  Problem: { name: 'Dry wells', description: '<p>The wells ran dry</p>' },
  Solution: { name: 'Rain tanks', description: '<p>Collect the rain</p>' },
  Skill: { name: 'Masonry', description: '<p>Building tanks</p>' },
};

/** Posts a `kind` with `files` (upload ids or YouTube links) as `user`; answers its id. */
async function postWithFiles(
  user: TestUser,
  kind: PostKind,
  files: string[],
  extra: Record<string, unknown> = {},
) {
  const result = await createPost(server, user, kind, {
    ...INPUTS[kind],
    files: files.map((file) =>
      file.startsWith('https://') ? { youtubeUrl: file } : { uploadId: file },
    ),
    ...extra,
  });
  const post = result.data && Object.values(result.data)[0];
  if (!post) throw new Error(JSON.stringify(result.errors));
  return post.id;
}

const spaceMedia = (spaceId: string, token?: string, first = 50, after?: string) =>
  gqlData<{ spaceMedia: SpaceMediaPageView }>(
    server.url,
    SPACE_MEDIA,
    { spaceId, first, after },
    { token },
  ).then((data) => data.spaceMedia);

const entriesOf = (page: SpaceMediaPageView, postIds: string[]) =>
  page.items
    .filter((entry) => postIds.includes(entry.postId))
    .map(({ postType, postId, item }) => ({ postType, postId, fileIndex: item.fileIndex }));

describe('the media of a space', () => {
  it("lists a public space's files newest post first, each post's files in order, signed out too", async () => {
    const [first, second, third] = [
      await insertUpload(server, alice),
      await insertUpload(server, alice),
      await insertUpload(server, alice, { contentType: 'application/pdf', kind: 'skills' }),
    ];
    const story = await postWithFiles(alice, 'Story', [first.id, second.id]);
    const withoutFiles = await postWithFiles(alice, 'Story', []);
    const problem = await postWithFiles(alice, 'Problem', [YOUTUBE_LINK]);
    const skill = await postWithFiles(alice, 'Skill', [third.id]);
    const page = await spaceMedia('ww');
    expect(entriesOf(page, [story, withoutFiles, problem, skill])).toEqual([
      { postType: 'skills', postId: skill, fileIndex: 0 },
      { postType: 'problems', postId: problem, fileIndex: 0 },
      { postType: 'stories', postId: story, fileIndex: 0 },
      { postType: 'stories', postId: story, fileIndex: 1 },
    ]);
    const storyEntry = page.items.find((entry) => entry.postId === story)!;
    expect(storyEntry.postTitle).toBe('Our village #well after the rains, with the new pump');
    expect(storyEntry.item).toMatchObject({ uploadId: first.id, type: 'image' });
    expect(page.items.find((entry) => entry.postId === problem)).toMatchObject({
      postTitle: 'Dry wells',
      item: { type: 'youtube', videoId: 'dQw4w9WgXcQ' },
    });
  });

  it('pages by post, each page continuing where the last one stopped', async () => {
    const space = await createPrivateSpace(server, alice);
    const posted: string[] = [];
    for (const kind of ['Story', 'Problem', 'Solution', 'Skill', 'Story'] as const)
      posted.push(
        await postWithFiles(alice, kind, [YOUTUBE_LINK, YOUTUBE_LINK], { spaceId: space.id }),
      );
    const seen: SpaceMediaEntryView[] = [];
    let after: string | undefined;
    let pages = 0;
    do {
      const page = await spaceMedia(space.id, alice.token, 2, after);
      seen.push(...page.items);
      after = page.last ?? undefined;
      pages += 1;
    } while (after);
    expect(pages).toBe(3);
    expect(seen.map((entry) => entry.postId)).toEqual(
      [...posted].reverse().flatMap((id) => [id, id]),
    );
  });

  it("keeps a private space's files from those outside it", async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [{ user: bob, status: 'contributor' }],
    });
    const photo = await insertUpload(server, alice, { spaceId: space.id });
    const story = await postWithFiles(alice, 'Story', [photo.id], { spaceId: space.id });

    expect(entriesOf(await spaceMedia(space.id, bob.token), [story])).toHaveLength(1);
    for (const token of [carol.token, undefined]) {
      expect(
        await gqlError(server.url, SPACE_MEDIA, { spaceId: space.id }, { token }),
      ).toMatchObject({ code: 'NOT_FOUND' });
      const response = await rest(
        server.url,
        'GET',
        `/api/list/v2?path=media&spaceId=${space.id}`,
        undefined,
        token,
      );
      expect(response.status).toBe(404);
    }
  });

  it("lists no draft, pending anonymous or hidden post's files, not even to its author", async () => {
    const ids = await Promise.all([
      insertUpload(server, alice),
      insertUpload(server, alice),
      insertUpload(server, alice),
    ]).then((uploads) => uploads.map((upload) => upload.id));
    const draft = await postWithFiles(alice, 'Story', [ids[0]!], { isDraft: true });
    const anonymous = await postWithFiles(alice, 'Problem', [ids[1]!], { isAnonymousPost: true });
    const hidden = await postWithFiles(alice, 'Story', [ids[2]!]);
    expect(entriesOf(await spaceMedia('ww', bob.token), [hidden])).toHaveLength(1);
    await server.deps.db.update(stories).set({ isHidden: true }).where(eq(stories.id, hidden));
    for (const token of [bob.token, alice.token, undefined])
      expect(entriesOf(await spaceMedia('ww', token), [draft, anonymous, hidden])).toEqual([]);
  });

  it('lists the files of a story posted to a problem its readers can read', async () => {
    const problem = await postWithFiles(alice, 'Problem', []);
    const story = await postWithFiles(bob, 'Story', [YOUTUBE_LINK], { problemId: problem });
    expect(entriesOf(await spaceMedia('ww', carol.token), [story])).toEqual([
      { postType: 'stories', postId: story, fileIndex: 0 },
    ]);
  });
});

describe('the media of a space over REST', () => {
  it('answers /list/v2?path=media with the entries and a cursor', async () => {
    const story = await postWithFiles(alice, 'Story', [YOUTUBE_LINK]);
    const response = await rest<{ items: SpaceMediaEntryView[]; last: string | null }>(
      server.url,
      'GET',
      '/api/list/v2?path=media&spaceId=ww&results=1',
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ success: true, last: expect.any(String) });
    expect(response.body.items).toEqual([
      {
        item: expect.objectContaining({ type: 'youtube', fileIndex: 0 }),
        postType: 'stories',
        postId: story,
        postTitle: 'Our village #well after the rains, with the new pump',
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/u),
      },
    ]);
  });

  it('refuses a cursor it did not issue', async () => {
    const response = await rest(
      server.url,
      'GET',
      '/api/list/v2?path=media&spaceId=ww&lastDocumentID=nonsense',
    );
    expect(response.status).toBe(422);
  });
});

describe('the image of a space', () => {
  const UPDATE_IMAGE = `mutation($id: ID!, $input: UpdateSpaceInput!) { updateSpace(id: $id, input: $input) { id img } }`;
  const imageRefusal = (spaceId: string, imageUploadId: string | null, token: string) =>
    gqlError(server.url, UPDATE_IMAGE, { id: spaceId, input: { imageUploadId } }, { token });
  const imageOf = (spaceId: string, imageUploadId: string | null, token: string) =>
    gqlData<{ updateSpace: { img: string | null } }>(
      server.url,
      UPDATE_IMAGE,
      { id: spaceId, input: { imageUploadId } },
      { token },
    ).then((data) => data.updateSpace.img);

  it("sets the owner's uploaded image, refuses other files and people, and removes it with null", async () => {
    const space = await createPrivateSpace(server, alice, {
      members: [{ user: bob, status: 'contributor' }],
    });
    const picture = await insertUpload(server, alice, { spaceId: space.id, kind: 'spaces' });
    expect(await imageOf(space.id, picture.id, alice.token)).toBe(
      `/api/media/${picture.id}/${picture.name}`,
    );

    const pdf = await insertUpload(server, alice, {
      spaceId: space.id,
      contentType: 'application/pdf',
    });
    expect(await imageRefusal(space.id, pdf.id, alice.token)).toMatchObject({
      code: 'BAD_USER_INPUT',
      message: 'This type of file is not allowed here',
    });
    const elsewhere = await insertUpload(server, alice, { kind: 'spaces' });
    expect(await imageRefusal(space.id, elsewhere.id, alice.token)).toMatchObject({
      message: 'The file was not found. Please upload it again.',
    });
    const bobs = await insertUpload(server, bob, { spaceId: space.id, kind: 'spaces' });
    expect(await imageRefusal(space.id, bobs.id, bob.token)).toMatchObject({ code: 'FORBIDDEN' });

    expect(await imageOf(space.id, null, alice.token)).toBeNull();
  });
});
