import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import {
  idSchema,
  postDescriptionHtmlSchema,
  postFlagSchema,
  postTitleSchema,
  type SkillList,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import type { DbOrTx } from '../../db/client';
import { afterCursor, decodeCursor, pageSize, toPage, type Page } from '../../db/keyset';
import { skillMembers, skills } from '../../db/schema';
import { notFound, parseInput } from '../../errors';
import type { PostStanding, StandingChange } from '../posts/post.policy';
import { cleanPostDescription, titledPostEdit } from '../posts/post-text';
import {
  changePostStanding,
  createPost,
  editPost,
  lockEditablePost,
  readablePost,
} from '../posts/post-write.service';
import { removeQueuedFiles } from '../media/stored-files.service';
import { postFilesSchema } from '../posts/post-media';
import { resolveActiveSpace } from '../spaces/space.service';
import { requireViewer, requireWriter } from '../../auth/guards';
import { stepSkillMembers } from './skill-counters';
import { skillKind } from './skill.post-kind';
import { skillListedFor, skillReadableBy, type SkillRow } from './skill.policy';

const createSchema = z.object({
  name: postTitleSchema,
  description: postDescriptionHtmlSchema,
  isAnonymousPost: postFlagSchema,
  spaceId: idSchema.nullish(),
  files: postFilesSchema,
});

const updateSchema = z.object({
  name: postTitleSchema.nullish(),
  description: postDescriptionHtmlSchema.nullish(),
  isAnonymousPost: z.boolean().nullish(),
  files: postFilesSchema,
});

/** Creates a skill in the active space; its creator becomes its first member. */
export async function createSkill(ctx: Context, input: unknown): Promise<SkillRow> {
  const viewer = requireWriter(ctx);
  const data = parseInput(createSchema, input);
  const { html, tags } = cleanPostDescription(data.name, data.description);
  const space = await resolveActiveSpace(ctx, data.spaceId);
  return createPost(ctx, skillKind, {
    spaceId: space.id,
    input: data,
    columns: { name: data.name, description: html, tags, totalParticipants: 1 },
    steps: async (tx, skill) => {
      // Millisecond timestamps written by the app keep the members' keyset cursors exact.
      await tx
        .insert(skillMembers)
        .values({ skillId: skill.id, userId: viewer.id, createdAt: new Date() });
    },
  });
}

export const getSkill = (ctx: Context, id: string): Promise<SkillRow> =>
  readablePost(ctx, skillKind, id);

export async function updateSkill(ctx: Context, id: string, input: unknown): Promise<SkillRow> {
  const data = parseInput(updateSchema, input);
  const { after } = await editPost(ctx, skillKind, id, data, (before) => ({
    columns: titledPostEdit(data, before),
  }));
  return after;
}

/** Of parallel deletes of one skill, one deletes it; the others find it gone (NOT_FOUND). */
export async function deleteSkill(ctx: Context, id: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await lockEditablePost(tx, ctx, skillKind, id, 'update');
    await tx.delete(skills).where(eq(skills.id, id));
  });
  await removeQueuedFiles(ctx);
}

async function skillRow(tx: DbOrTx, id: string): Promise<SkillRow> {
  const [row] = await tx.select().from(skills).where(eq(skills.id, id));
  if (!row) throw notFound();
  return row;
}

/** Joins a skill the viewer can read; joining twice changes nothing. */
export async function joinSkill(ctx: Context, id: string): Promise<SkillRow> {
  const viewer = requireWriter(ctx);
  await getSkill(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(skillMembers)
      .values({ skillId: id, userId: viewer.id, createdAt: new Date() })
      .onConflictDoNothing()
      .returning({ skillId: skillMembers.skillId });
    await stepSkillMembers(
      tx,
      inserted.map((row) => row.skillId),
      1,
    );
    return skillRow(tx, id);
  });
}

/** Leaves a skill; leaving one the viewer is not a member of changes nothing. */
export async function leaveSkill(ctx: Context, id: string): Promise<SkillRow> {
  const viewer = requireWriter(ctx);
  await getSkill(ctx, id);
  return ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(skillMembers)
      .where(and(eq(skillMembers.skillId, id), eq(skillMembers.userId, viewer.id)))
      .returning({ skillId: skillMembers.skillId });
    await stepSkillMembers(
      tx,
      removed.map((row) => row.skillId),
      -1,
    );
    return skillRow(tx, id);
  });
}

export interface SkillListInput {
  list?: SkillList | null;
  spaceId?: string | null;
  after?: string | null;
  first?: number | null;
}

/** public: the active space's skills; myskills: the skills the viewer is a member of, in every space. */
export async function listSkills(ctx: Context, input: SkillListInput): Promise<Page<SkillRow>> {
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  let scope: SQL;
  if (input.list === 'myskills') {
    const viewer = requireViewer(ctx);
    scope = and(
      skillReadableBy(viewer),
      sql`${skills.id} in (select ${skillMembers.skillId} from ${skillMembers} where ${skillMembers.userId} = ${viewer.id})`,
    )!;
  } else {
    const space = await resolveActiveSpace(ctx, input.spaceId);
    scope = and(eq(skills.spaceId, space.id), skillListedFor(ctx.viewer))!;
  }
  const rows = await ctx.db
    .select()
    .from(skills)
    .where(and(scope, afterCursor(skills.createdAt, skills.id, cursor)))
    .orderBy(desc(skills.createdAt), desc(skills.id))
    .limit(size + 1);
  return toPage(rows, size, (row) => ({ value: row.createdAt, id: row.id }));
}

export interface SkillMemberRow {
  skill: SkillRow;
  userId: string;
  joinedAt: Date;
}

/** Members of a readable skill, newest first, keyset paged. */
export async function listSkillMembers(
  ctx: Context,
  skillId: string,
  input: { after?: string | null; first?: number | null },
): Promise<Page<SkillMemberRow>> {
  const skill = await getSkill(ctx, skillId);
  const size = pageSize(input.first, ctx.pageSizeMax);
  const cursor = decodeCursor(input.after, 'date');
  const rows = await ctx.db
    .select({ userId: skillMembers.userId, joinedAt: skillMembers.createdAt })
    .from(skillMembers)
    .where(
      and(
        eq(skillMembers.skillId, skillId),
        afterCursor(skillMembers.createdAt, skillMembers.userId, cursor),
      ),
    )
    .orderBy(desc(skillMembers.createdAt), desc(skillMembers.userId))
    .limit(size + 1);
  return toPage(
    rows.map((row) => ({ skill, ...row })),
    size,
    (row) => ({ value: row.joinedAt, id: row.userId }),
  );
}

/**
 * A moderator hides, restores or approves a skill (the moderation service checked who may), in the
 * caller's transaction. Skills count in no tag counter and have no live list. Null when gone.
 */
export async function changeSkillStanding(
  tx: DbOrTx,
  id: string,
  standing: PostStanding,
): Promise<StandingChange<SkillRow> | null> {
  const change = await changePostStanding(tx, skillKind, id, standing);
  return change && { ...change, announce: () => undefined };
}
