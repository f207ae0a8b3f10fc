import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { COMMENTABLE_TYPES, EXPORT_BATCH_SIZE } from '@rules';
import type { Context } from '../../context';
import { afterCursor, type Cursor } from '../../db/keyset';
import {
  comments,
  problemParts,
  problems,
  skills,
  solutions,
  spaceParticipants,
  stories,
  users,
} from '../../db/schema';
import { commentShownTo } from '../comments/comment.policy';
import { activeMemberIn } from '../spaces/space.policy';
import type { SpaceRow } from '../spaces/space.service';
import { managedSpace } from './admin.service';
import { POST_KINDS, postsCounted, type PostKindName, type PostTable } from './post-kinds';

/** A space's content as one JSON download, read from the database batch by batch. */

/** Reads a table in keyset batches (created_at, id ascending) so memory holds one batch at a time. */
async function* inBatches<Row>(
  read: (after: Cursor | null) => Promise<Row[]>,
  cursorOf: (row: Row) => Cursor,
): AsyncGenerator<Row[]> {
  let after: Cursor | null = null;
  for (;;) {
    const rows = await read(after);
    if (rows.length) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < EXPORT_BATCH_SIZE) return;
    after = cursorOf(last);
  }
}

/** A JSON array member of the export, written batch by batch. */
async function* jsonArray(
  name: string,
  batches: AsyncGenerator<unknown[]>,
): AsyncGenerator<string> {
  yield `,${JSON.stringify(name)}:[`;
  let first = true;
  for await (const rows of batches) {
    yield (first ? '' : ',') + rows.map((row) => JSON.stringify(row)).join(',');
    first = false;
  }
  yield ']';
}

/** The author of a post as the export shows it: nobody for an anonymous post. */
const namedAuthor = (table: PostTable) =>
  sql<string | null>`case when ${table.isAnonymousPost} then null else ${table.authorId} end`;

const byCreation = (table: { createdAt: AnyPgColumn; id: AnyPgColumn }) => ({
  order: [asc(table.createdAt), asc(table.id)],
  after: (cursor: Cursor | null) => afterCursor(table.createdAt, table.id, cursor, true),
});

function exportedPosts(ctx: Context, space: SpaceRow) {
  const shown = (kind: PostKindName) => postsCounted(kind, space.id, 'manager');
  const storyOrder = byCreation(stories);
  const problemOrder = byCreation(problems);
  const solutionOrder = byCreation(solutions);
  const skillOrder = byCreation(skills);
  const commentOrder = byCreation(comments);
  const cursorOf = (row: { id: string; createdAt: Date }) => ({ value: row.createdAt, id: row.id });
  return {
    stories: inBatches(
      (after) =>
        ctx.db
          .select({
            id: stories.id,
            authorId: namedAuthor(stories),
            isAnonymousPost: stories.isAnonymousPost,
            problemId: stories.problemId,
            story: stories.story,
            tags: stories.tags,
            totalReactions: stories.totalReactions,
            totalComments: stories.totalComments,
            createdAt: stories.createdAt,
            updatedAt: stories.updatedAt,
          })
          .from(stories)
          .where(and(shown('stories'), storyOrder.after(after)))
          .orderBy(...storyOrder.order)
          .limit(EXPORT_BATCH_SIZE),
      cursorOf,
    ),
    problems: inBatches(async (after) => {
      const rows = await ctx.db
        .select({
          id: problems.id,
          authorId: namedAuthor(problems),
          isAnonymousPost: problems.isAnonymousPost,
          name: problems.name,
          description: problems.description,
          tags: problems.tags,
          status: problems.status,
          totalParticipants: problems.totalParticipants,
          createdAt: problems.createdAt,
          updatedAt: problems.updatedAt,
        })
        .from(problems)
        .where(and(shown('problems'), problemOrder.after(after)))
        .orderBy(...problemOrder.order)
        .limit(EXPORT_BATCH_SIZE);
      if (!rows.length) return [];
      // One statement per batch for the batch's parts.
      const parts = await ctx.db
        .select({
          id: problemParts.id,
          problemId: problemParts.problemId,
          type: problemParts.type,
          name: problemParts.name,
          description: problemParts.description,
          attributes: problemParts.attributes,
          createdAt: problemParts.createdAt,
        })
        .from(problemParts)
        .where(
          inArray(
            problemParts.problemId,
            rows.map((row) => row.id),
          ),
        )
        .orderBy(asc(problemParts.createdAt), asc(problemParts.id));
      return rows.map((row) => ({
        ...row,
        parts: parts
          .filter((part) => part.problemId === row.id)
          .map(({ problemId: _problemId, ...part }) => part),
      }));
    }, cursorOf),
    solutions: inBatches(
      (after) =>
        ctx.db
          .select({
            id: solutions.id,
            authorId: namedAuthor(solutions),
            isAnonymousPost: solutions.isAnonymousPost,
            name: solutions.name,
            description: solutions.description,
            tags: solutions.tags,
            totalUpvotes: solutions.totalUpvotes,
            totalDownvotes: solutions.totalDownvotes,
            createdAt: solutions.createdAt,
            updatedAt: solutions.updatedAt,
          })
          .from(solutions)
          .where(and(shown('solutions'), solutionOrder.after(after)))
          .orderBy(...solutionOrder.order)
          .limit(EXPORT_BATCH_SIZE),
      cursorOf,
    ),
    skills: inBatches(
      (after) =>
        ctx.db
          .select({
            id: skills.id,
            authorId: namedAuthor(skills),
            isAnonymousPost: skills.isAnonymousPost,
            name: skills.name,
            description: skills.description,
            tags: skills.tags,
            totalParticipants: skills.totalParticipants,
            createdAt: skills.createdAt,
            updatedAt: skills.updatedAt,
          })
          .from(skills)
          .where(and(shown('skills'), skillOrder.after(after)))
          .orderBy(...skillOrder.order)
          .limit(EXPORT_BATCH_SIZE),
      cursorOf,
    ),
    comments: inBatches(
      (after) =>
        ctx.db
          .select({
            id: comments.id,
            itemType: comments.itemType,
            itemId: comments.itemId,
            parentId: comments.parentId,
            authorId: comments.authorId,
            commentHtml: comments.commentHtml,
            createdAt: comments.createdAt,
            updatedAt: comments.updatedAt,
          })
          .from(comments)
          .where(
            and(
              eq(comments.spaceId, space.id),
              // What everyone sees: a hidden comment is not the space's content.
              commentShownTo(null),
              // Only comments on posts the export holds.
              or(
                ...COMMENTABLE_TYPES.map(
                  (type) =>
                    sql`(${comments.itemType} = ${type} and ${comments.itemId} in (select ${POST_KINDS[type].table.id} from ${POST_KINDS[type].table} where ${shown(type)}))`,
                ),
              ),
              commentOrder.after(after),
            ),
          )
          .orderBy(...commentOrder.order)
          .limit(EXPORT_BATCH_SIZE),
      cursorOf,
    ),
  };
}

