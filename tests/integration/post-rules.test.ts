import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@rules';
import { problems, skills, solutions, stories } from '../../server/src/db/schema';
import { gql, gqlData, gqlError } from '../helpers/clients';
import {
  CREATE_PROBLEM,
  CREATE_SKILL,
  CREATE_SOLUTION,
  CREATE_STORY,
  PROBLEM,
  SKILL,
  SOLUTION,
  STORY,
  UPDATE_PROBLEM,
  UPDATE_SKILL,
  UPDATE_SOLUTION,
  UPDATE_STORY,
  signUpVerified,
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

interface Posted {
  id: string;
  tags: string[];
  isAnonymousPost: boolean;
}

/**
 * Each post kind as its rules see it: how its text is sent (a story's body, a titled post's
 * description), its GraphQL operations, and its table (to prove a refusal stored nothing).
 */
const KINDS = [
  {
    kind: 'story',
    table: stories,
    text: (html: string) => ({ story: html }),
    create: CREATE_STORY,
    update: UPDATE_STORY,
    read: STORY,
  },
  {
    kind: 'problem',
    table: problems,
    text: (html: string) => ({ name: 'Dirty wells', description: html }),
    create: CREATE_PROBLEM,
    update: UPDATE_PROBLEM,
    read: PROBLEM,
  },
  {
    kind: 'solution',
    table: solutions,
    text: (html: string) => ({ name: 'Sand filters', description: html }),
    create: CREATE_SOLUTION,
    update: UPDATE_SOLUTION,
    read: SOLUTION,
  },
  {
    kind: 'skill',
    table: skills,
    text: (html: string) => ({ name: 'Pump repair', description: html }),
    create: CREATE_SKILL,
    update: UPDATE_SKILL,
    read: SKILL,
  },
] as const;

const VALID = '<p>Clean water for the whole village #water</p>';
const DOTTED = '<p>A dashboard for the wells written in #node.js</p>';

describe.each(KINDS)('the rules every $kind shares', (post) => {
  const mutationName = (operation: string) => /\{\s*(\w+)\(/u.exec(operation)![1]!;
  const rowsOf = (user: TestUser) =>
    server.deps.db.select().from(post.table).where(eq(post.table.authorId, user.id));

  async function publish(user: TestUser, input: Record<string, unknown> = {}): Promise<Posted> {
    const data = await gqlData<Record<string, Posted>>(
      server.url,
      post.create,
      { input: { ...post.text(VALID), ...input } },
      { token: user.token },
    );
    return data[mutationName(post.create)]!;
  }

  /** Skills show no approval state over GraphQL; the row says it for every kind. */
  async function approvalOf(id: string) {
    const [row] = await server.deps.db
      .select({ isAnonymousPost: post.table.isAnonymousPost, isApproved: post.table.isApproved })
      .from(post.table)
      .where(eq(post.table.id, id));
    return row;
  }

  async function edit(user: TestUser, id: string, input: Record<string, unknown>) {
    const data = await gqlData<Record<string, Posted>>(
      server.url,
      post.update,
      { id, input },
      { token: user.token },
    );
    return data[mutationName(post.update)]!;
  }

  it(`refuses a new ${post.kind} with a dotted hashtag, with exactly the spec's message, and stores nothing`, async () => {
    const poster = await signUpVerified(server);
    expect(
      await gqlError(
        server.url,
        post.create,
        { input: post.text(DOTTED) },
        { token: poster.token },
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: MESSAGES.hashtagDot });
    expect(MESSAGES.hashtagDot).toBe("Hashtags cannot contain '.'");
    expect(await rowsOf(poster)).toEqual([]);
  });

  it(`refuses an edit of a ${post.kind} that adds a dotted hashtag, and keeps the text and tags as they were`, async () => {
    const posted = await publish(alice);
    const [before] = await server.deps.db
      .select()
      .from(post.table)
      .where(eq(post.table.id, posted.id));
    expect(
      await gqlError(
        server.url,
        post.update,
        { id: posted.id, input: post.text(DOTTED) },
        { token: alice.token },
      ),
    ).toMatchObject({ code: 'BAD_USER_INPUT', message: "Hashtags cannot contain '.'" });
    const [after] = await server.deps.db
      .select()
      .from(post.table)
      .where(eq(post.table.id, posted.id));
    expect(after).toEqual(before);
    expect(after!.tags).toEqual(['water']);
  });

  it(`sends a ${post.kind} back for approval when an edit makes it anonymous; others no longer see it`, async () => {
    const posted = await publish(alice);
    expect(await approvalOf(posted.id)).toEqual({ isAnonymousPost: false, isApproved: true });
    await edit(alice, posted.id, { isAnonymousPost: true });
    expect(await approvalOf(posted.id)).toEqual({ isAnonymousPost: true, isApproved: false });
    expect(
      (await gql(server.url, post.read, { id: posted.id }, { token: bob.token })).errors?.[0]
        ?.extensions?.code,
    ).toBe('NOT_FOUND');
    const own = await gqlData<Record<string, Posted>>(
      server.url,
      post.read,
      { id: posted.id },
      { token: alice.token },
    );
    expect(Object.values(own)[0]).toMatchObject({ id: posted.id, isAnonymousPost: true });
  });

  it(`keeps a pending anonymous ${post.kind} pending through an edit, and approves it once named again`, async () => {
    const posted = await publish(alice, { isAnonymousPost: true });
    expect(await approvalOf(posted.id)).toEqual({ isAnonymousPost: true, isApproved: false });
    const edited = await edit(alice, posted.id, post.text(`${VALID}<p>More detail #wells</p>`));
    expect(edited.tags).toEqual(['water', 'wells']);
    expect(await approvalOf(posted.id)).toEqual({ isAnonymousPost: true, isApproved: false });
    await edit(alice, posted.id, { isAnonymousPost: false });
    expect(await approvalOf(posted.id)).toEqual({ isAnonymousPost: false, isApproved: true });
  });
});
