import {
  buildClientSchema,
  getIntrospectionQuery,
  getNamedType,
  isObjectType,
  type IntrospectionQuery,
} from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gqlData } from '../helpers/clients';
import { postStory, signUpVerified, type TestUser } from '../helpers/factories';
import { openDirectChat, sendMessages } from '../helpers/factories/chat';
import { startTestServer, type TestServer } from '../helpers/server';

let server: TestServer;
let author: TestUser;
let friend: TestUser;

beforeAll(async () => {
  server = await startTestServer();
  [author, friend] = await Promise.all([
    signUpVerified(server, { displayName: 'Connection Author' }),
    signUpVerified(server, { displayName: 'Connection Friend' }),
  ]);
});
afterAll(async () => {
  await server?.stop();
});

interface Connection {
  edges: { cursor: string; node: { id: string } }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

const PAGE_FIELDS = `edges { cursor node { id } } pageInfo { hasNextPage hasPreviousPage startCursor endCursor }`;

const PERSON_STORIES = `query($userId: ID!, $first: Int, $after: String) {
  personStories(userId: $userId, first: $first, after: $after) { ${PAGE_FIELDS} items { id } last }
}`;

const storiesPage = async (variables: { first: number; after?: string | null }) =>
  (
    await gqlData<{ personStories: Connection & { items: { id: string }[]; last: string | null } }>(
      server.url,
      PERSON_STORIES,
      { userId: author.id, ...variables },
      { token: friend.token },
    )
  ).personStories;

const ids = (page: Connection) => page.edges.map((edge) => edge.node.id);

describe('lists as Relay cursor connections', () => {
  it('pages forward with first/after through edges and pageInfo, and resumes after any edge', async () => {
    const posted: string[] = [];
    for (let index = 1; index <= 5; index++)
      posted.push((await postStory(server, author, `<p>Page story ${index} #pages</p>`)).id);
    const newestFirst = [...posted].reverse();

    const first = await storiesPage({ first: 2 });
    expect(ids(first)).toEqual(newestFirst.slice(0, 2));
    expect(first.pageInfo).toEqual({
      hasNextPage: true,
      hasPreviousPage: false,
      startCursor: first.edges[0]!.cursor,
      endCursor: first.edges[1]!.cursor,
    });

    const second = await storiesPage({ first: 2, after: first.pageInfo.endCursor });
    expect(ids(second)).toEqual(newestFirst.slice(2, 4));
    const third = await storiesPage({ first: 2, after: second.pageInfo.endCursor });
    expect(ids(third)).toEqual(newestFirst.slice(4));
    expect(third.pageInfo.hasNextPage).toBe(false);
    expect(third.pageInfo.endCursor).toBe(third.edges[0]!.cursor);

    // Any edge's cursor continues right after that item, not only the page's end.
    const fromMiddle = await storiesPage({ first: 2, after: first.edges[0]!.cursor });
    expect(ids(fromMiddle)).toEqual(newestFirst.slice(1, 3));

    // The shape before connections still answers, deprecated, with the same items.
    expect(first.items.map((item) => item.id)).toEqual(ids(first));
    expect(first.last).toBe(first.pageInfo.endCursor);
    expect(third.last).toBeNull();
  });

  it('reads chat history backward with last/before, hasPreviousPage saying older ones remain', async () => {
    const chat = await openDirectChat(server, author, friend);
    const sent = (await sendMessages(server, author, chat.id, 5)).map((message) => message.id);
    const HISTORY = `query($conversationId: ID!, $last: Int, $before: ID) {
      chatMessages(conversationId: $conversationId, last: $last, before: $before) { ${PAGE_FIELDS} }
    }`;
    const history = async (before?: string | null) =>
      (
        await gqlData<{ chatMessages: Connection }>(
          server.url,
          HISTORY,
          { conversationId: chat.id, last: 2, before },
          { token: friend.token },
        )
      ).chatMessages;

    const newest = await history();
    expect(ids(newest)).toEqual(sent.slice(3));
    expect(newest.pageInfo.hasPreviousPage).toBe(true);
    const older = await history(newest.pageInfo.startCursor);
    expect(ids(older)).toEqual(sent.slice(1, 3));
    const oldest = await history(older.pageInfo.startCursor);
    expect(ids(oldest)).toEqual(sent.slice(0, 1));
    expect(oldest.pageInfo.hasPreviousPage).toBe(false);
  });

  it('gives every paginated field of the schema a connection with Relay arguments', async () => {
    const introspection = await gqlData<IntrospectionQuery>(server.url, getIntrospectionQuery());
    const schema = buildClientSchema(introspection);
    const paginated: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        const args = new Set(field.args.map((arg) => arg.name));
        if (!args.has('after') && !args.has('before')) continue;
        paginated.push(`${type.name}.${field.name}`);
        const returned = getNamedType(field.type);
        expect(returned.name, `${type.name}.${field.name}`).toMatch(/Connection$/);
        const forward = args.has('first') && args.has('after');
        const backward = args.has('last') && args.has('before');
        expect(forward || backward, `${type.name}.${field.name}`).toBe(true);
      }
    }
    expect(paginated.length).toBeGreaterThan(30);
  });
});
