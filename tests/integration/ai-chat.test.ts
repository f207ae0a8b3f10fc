import { AI_CHAT_MESSAGE_MAX, AI_MESSAGES } from '@rules';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiUsage, problems } from '../../server/src/db/schema';
import { monthOf } from '../../server/src/modules/ai/ai-usage.service';
import { type TestAiProvider } from '../helpers/ai-provider';
import { startAiTestServer, type AiTestServer } from '../helpers/ai-server';
import { gql, gqlData, gqlError, subscribe } from '../helpers/clients';
import {
  createAiConfig,
  createPrivateSpace,
  postProblem,
  signUpVerified,
  type TestUser,
} from '../helpers/factories';
import { type TestServer } from '../helpers/server';

let ai: AiTestServer;
let provider: TestAiProvider;
let server: TestServer;
let asha: TestUser;

const MESSAGE = `id chatId role text status error usage { inputTokens outputTokens } createdAt`;
const CHAT = `id name configId provider spaceId createdAt updatedAt`;
const CREATE_CHAT = `mutation($input: CreateAiChatInput!) { createAiChat(input: $input) { ${CHAT} } }`;
const RENAME_CHAT = `mutation($id: ID!, $name: String!) { renameAiChat(id: $id, name: $name) { ${CHAT} } }`;
const DELETE_CHAT = `mutation($id: ID!) { deleteAiChat(id: $id) }`;
const SEND = `mutation($input: SendAiChatMessageInput!) { sendAiChatMessage(input: $input) { message { ${MESSAGE} } answer { ${MESSAGE} } } }`;
const STOP = `mutation($messageId: ID!) { stopAiChatAnswer(messageId: $messageId) { ${MESSAGE} } }`;
const CHAT_WITH_MESSAGES = `query($id: ID!) { aiChat(id: $id) { ${CHAT} messages { edges { node { ${MESSAGE} } } pageInfo { hasPreviousPage } } } }`;
const CHATS = `query($first: Int, $after: String) { aiChats(first: $first, after: $after) { edges { node { ${CHAT} } } pageInfo { hasNextPage endCursor } } }`;
const ANSWERS = `subscription($chatId: ID!) { aiChatAnswer(chatId: $chatId) { chatId messageId delta offset status message { ${MESSAGE} } } }`;

interface Message {
  id: string;
  chatId: string;
  role: string;
  text: string;
  status: string;
  error: string | null;
  usage: { inputTokens: number; outputTokens: number };
}
interface Chat {
  id: string;
  name: string;
  configId: string | null;
  provider: string | null;
  spaceId: string | null;
}
interface AnswerEvent {
  aiChatAnswer: {
    messageId: string;
    delta: string;
    offset: number;
    status: string;
    message: Message | null;
  };
}

const createChat = async (user: TestUser, input: Record<string, unknown> = {}) =>
  (await gqlData<{ createAiChat: Chat }>(server.url, CREATE_CHAT, { input }, { token: user.token }))
    .createAiChat;

const send = async (user: TestUser, input: Record<string, unknown>) =>
  (
    await gqlData<{ sendAiChatMessage: { message: Message; answer: Message } }>(
      server.url,
      SEND,
      { input },
      { token: user.token },
    )
  ).sendAiChatMessage;

const messagesOf = async (user: TestUser, chatId: string) =>
  (
    await gqlData<{ aiChat: { messages: { edges: { node: Message }[] } } }>(
      server.url,
      CHAT_WITH_MESSAGES,
      { id: chatId },
      { token: user.token },
    )
  ).aiChat.messages.edges.map((edge) => edge.node);

/**
 * Waits for an answer's last event (its status no longer streaming: the first answer's, or the
 * one of `messageId`) and returns every event received until then.
 */
async function untilEnded(
  live: Awaited<ReturnType<typeof subscribe<AnswerEvent>>>,
  messageId?: string,
) {
  for (let count = 1; ; count++) {
    const events = (await live.take(count, 10_000)).map((event) => event.aiChatAnswer);
    const last = events.at(-1)!;
    if (last.status !== 'streaming' && (!messageId || last.messageId === messageId)) return events;
  }
}

beforeAll(async () => {
  ai = await startAiTestServer();
  ({ provider, server, person: asha } = ai);
});
afterAll(() => ai?.stop());

