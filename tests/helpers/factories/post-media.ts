import { randomUUID } from 'node:crypto';
import type { UploadPathKind } from '../../../schema/rules/media';
import { uploads } from '../../../server/src/db/schema';
import { gql, gqlData, type GqlResult } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Posts carrying files and a place, and a space's media list, as tests call them. */

export const MEDIA_ITEM_FIELDS =
  'type url urls thumbnailUrl extension fileIndex name size duration uploadId uploadIds videoId contentType';
export const LOCATION_FIELDS = 'lat lng formattedLocation locationTags hash';

export interface MediaItemView {
  type: string;
  url: string;
  urls: string[] | null;
  thumbnailUrl: string | null;
  extension: string | null;
  fileIndex: number;
  name: string | null;
  size: number | null;
  duration: number | null;
  uploadId: string | null;
  uploadIds: string[] | null;
  videoId: string | null;
  contentType: string | null;
}

export interface LocationView {
  lat: number;
  lng: number;
  formattedLocation: string | null;
  locationTags: string[];
  hash: string;
}

export interface UploadRowOptions {
  spaceId?: string;
  kind?: UploadPathKind;
  contentType?: string;
  size?: number;
  name?: string;
}

/**
 * Database shortcut: a finished upload row, as the tus endpoint leaves one (no bytes in storage).
 * Lets tests attach files of any size (the 1 GB sum) without sending them; the upload itself is
 * tested with uploadFile.
 */
export async function insertUpload(
  server: TestServer,
  owner: { id: string },
  options: UploadRowOptions = {},
) {
  const id = randomUUID();
  const spaceId = options.spaceId ?? 'ww';
  const kind = options.kind ?? 'stories';
  const contentType = options.contentType ?? 'image/png';
  const extension = contentType.split('/')[1] ?? 'bin';
  const name = options.name ?? `photo-${id.slice(0, 6)}.${extension}`;
  await server.deps.db.insert(uploads).values({
    id,
    key: `spaces/${spaceId}/${kind}/${Date.now()}-${id}.${extension}`,
    ownerId: owner.id,
    spaceId,
    kind,
    name,
    contentType,
    extension,
    size: options.size ?? 1000,
    thumbnailKey: contentType.startsWith('image/') ? `thumbnails/${id}.webp` : null,
  });
  return { id, name, contentType };
}

/** The fields a post of any kind answers with in these tests. */
export const postMediaFields = (located: boolean) =>
  `id files { ${MEDIA_ITEM_FIELDS} }${located ? ` location { ${LOCATION_FIELDS} }` : ''}`;

export interface PostMediaView {
  id: string;
  files: MediaItemView[];
  location?: LocationView | null;
}

export type PostKind = 'Story' | 'Problem' | 'Solution' | 'Skill';

/** createStory / createProblem / … with `input`, answering the post's id, files and location. */
export function createPost(
  server: TestServer,
  user: TestUser,
  kind: PostKind,
  input: Record<string, unknown>,
): Promise<GqlResult<Record<string, PostMediaView>>> {
  return gql(
    server.url,
    `mutation($input: Create${kind}Input!) { create${kind}(input: $input) { ${postMediaFields(kind !== 'Skill')} } }`,
    { input },
    { token: user.token },
  );
}

export function updatePost(
  server: TestServer,
  user: TestUser,
  kind: PostKind,
  id: string,
  input: Record<string, unknown>,
): Promise<GqlResult<Record<string, PostMediaView>>> {
  return gql(
    server.url,
    `mutation($id: ID!, $input: Update${kind}Input!) { update${kind}(id: $id, input: $input) { ${postMediaFields(kind !== 'Skill')} } }`,
    { id, input },
    { token: user.token },
  );
}

/** The post as its reader `token` gets it by id. */
export async function readPost(server: TestServer, kind: PostKind, id: string, token?: string) {
  const field = kind.toLowerCase();
  const data = await gqlData<Record<string, PostMediaView>>(
    server.url,
    `query($id: ID!) { ${field}(id: $id) { ${postMediaFields(kind !== 'Skill')} } }`,
    { id },
    { token },
  );
  return data[field]!;
}

export const SPACE_MEDIA = `query($spaceId: ID!, $first: Int, $after: String) {
  spaceMedia(spaceId: $spaceId, first: $first, after: $after) {
    items { item { ${MEDIA_ITEM_FIELDS} } postType postId postTitle createdAt } last
  }
}`;

export interface SpaceMediaEntryView {
  item: MediaItemView;
  postType: string;
  postId: string;
  postTitle: string;
  createdAt: string;
}

export interface SpaceMediaPageView {
  items: SpaceMediaEntryView[];
  last: string | null;
}
