/**
 * Autocomplete for the editor's '#' (tags) and '@' (participants). The text is trimmed and
 * lower-cased; empty text gives nothing; at most AUTOCOMPLETE_MAX suggestions. Tags come only from
 * the active (readable) space's tag counters, so a private space's tag names never leak; people
 * are a private space's active participants, or users by display-name prefix elsewhere (never
 * e-mails).
 */
import { and, asc, desc, eq, gt, like, or, sql } from 'drizzle-orm';
import {
  AUTOCOMPLETE_COLLECTIONS,
  AUTOCOMPLETE_MAX,
  idSchema,
  MESSAGES,
  TAG_MESSAGES,
  TAG_TEXT_MAX,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import { AUTHOR_COLUMNS } from '../users/user.rows';
import { spaceParticipants, spaceTags, users } from '../../db/schema';
import { parseInput } from '../../errors';
import { activeMemberIn } from '../spaces/space.policy';
import { resolveActiveSpace } from '../spaces/space.service';

export interface AutocompleteItemView {
  id: string;
  name: string;
  photoURL: string | null;
  role: string | null;
}

const inputSchema = z.object({
  searchParam: z
    .string()
    .max(TAG_TEXT_MAX, { message: MESSAGES.invalidValue, abort: true })
    .nullish()
    .transform((text) => (text ?? '').trim().toLowerCase()),
  collection: z.enum(AUTOCOMPLETE_COLLECTIONS, {
    error: TAG_MESSAGES.collectionInvalid,
  }),
  spaceId: idSchema.nullish(),
});

/** LIKE pattern for "starts with", the text's own % and _ taken literally. */
const startsWith = (text: string) => `${text.replace(/[\\%_]/gu, (char) => `\\${char}`)}%`;

export async function autocomplete(ctx: Context, input: unknown): Promise<AutocompleteItemView[]> {
  const { searchParam, collection, spaceId } = parseInput(inputSchema, input);
  const text =
    collection === 'tags' ? searchParam.replace(/^#+/u, '') : searchParam.replace(/^@+/u, '');
  if (!text) return [];
  const space = await resolveActiveSpace(ctx, spaceId);

  if (collection === 'tags') {
    const total = sql`${spaceTags.totalStories} + ${spaceTags.totalProblems} + ${spaceTags.totalSolutions}`;
    const rows = await ctx.db
      .select({ tagId: spaceTags.tagId })
      .from(spaceTags)
      .where(
        and(
          eq(spaceTags.spaceId, space.id),
          like(spaceTags.tagId, startsWith(text)),
          or(
            gt(spaceTags.totalStories, 0),
            gt(spaceTags.totalProblems, 0),
            gt(spaceTags.totalSolutions, 0),
          ),
        ),
      )
      .orderBy(desc(total), asc(spaceTags.tagId))
      .limit(AUTOCOMPLETE_MAX);
    return rows.map((row) => ({
      id: row.tagId,
      name: row.tagId,
      photoURL: null,
      role: null,
    }));
  }

  const byName = like(sql`lower(${users.displayName})`, startsWith(text));
  const members = space.isPrivate
    ? sql`${users.id} in (select ${spaceParticipants.userId} from ${spaceParticipants} where ${activeMemberIn(space.id)})`
    : eq(users.emailVerified, true);
  const rows = await ctx.db
    .select(AUTHOR_COLUMNS)
    .from(users)
    .where(and(byName, members))
    .orderBy(asc(sql`lower(${users.displayName})`), asc(users.id))
    .limit(AUTOCOMPLETE_MAX);
  return rows.map((row) => ({
    id: row.id,
    name: row.displayName,
    photoURL: row.photoUrl,
    role: row.role,
  }));
}