describe('AI chat: who may chat', () => {
  it('asks a signed-out visitor to sign in', async () => {
    expect((await gqlError(server.url, CHATS)).code).toBe('UNAUTHENTICATED');
    expect((await gqlError(server.url, CREATE_CHAT, { input: {} })).code).toBe('UNAUTHENTICATED');
  });

  it('starts with no chats, then lists the one last written in first', async () => {
    const newcomer = await signUpVerified(server);
    const empty = await gqlData<{ aiChats: { edges: unknown[] } }>(
      server.url,
      CHATS,
      {},
      { token: newcomer.token },
    );
    expect(empty.aiChats.edges).toEqual([]);
    const configId = await createAiConfig(server, newcomer);
    const first = await createChat(newcomer, { name: 'Wells' });
    const second = await createChat(newcomer);
    expect(second).toMatchObject({ name: '', configId: null, spaceId: 'ww' });
    provider.script({ content: 'Sure.' });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: first.id },
      { token: newcomer.token },
    );
    await send(newcomer, { chatId: first.id, text: 'Hello there' });
    await untilEnded(live);
    await live.close();
    const listed = await gqlData<{ aiChats: { edges: { node: Chat }[] } }>(
      server.url,
      CHATS,
      {},
      { token: newcomer.token },
    );
    expect(listed.aiChats.edges.map((edge) => edge.node.id)).toEqual([first.id, second.id]);
    // Sending set the chat's config (the default) and kept the name it had.
    expect(listed.aiChats.edges[0]!.node).toMatchObject({
      name: 'Wells',
      configId,
      provider: 'groq',
    });
  });

  it('answers another person’s chat, answer and stream as missing', async () => {
    const chat = await createChat(asha, { name: 'Mine' });
    provider.script({ content: 'Private answer.' });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    const { answer } = await send(asha, { chatId: chat.id, text: 'Private question' });
    await untilEnded(live);
    await live.close();

    const bob = await signUpVerified(server);
    await createAiConfig(server, bob);
    const as = { token: bob.token };
    const before = provider.completions().length;
    for (const [query, variables] of [
      [CHAT_WITH_MESSAGES, { id: chat.id }],
      [RENAME_CHAT, { id: chat.id, name: 'Taken' }],
      [DELETE_CHAT, { id: chat.id }],
      [SEND, { input: { chatId: chat.id, text: 'Hi' } }],
      [STOP, { messageId: answer.id }],
    ] as const)
      expect((await gqlError(server.url, query, variables, as)).code).toBe('NOT_FOUND');
    const spy = await subscribe<AnswerEvent>(server.url, ANSWERS, { chatId: chat.id }, as);
    await spy.completed.catch(() => {});
    expect(JSON.stringify(spy.errors)).toContain('NOT_FOUND');
    await spy.close();
    const bobs = await gqlData<{ aiChats: { edges: unknown[] } }>(server.url, CHATS, {}, as);
    expect(bobs.aiChats.edges).toEqual([]);
    expect(provider.completions().length).toBe(before);
    expect((await messagesOf(asha, chat.id)).map((message) => message.text)).toEqual([
      'Private question',
      'Private answer.',
    ]);
  });

  it('refuses an empty or overlong message, and a config that is not the person’s, before asking the provider', async () => {
    const chat = await createChat(asha);
    const before = provider.completions().length;
    const empty = await gqlError(
      server.url,
      SEND,
      { input: { chatId: chat.id, text: '   ' } },
      { token: asha.token },
    );
    expect(empty.message).toBe(AI_MESSAGES.chatMessageRequired);
    const long = await gqlError(
      server.url,
      SEND,
      { input: { chatId: chat.id, text: 'x'.repeat(AI_CHAT_MESSAGE_MAX + 1) } },
      { token: asha.token },
    );
    expect(long.message).toBe(AI_MESSAGES.chatMessageMax);
    const other = await signUpVerified(server);
    const othersConfig = await createAiConfig(server, other);
    const borrowed = await gqlError(
      server.url,
      SEND,
      { input: { chatId: chat.id, text: 'Hi', configId: othersConfig } },
      { token: asha.token },
    );
    expect(borrowed.code).toBe('NOT_FOUND');
    expect(provider.completions().length).toBe(before);
    expect(await messagesOf(asha, chat.id)).toEqual([]);
  });
});

