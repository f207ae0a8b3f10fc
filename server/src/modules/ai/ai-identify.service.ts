import { randomUUID } from 'node:crypto';
import {
  AI_RESULT_DESCRIPTION_MAX,
  AI_RESULT_ITEMS_MAX,
  aiIdentifyInputSchema,
  htmlToPlainText,
  POST_TITLE_MAX,
  PROBLEM_PART_TYPES,
  type AiIdentifyKind,
} from '@rules';
import { z } from 'zod';
import type { Context } from '../../context';
import { aiResults, type AiResultItem } from '../../db/schema';
import { parseInput } from '../../errors';
import { canEditProblem } from '../problems/problem.policy';
import { readableProblem } from '../problems/problem.service';
import { resolveActiveSpace } from '../spaces/space.service';
import { generateStructured, openAiCall } from './ai-call';

/**
 * The AI helpers that identify problems, solutions, outcomes, ingredients or parts from a text
 * the person typed, a problem they may read, or both (001 §7 `/ai/identify-*`). What reaches the
 * provider is only that: the person's own text and a problem's name and description that the
 * person may read. Each run is kept for its person, unpublished, so its items can be published
 * one by one (ai-publish.service.ts); a run on a problem by one who may edit it is the problem's
 * `aiInfo`.
 */

export type AiResultRow = typeof aiResults.$inferSelect;

const ASK: Record<AiIdentifyKind, string> = {
  problems:
    'Identify the distinct problems the text describes or implies: each a concrete issue people face.',
  solutions:
    'Identify solutions that would address the problem: each a concrete action, product or change.',
  outcomes:
    'Identify the outcomes to expect when the problem is addressed: each a measurable result.',
  ingredients:
    'Identify the ingredients a solution to the problem needs: skills, resources, people or tools.',
  parts:
    'Identify the parts of the problem: stakeholders (people or groups), things (places, ' +
    'resources, objects) and processes (practices, procedures). Give each its type.',
};

const SYSTEM =
  'You help a community work on real problems. Answer in the language of the text. Give at most ' +
  `${AI_RESULT_ITEMS_MAX} items, each with a short name (a few words) and a one or two sentence ` +
  'description. Use only what the text and common knowledge support.';

const itemShape = { name: z.string(), description: z.string() };
const answerSchemas = {
  plain: z.object({ items: z.array(z.object(itemShape)) }),
  parts: z.object({
    items: z.array(z.object({ ...itemShape, type: z.enum(PROBLEM_PART_TYPES) })),
  }),
};

/** Provider text is untrusted: plain text only, one line for names, bounded. */
export const cleanText = (text: string, max: number, oneLine: boolean) => {
  const plain = htmlToPlainText(text).replace(/[<>]/gu, '');
  return (oneLine ? plain.replace(/\s+/gu, ' ') : plain).trim().slice(0, max).trim();
};

/** The answer's items, cleaned, without blanks or repeated names, at most AI_RESULT_ITEMS_MAX. */
function itemsOf(answer: { items: { name: string; description: string; type?: string }[] }) {
  const seen = new Set<string>();
  const items: AiResultItem[] = [];
  for (const item of answer.items) {
    const name = cleanText(item.name, POST_TITLE_MAX, true);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    items.push({
      name,
      description: cleanText(item.description, AI_RESULT_DESCRIPTION_MAX, false),
      ...(item.type ? { partType: item.type } : {}),
      publishedId: null,
    });
    if (items.length === AI_RESULT_ITEMS_MAX) break;
  }
  return items;
}

/** Runs one helper and keeps its result, unpublished, for the person who ran it. */
export async function identify(ctx: Context, input: unknown): Promise<AiResultRow> {
  const data = parseInput(aiIdentifyInputSchema, input);
  const call = await openAiCall(ctx, data.configId);
  const problem = data.problemId ? await readableProblem(ctx, data.problemId) : null;
  // Identified problems publish into the space named (checked readable now) or the problem's.
  const spaceId = problem?.spaceId ?? (await resolveActiveSpace(ctx, data.spaceId)).id;

  const sources = [
    problem ? `Problem: ${problem.name}\n${htmlToPlainText(problem.description).trim()}` : null,
    data.text ? `Text:\n${data.text}` : null,
  ].filter(Boolean);
  const { value, usage } = await generateStructured(call, {
    system: `${SYSTEM} ${ASK[data.kind]}`,
    prompt: sources.join('\n\n'),
    schema: data.kind === 'parts' ? answerSchemas.parts : answerSchemas.plain,
  });

  const [row] = await ctx.db
    .insert(aiResults)
    .values({
      id: randomUUID(),
      userId: call.userId,
      kind: data.kind,
      spaceId,
      problemId: problem?.id ?? null,
      items: itemsOf(value),
      inputTokens: usage.inputTokens,
      outputTokens: usage.outputTokens,
      isProblemInfo: problem ? canEditProblem(ctx.viewer, problem) : false,
    })
    .returning();
  return row!;
}
