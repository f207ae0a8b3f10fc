import { AI_MESSAGES, AI_PUBLISHABLE_KINDS, escapeHtml, idSchema, POST_TITLE_MAX } from '@rules';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { requireViewer } from '../../auth/guards';
import type { Context } from '../../context';
import { aiResults, type AiResultItem } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { addPart } from '../problems/problem-parts.service';
import { createProblem } from '../problems/problem.service';
import { createSolution } from '../solutions/solution.service';
import type { AiResultRow } from './ai-identify.service';

/**
 * Publishing one item of an AI run: the real problem, solution or part is created through its
 * own service, with every rule, limit and permission it has (a refusal there publishes nothing),
 * and the item is marked published with the new item's id. The item is claimed first, in one
 * locked statement, so two clicks publish it once.
 */

/** What a claimed item holds until its creation answers. */
const PUBLISHING = 'publishing';

const nameSchema = z.string().max(POST_TITLE_MAX).trim().min(1);

/** Sets one item's publishedId (null releases a claim), answering the row and the item. */
async function setPublishedId(
  ctx: Context,
  userId: string,
  resultId: string,
  name: string,
  decide: (item: AiResultItem, row: AiResultRow) => string | null,
) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(aiResults)
      .where(and(eq(aiResults.id, resultId), eq(aiResults.userId, userId)))
      .for('update');
    if (!row) throw notFound();
    const index = row.items.findIndex((item) => item.name === name);
    if (index < 0) throw notFound();
    const items = row.items.map((item, i) =>
      i === index ? { ...item, publishedId: decide(item, row) } : item,
    );
    const [updated] = await tx
      .update(aiResults)
      .set({ items })
      .where(eq(aiResults.id, resultId))
      .returning();
    return { row: updated!, item: row.items[index]! };
  });
}

/** An AI description as the rich text a post holds: its paragraphs, escaped. */
const asRichText = (text: string) =>
  text
    .split(/\n{2,}/u)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`)
    .join('');

/** Creates the real item through its service; answers its id. */
async function createItem(ctx: Context, row: AiResultRow, item: AiResultItem): Promise<string> {
  const description = asRichText(item.description);
  if (row.kind === 'problems')
    return (await createProblem(ctx, { name: item.name, description, spaceId: row.spaceId })).id;
  if (row.kind === 'solutions')
    return (
      await createSolution(ctx, {
        name: item.name,
        description,
        problemId: row.problemId,
        spaceId: row.spaceId,
      })
    ).id;
  // Parts belong to a problem: a parts run always has one (identify asks for it).
  if (!row.problemId) throw new AppError('BAD_USER_INPUT', AI_MESSAGES.notPublishable);
  return (
    await addPart(ctx, row.problemId, {
      type: item.partType,
      name: item.name,
      description: item.description,
    })
  ).id;
}

/** Publishes the item named `nameInput` of the viewer's run `resultIdInput`. */
export async function publishAiResultItem(
  ctx: Context,
  resultIdInput: unknown,
  nameInput: unknown,
): Promise<AiResultRow> {
  const viewer = requireViewer(ctx);
  const resultId = parseInput(idSchema, resultIdInput, 'resultId');
  const name = parseInput(nameSchema, nameInput, 'name');
  const claimed = await setPublishedId(ctx, viewer.id, resultId, name, (item, row) => {
    if (!AI_PUBLISHABLE_KINDS.includes(row.kind))
      throw new AppError('BAD_USER_INPUT', AI_MESSAGES.notPublishable);
    if (item.publishedId) throw new AppError('CONFLICT', AI_MESSAGES.alreadyPublished);
    return PUBLISHING;
  });
  let createdId: string;
  try {
    createdId = await createItem(ctx, claimed.row, claimed.item);
  } catch (error) {
    await setPublishedId(ctx, viewer.id, resultId, name, () => null);
    throw error;
  }
  return (await setPublishedId(ctx, viewer.id, resultId, name, () => createdId)).row;
}

/** Whether an item is published (a claim under way is not yet). */
export const isItemPublished = (item: AiResultItem) =>
  item.publishedId !== null && item.publishedId !== PUBLISHING;
