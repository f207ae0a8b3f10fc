import { randomUUID } from 'node:crypto';
import {
  AI_CHAT_ANSWER_MAX,
  AI_MESSAGES,
  aiChatSendSchema,
  type AiChatMessageStatus,
} from '@rules';
import { streamText, type ModelMessage } from 'ai';
import { and, eq } from 'drizzle-orm';
import type { Context } from '../../context';
import type { Db } from '../../db/client';
import { aiChatMessages, aiChats } from '../../db/schema';
import { AppError, parseInput } from '../../errors';
import type { AppPubSub, Topics } from '../../graphql/pubsub';
import { follow } from '../../live/follow';
import type { LiveFeed } from '../../live/hub';
import { openAiCall, providerFailure, usageOf, type AiCall } from './ai-call';
import { historyOf, systemPromptOf } from './ai-chat-context.service';
import {
  deleteAiChatRow,
  ownAiChat,
  ownAiChatMessage,
  streamingIn,
  type AiChatMessageRow,
} from './ai-chat.service';
import type { TokenUsage } from './ai-usage.service';

/**
 * Sending to an AI chat and its answer streaming back: the person's message and an empty
 * `streaming` answer are stored and returned at once; the answer is asked for in the background
 * (streamText) and each chunk goes out on the `aiChatAnswer` topic, the text saved now and then
 * and at the end. The process running an answer holds its AbortController; Stop reaches it in
 * this process or, through the `aiChatStop` topic, in another.
 */

/** How often a streaming answer's text is saved (a reload then shows most of it). */
const SAVE_EVERY_MS = 1000;
/** How long Stop waits for the process running an answer before stopping it in the database. */
const STOP_WAIT_MS = 3000;
const STOP_POLL_MS = 100;

interface RunningAnswer {
  stop(): void;
  done: Promise<void>;
}

/** The answers this process is streaming, by message id. */
const running = new Map<string, RunningAnswer>();
/** The pub/subs whose `aiChatStop` topic this process listens to (one per server). */
const stopListeners = new WeakSet<AppPubSub>();

function listenForStops(pubsub: AppPubSub) {
  if (stopListeners.has(pubsub)) return;
  stopListeners.add(pubsub);
  void (async () => {
    for await (const { messageId } of pubsub.subscribe('aiChatStop'))
      running.get(messageId)?.stop();
  })();
}

/** Provider text is untrusted: no NUL (PostgreSQL text refuses it) nor other control characters. */
const cleanDelta = (text: string) =>
  // eslint-disable-next-line no-control-regex
  text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/gu, '');

/** A stopped answer's tokens, which the provider never counted: about four characters a token. */
const estimateTokens = (chars: number) => Math.ceil(chars / 4);

/**
 * Stores the viewer's message and an empty answer, and starts the answer streaming. One answer
 * at a time per chat; the provider call passes openAiCall's checks (config, cap, rate) first.
 */
export async function sendAiChatMessage(
  ctx: Context,
  input: unknown,
): Promise<{ message: AiChatMessageRow; answer: AiChatMessageRow }> {
  const data = parseInput(aiChatSendSchema, input);
  const chat = await ownAiChat(ctx, data.chatId);
  if ((await streamingIn(ctx.db, chat.id)) > 0)
    throw new AppError('CONFLICT', AI_MESSAGES.chatAnswering);
  const call = await openAiCall(ctx, data.configId ?? chat.configId);
  const history = await historyOf(ctx, chat.id);
  const system = await systemPromptOf(ctx, chat.spaceId, data.useSpaceContext ?? false);

  const now = Date.now();
  const [message, answer] = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: aiChats.id }).from(aiChats).where(eq(aiChats.id, chat.id)).for('update');
    if ((await streamingIn(tx, chat.id)) > 0)
      throw new AppError('CONFLICT', AI_MESSAGES.chatAnswering);
    const rows = await tx
      .insert(aiChatMessages)
      .values([
        {
          id: randomUUID(),
          chatId: chat.id,
          role: 'user' as const,
          text: data.text,
          createdAt: new Date(now),
        },
        {
          id: randomUUID(),
          chatId: chat.id,
          role: 'assistant' as const,
          status: 'streaming' as const,
          // After the question, whatever the clock's resolution.
          createdAt: new Date(now + 1),
        },
      ])
      .returning();
    await tx
      .update(aiChats)
      .set({
        configId: call.configId,
        updatedAt: new Date(now + 1),
        ...(chat.name ? {} : { name: data.text.replace(/\s+/gu, ' ').slice(0, 60).trim() }),
      })
      .where(eq(aiChats.id, chat.id));
    return [rows[0]!, rows[1]!];
  });

  startAnswer(ctx, call, {
    chatId: chat.id,
    messageId: answer.id,
    system,
    messages: [...history, { role: 'user', content: data.text }],
  });
  return { message, answer };
}

