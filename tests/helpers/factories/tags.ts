import { gqlData } from '../clients';
import type { TestServer } from '../server';
import type { TestUser } from './users';

/** Tags are made by posting with hashtags; these are what a person does with one. */

export const FOLLOW_TAG = `mutation($tag: ID!, $spaceId: ID) { followTag(tag: $tag, spaceId: $spaceId) { id following } }`;
export const FOLLOW_TAGS = `mutation($tags: [String!]!) { followTags(tags: $tags) }`;

/** `user` follows one tag ('#' and case ignored), as from its page. */
export async function followTag(server: TestServer, user: TestUser, tag: string) {
  await gqlData(server.url, FOLLOW_TAG, { tag }, { token: user.token });
}

/** `user` follows several tags at once, as from the follow-tags dialog. */
export async function followTags(server: TestServer, user: TestUser, tags: string[]) {
  await gqlData(server.url, FOLLOW_TAGS, { tags }, { token: user.token });
}
