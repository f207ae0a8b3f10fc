import {
  AI_CHAT_CONTEXT_EXCERPT,
  AI_CHAT_CONTEXT_PROBLEMS,
  AI_CHAT_HISTORY_CHARS,
  AI_CHAT_HISTORY_MESSAGES,
  htmlToPlainText,
} from '@rules';
import type { ModelMessage } from 'ai';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Context } from '../../context';
import { aiChatMessages } from '../../db/schema';
import { AppError } from '../../errors';
import { listProblems } from '../problems/problem-lists.service';

/**
 * What an AI chat sends its provider besides the new message: the chat's recent history and, when
 * asked, its space's problems. Only what the person may read goes: their own chat, and problems
 * as the space's public list shows them to this person (published, approved, not hidden, in a
 * space they may read: problemListedFor), never a draft or another's private space.
 */

const SYSTEM =
  'You are a helpful assistant in an app where communities work together on real problems. ' +
  'Answer in plain text (no HTML), in the language of the question, briefly unless asked for more.';

/** The chat's last answered messages, oldest first, within the history's count and size. */
export async function historyOf(ctx: Context, chatId: string): Promise<ModelMessage[]> {
  const rows = await ctx.db
    .select({ role: aiChatMessages.role, text: aiChatMessages.text })
    .from(aiChatMessages)
    .where(
      and(eq(aiChatMessages.chatId, chatId), inArray(aiChatMessages.status, ['done', 'stopped'])),
    )
    .orderBy(desc(aiChatMessages.createdAt), desc(aiChatMessages.id))
    .limit(AI_CHAT_HISTORY_MESSAGES);
  const kept: ModelMessage[] = [];
  let chars = 0;
  for (const row of rows) {
    if (!row.text) continue;
    chars += row.text.length;
    if (chars > AI_CHAT_HISTORY_CHARS) break;
    kept.push({ role: row.role, content: row.text });
  }
  return kept.reverse();
}

/** The space's newest listed problems as this person sees them: names and opening lines. */
async function spaceProblemsOf(ctx: Context, spaceId: string | null): Promise<string | null> {
  let page;
  try {
    page = await listProblems(ctx, {
      list: 'recent',
      spaceId,
      first: AI_CHAT_CONTEXT_PROBLEMS,
    });
  } catch (error) {
    // The chat's space is no longer readable by its person: nothing of it goes.
    if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
    throw error;
  }
  if (!page.items.length) return null;
  return page.items
    .map((problem) => {
      const excerpt = htmlToPlainText(problem.description)
        .replace(/\s+/gu, ' ')
        .trim()
        .slice(0, AI_CHAT_CONTEXT_EXCERPT);
      return `- ${problem.name}${excerpt ? `: ${excerpt}` : ''}`;
    })
    .join('\n');
}

/** The system prompt: the assistant's role, and the space's problems when asked for. */
export async function systemPromptOf(
  ctx: Context,
  spaceId: string | null,
  useSpaceContext: boolean,
): Promise<string> {
  const problems = useSpaceContext ? await spaceProblemsOf(ctx, spaceId) : null;
  if (!problems) return SYSTEM;
  return `${SYSTEM}\n\nThe person's space is working on these problems (use them when relevant):\n${problems}`;
}