interface AnswerJob {
  chatId: string;
  messageId: string;
  system: string;
  messages: ModelMessage[];
}

/** Runs one answer in the background; it never throws (a failure ends the message `failed`). */
function startAnswer(ctx: Context, call: AiCall, job: AnswerJob) {
  listenForStops(ctx.pubsub);
  const controller = new AbortController();
  let stoppedByPerson = false;
  const done = streamAnswer(ctx, call, job, controller, () => stoppedByPerson)
    .catch((error: unknown) => ctx.log.error({ err: error }, 'AI chat answer not saved'))
    .finally(() => running.delete(job.messageId));
  running.set(job.messageId, {
    stop: () => {
      stoppedByPerson = true;
      controller.abort();
    },
    done,
  });
}

async function streamAnswer(
  ctx: Context,
  call: AiCall,
  job: AnswerJob,
  controller: AbortController,
  stoppedByPerson: () => boolean,
) {
  const publish = (delta: string, offset: number, status: AiChatMessageStatus) =>
    ctx.pubsub.publish('aiChatAnswer', job.chatId, {
      userId: call.userId,
      messageId: job.messageId,
      delta,
      offset,
      status,
    });
  // The provider must answer within the timeout, and each chunk follow the last within it too.
  let idle: NodeJS.Timeout | undefined;
  const wait = () => {
    clearTimeout(idle);
    idle = setTimeout(() => controller.abort(), call.timeoutMs);
  };
  wait();

  let text = '';
  let savedLength = 0;
  let savedAt = Date.now();
  let usage: TokenUsage | null = null;
  let failure: AppError | null = null;
  try {
    const result = streamText({
      model: call.model,
      system: job.system,
      messages: job.messages,
      maxRetries: 0,
      abortSignal: controller.signal,
      // Errors arrive as the stream's parts, handled below; the SDK would print them otherwise.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      if (part.type === 'text-delta') {
        wait();
        const delta = cleanDelta(part.text).slice(0, AI_CHAT_ANSWER_MAX - text.length);
        if (!delta) continue;
        await publish(delta, text.length, 'streaming');
        text += delta;
        if (text.length >= AI_CHAT_ANSWER_MAX) controller.abort();
        if (Date.now() - savedAt >= SAVE_EVERY_MS && text.length > savedLength) {
          savedAt = Date.now();
          savedLength = text.length;
          await saveText(ctx.db, job.messageId, text);
        }
      } else if (part.type === 'finish') usage = usageOf(part.totalUsage);
      else if (part.type === 'error') failure = providerFailure(part.error);
    }
  } catch (error) {
    if (!controller.signal.aborted) failure = providerFailure(error);
  } finally {
    clearTimeout(idle);
  }

  // Aborted without Stop: the provider went quiet (a timeout) or the answer reached its limit.
  const cutAtLimit = text.length >= AI_CHAT_ANSWER_MAX;
  const status: AiChatMessageStatus = failure
    ? 'failed'
    : stoppedByPerson()
      ? 'stopped'
      : controller.signal.aborted && !cutAtLimit
        ? 'failed'
        : 'done';
  const error =
    status === 'failed' ? (failure ?? providerFailure(new Error('timeout'))).message : null;
  const spent = usage ?? {
    inputTokens: estimateTokens(
      job.system.length +
        job.messages.reduce((total, message) => total + String(message.content).length, 0),
    ),
    outputTokens: estimateTokens(text.length),
  };
  await call.record(spent);
  await ctx.db
    .update(aiChatMessages)
    .set({
      text,
      status,
      error,
      inputTokens: spent.inputTokens,
      outputTokens: spent.outputTokens,
    })
    .where(and(eq(aiChatMessages.id, job.messageId), eq(aiChatMessages.status, 'streaming')));
  await publish('', text.length, status);
}