describe('AI chat: streaming', () => {
  it('streams the answer chunk by chunk, stores it with its tokens, names the chat and records the usage', async () => {
    const chat = await createChat(asha);
    const content = 'Dig the well deeper, then line it with stone so it lasts.';
    provider.script({ content, chunkSize: 8 });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    const { message, answer } = await send(asha, {
      chatId: chat.id,
      text: 'How do we fix a dry well?',
    });
    expect(message).toMatchObject({
      role: 'user',
      status: 'done',
      text: 'How do we fix a dry well?',
    });
    expect(answer).toMatchObject({ role: 'assistant', status: 'streaming', text: '' });

    const events = await untilEnded(live);
    await live.close();
    const deltas = events.filter((event) => event.status === 'streaming');
    expect(deltas.length).toBe(Math.ceil(content.length / 8));
    let text = '';
    for (const event of deltas) {
      expect(event.offset).toBe(text.length);
      text += event.delta;
    }
    expect(text).toBe(content);
    const last = events.at(-1)!;
    expect(last).toMatchObject({ status: 'done', messageId: answer.id });
    expect(last.message).toMatchObject({ text: content, status: 'done' });
    expect(last.message!.usage.outputTokens).toBeGreaterThan(0);

    const stored = await messagesOf(asha, chat.id);
    expect(stored.map((row) => [row.role, row.status, row.text])).toEqual([
      ['user', 'done', 'How do we fix a dry well?'],
      ['assistant', 'done', content],
    ]);
    const named = await gqlData<{ aiChat: Chat }>(
      server.url,
      CHAT_WITH_MESSAGES,
      { id: chat.id },
      { token: asha.token },
    );
    expect(named.aiChat.name).toBe('How do we fix a dry well?');
    const [usage] = await server.deps.db.select().from(aiUsage).where(eq(aiUsage.userId, asha.id));
    expect(usage!.outputTokens).toBeGreaterThan(0);

    // The next message carries the history: the question and its answer.
    provider.script({ content: 'Stone.' });
    const again = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    const before = provider.completions().length;
    await send(asha, { chatId: chat.id, text: 'Line it with what?' });
    await untilEnded(again);
    await again.close();
    const sent = provider.completions()[before]!.body as {
      messages: { role: string; content: string }[];
    };
    expect(sent.messages.filter((m) => m.role !== 'system').map((m) => m.content)).toEqual([
      'How do we fix a dry well?',
      content,
      'Line it with what?',
    ]);
  });

  it('stops an answer half-way, keeping its text so far, and refuses a second message while one streams', async () => {
    const chat = await createChat(asha);
    const content = 'one two three four five six seven eight nine ten eleven twelve thirteen';
    provider.script({ content, chunkDelayMs: 150 });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    const { answer } = await send(asha, { chatId: chat.id, text: 'Count slowly' });
    await live.take(3);
    const busy = await gqlError(
      server.url,
      SEND,
      { input: { chatId: chat.id, text: 'And again' } },
      { token: asha.token },
    );
    expect(busy).toMatchObject({ code: 'CONFLICT', message: AI_MESSAGES.chatAnswering });

    const stopped = (
      await gqlData<{ stopAiChatAnswer: Message }>(
        server.url,
        STOP,
        { messageId: answer.id },
        { token: asha.token },
      )
    ).stopAiChatAnswer;
    expect(stopped.status).toBe('stopped');
    expect(stopped.text.length).toBeGreaterThan(0);
    expect(stopped.text.length).toBeLessThan(content.length);
    expect(content.startsWith(stopped.text)).toBe(true);
    // A stopped answer's tokens are estimated, since the provider never counted them.
    expect(stopped.usage.outputTokens).toBeGreaterThan(0);

    const events = await untilEnded(live);
    await live.close();
    expect(events.at(-1)).toMatchObject({ status: 'stopped', message: { text: stopped.text } });
    const stored = await messagesOf(asha, chat.id);
    expect(stored.at(-1)).toMatchObject({ status: 'stopped', text: stopped.text });
    // Stopping again answers the stopped message as it is.
    const again = await gqlData<{ stopAiChatAnswer: Message }>(
      server.url,
      STOP,
      { messageId: answer.id },
      { token: asha.token },
    );
    expect(again.stopAiChatAnswer).toMatchObject({ status: 'stopped', text: stopped.text });
  });

  it('ends an answer the provider fails as failed, in the app’s words', async () => {
    const chat = await createChat(asha);
    provider.script({ status: 500 });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    await send(asha, { chatId: chat.id, text: 'Are you there?' });
    const events = await untilEnded(live);
    await live.close();
    expect(events.at(-1)!.message).toMatchObject({
      status: 'failed',
      error: AI_MESSAGES.providerFailed,
      text: '',
    });
    // A failed answer is left out of the next message's history.
    provider.script({ content: 'Yes.' });
    const next = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: asha.token },
    );
    const before = provider.completions().length;
    await send(asha, { chatId: chat.id, text: 'Hello?' });
    await untilEnded(next);
    await next.close();
    const sent = JSON.stringify(provider.completions()[before]!.body);
    expect(sent).not.toContain(AI_MESSAGES.providerFailed);
  });
});