/** A private space's active participants, without e-mails; public spaces list no members. */
function exportedParticipants(ctx: Context, space: SpaceRow) {
  return inBatches(
    async (after) =>
      !space.isPrivate
        ? []
        : ctx.db
            .select({
              userId: spaceParticipants.userId,
              displayName: users.displayName,
              role: users.role,
              status: spaceParticipants.status,
              joinedAt: spaceParticipants.createdAt,
            })
            .from(spaceParticipants)
            .innerJoin(users, eq(users.id, spaceParticipants.userId))
            .where(
              and(
                activeMemberIn(space.id),
                afterCursor(spaceParticipants.createdAt, spaceParticipants.userId, after, true),
              ),
            )
            .orderBy(asc(spaceParticipants.createdAt), asc(spaceParticipants.userId))
            .limit(EXPORT_BATCH_SIZE),
    (row) => ({ value: row.joinedAt, id: row.userId }),
  );
}

export interface SpaceExport {
  filename: string;
  /** The JSON document in pieces, read from the database batch by batch as it is consumed. */
  chunks: AsyncGenerator<string>;
}

/**
 * A space's content as one JSON document, for a site admin or the private space's owners and
 * admins: the space, its participants (no e-mails), stories, problems with their parts,
 * solutions, skills and comments; published (so not hidden); anonymous posts without author.
 * Access is checked before the first byte, so a refusal is still a plain error response.
 */
export async function exportSpace(ctx: Context, spaceId: unknown): Promise<SpaceExport> {
  const space = await managedSpace(ctx, spaceId);
  const posts = exportedPosts(ctx, space);
  const exportedAt = new Date();
  async function* chunks() {
    yield `{"exportedAt":${JSON.stringify(exportedAt)},"space":${JSON.stringify({
      id: space.id,
      name: space.name,
      code: space.code,
      kind: space.kind,
      isPrivate: space.isPrivate,
      description: space.description,
      createdAt: space.createdAt,
    })}`;
    yield* jsonArray('participants', exportedParticipants(ctx, space));
    yield* jsonArray('stories', posts.stories);
    yield* jsonArray('problems', posts.problems);
    yield* jsonArray('solutions', posts.solutions);
    yield* jsonArray('skills', posts.skills);
    yield* jsonArray('comments', posts.comments);
    yield '}\n';
  }
  const day = exportedAt.toISOString().slice(0, 10);
  return { filename: `space-${space.id}-${day}.json`, chunks: chunks() };
}