const saveText = (db: Db, messageId: string, text: string) =>
  db
    .update(aiChatMessages)
    .set({ text })
    .where(and(eq(aiChatMessages.id, messageId), eq(aiChatMessages.status, 'streaming')));

/**
 * Stops one of the viewer's answers, keeping its text so far (`stopped`); an answer already ended
 * is returned as it is. Another's answers as missing. If no process is running it (one that
 * stopped), it is stopped in the database after STOP_WAIT_MS.
 */
export async function stopAiChatAnswer(ctx: Context, messageId: unknown) {
  let message = await ownAiChatMessage(ctx, messageId);
  if (message.status !== 'streaming') return message;
  const local = running.get(message.id);
  if (local) {
    local.stop();
    await local.done;
    return ownAiChatMessage(ctx, message.id);
  }
  await ctx.pubsub.publish('aiChatStop', { messageId: message.id });
  for (let waited = 0; waited < STOP_WAIT_MS; waited += STOP_POLL_MS) {
    await new Promise((resolve) => setTimeout(resolve, STOP_POLL_MS));
    message = await ownAiChatMessage(ctx, message.id);
    if (message.status !== 'streaming') return message;
  }
  await ctx.db
    .update(aiChatMessages)
    .set({ status: 'stopped' })
    .where(and(eq(aiChatMessages.id, message.id), eq(aiChatMessages.status, 'streaming')));
  await ctx.pubsub.publish('aiChatAnswer', message.chatId, {
    userId: message.userId,
    messageId: message.id,
    delta: '',
    offset: message.text.length,
    status: 'stopped',
  });
  return ownAiChatMessage(ctx, message.id);
}

/** Deletes one of the viewer's chats, stopping its answers still streaming. */
export async function deleteAiChat(ctx: Context, chatId: unknown): Promise<boolean> {
  const streaming = await deleteAiChatRow(ctx, chatId);
  for (const messageId of streaming) {
    const local = running.get(messageId);
    if (local) local.stop();
    else await ctx.pubsub.publish('aiChatStop', { messageId });
  }
  return true;
}

/** An answer's event as subscribers receive it: the stored message once it ended. */
export type LiveAiChatAnswer = Topics['aiChatAnswer'][1] & {
  chatId: string;
  message: AiChatMessageRow | null;
};

const aiChatAnswers: LiveFeed<'aiChatAnswer', LiveAiChatAnswer> = {
  topic: 'aiChatAnswer',
  async load(db, payload, chatId) {
    if (payload.status === 'streaming') return { ...payload, chatId, message: null };
    const [message] = await db
      .select()
      .from(aiChatMessages)
      .where(eq(aiChatMessages.id, payload.messageId));
    return { ...payload, chatId, message: message ?? null };
  },
};

/**
 * The answers of one of the viewer's chats as they stream (NOT_FOUND for another's chat), each
 * event checked again against the chat's person.
 */
export async function followAiChatAnswers(
  ctx: Context,
  chatId: unknown,
): Promise<AsyncIterableIterator<LiveAiChatAnswer>> {
  const chat = await ownAiChat(ctx, chatId);
  const viewerId = ctx.viewer!.id;
  return follow(ctx, aiChatAnswers, chat.id, (event) => event.userId === viewerId);
}