describe('AI chat: the space’s problems as context', () => {
  it('sends only the problems the person may read: no draft of someone else, no hidden problem, no other private space', async () => {
    const owner = await signUpVerified(server);
    const member = await signUpVerified(server);
    await createAiConfig(server, member);
    const space = await createPrivateSpace(server, owner, {
      name: 'Pump committee',
      members: [{ user: member, status: 'contributor' }],
    });
    await postProblem(server, owner, 'Broken hand pump', {
      spaceId: space.id,
      description: '<p>The pump by the school squeaks and <b>leaks</b>.</p>',
    });
    await postProblem(server, owner, 'Draft about the treasurer', {
      spaceId: space.id,
      isDraft: true,
    });
    const hidden = await postProblem(server, owner, 'Hidden rumour about the chief', {
      spaceId: space.id,
    });
    await server.deps.db.update(problems).set({ isHidden: true }).where(eq(problems.id, hidden.id));
    const elsewhere = await createPrivateSpace(server, owner, { name: 'Elders only' });
    await postProblem(server, owner, 'Secret land dispute', { spaceId: elsewhere.id });

    // Another private space cannot be a chat's context at all.
    const refused = await gqlError(
      server.url,
      CREATE_CHAT,
      { input: { spaceId: elsewhere.id } },
      { token: member.token },
    );
    expect(refused.code).toBe('NOT_FOUND');

    const chat = await createChat(member, { spaceId: space.id });
    const live = await subscribe<AnswerEvent>(
      server.url,
      ANSWERS,
      { chatId: chat.id },
      { token: member.token },
    );
    provider.script({ content: 'Fix the pump first.' }, { content: 'Without context.' });
    const before = provider.completions().length;
    await send(member, {
      chatId: chat.id,
      text: 'What should we do first?',
      useSpaceContext: true,
    });
    await untilEnded(live);
    const withContext = JSON.stringify(provider.completions()[before]!.body);
    expect(withContext).toContain('Broken hand pump');
    expect(withContext).toContain('The pump by the school squeaks and leaks.');
    for (const secret of ['treasurer', 'rumour', 'Secret land dispute', '<b>'])
      expect(withContext).not.toContain(secret);

    // Without the switch, no problem goes.
    const { answer } = await send(member, { chatId: chat.id, text: 'And now?' });
    await untilEnded(live, answer.id);
    await live.close();
    const without = JSON.stringify(provider.completions()[before + 1]!.body);
    expect(without).not.toContain('Broken hand pump');
  });
});

describe('AI chat: limits', () => {
  it('refuses a message once the month’s allowance is spent, storing nothing and asking the provider nothing', async () => {
    const spender = await signUpVerified(server);
    const configId = await createAiConfig(server, spender);
    const chat = await createChat(spender);
    await server.deps.db.insert(aiUsage).values({
      userId: spender.id,
      configId,
      month: monthOf(new Date()),
      inputTokens: 150_000,
      outputTokens: 50_000,
      calls: 40,
    });
    const before = provider.completions().length;
    const response = await gql(
      server.url,
      SEND,
      { input: { chatId: chat.id, text: 'One more?' } },
      { token: spender.token },
    );
    expect(response.errors?.[0]).toMatchObject({
      message: AI_MESSAGES.capReached,
      extensions: { code: 'RATE_LIMITED' },
    });
    expect(provider.completions().length).toBe(before);
    expect(await messagesOf(spender, chat.id)).toEqual([]);
  });

  it('renames and deletes a chat; a name is required and bounded', async () => {
    const chat = await createChat(asha, { name: 'Old name' });
    const renamed = await gqlData<{ renameAiChat: Chat }>(
      server.url,
      RENAME_CHAT,
      { id: chat.id, name: '  Well plans ' },
      { token: asha.token },
    );
    expect(renamed.renameAiChat.name).toBe('Well plans');
    const blank = await gqlError(
      server.url,
      RENAME_CHAT,
      { id: chat.id, name: ' ' },
      { token: asha.token },
    );
    expect(blank.message).toBe(AI_MESSAGES.chatNameRequired);
    await gqlData(server.url, DELETE_CHAT, { id: chat.id }, { token: asha.token });
    const gone = await gqlError(
      server.url,
      CHAT_WITH_MESSAGES,
      { id: chat.id },
      { token: asha.token },
    );
    expect(gone.code).toBe('NOT_FOUND');
  });
});
