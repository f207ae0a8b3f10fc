import {
  AI_MESSAGES,
  AUDIO_TOKENS_PER_SECOND,
  TRANSCRIPT_FILE_SUFFIX,
  TRANSCRIPTION_MAX_BYTES,
  type MediaItem,
} from '@rules';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeWav } from '../../client/src/features/media/capture/wav';
import { aiConfigs, aiUsage, uploads } from '../../server/src/db/schema';
import { monthOf } from '../../server/src/modules/ai/ai-usage.service';
import { GEMINI_MODELS, GOOD_AI_KEY, type TestAiProvider } from '../helpers/ai-provider';
import { startAiTestServer, type AiTestServer } from '../helpers/ai-server';
import { gqlData, gqlError, rest } from '../helpers/clients';
import {
  createAiConfig,
  createPrivateSpace,
  insertUpload,
  samplePng,
  signUpVerified,
  uploadedItem,
  type TestUser,
} from '../helpers/factories';
import { startLocalS3, type LocalS3 } from '../helpers/s3-server';
import { startTestServerOn, type TestServer } from '../helpers/server';

let ai: AiTestServer;
let provider: TestAiProvider;
let server: TestServer;
let asha: TestUser;
let ravi: TestUser;

const TRANSCRIPTION = `uploadId hasTranscription canTranscribe transcribedAt
  segments { resultEndTime alternatives { transcript } }`;
const TRANSCRIBE = `mutation($input: TranscribeAudioInput!) { transcribeAudio(input: $input) { ${TRANSCRIPTION} } }`;
const READ = `query($uploadId: ID!) { audioTranscription(uploadId: $uploadId) { ${TRANSCRIPTION} } }`;
const STORY_FILES = `query($id: ID!) { story(id: $id) { id files { uploadId type hasTranscription
  transcription { resultEndTime alternatives { transcript } } } } }`;

interface Segment {
  resultEndTime: string;
  alternatives: { transcript: string }[];
}
interface Transcription {
  uploadId: string;
  hasTranscription: boolean;
  canTranscribe: boolean;
  transcribedAt: string | null;
  segments: Segment[];
}

/** `seconds` of a 440 Hz tone at 16 kHz, as the recorder makes it (16-bit mono WAV). */
function sampleWav(seconds: number): Uint8Array {
  const rate = 16_000;
  const samples = new Float32Array(seconds * rate).map((_, i) =>
    Math.sin((2 * Math.PI * 440 * i) / rate),
  );
  return new Uint8Array(encodeWav(samples, rate));
}

/** A story by `user` with `wav` attached (in `spaceId`, the public space otherwise). */
async function storyWithAudio(user: TestUser, wav = sampleWav(2), spaceId?: string) {
  const item = await uploadedItem(server, user.token, wav, {
    filename: 'recording.wav',
    path: 'stories',
    spaceId,
  });
  const { createStory } = await gqlData<{ createStory: { id: string } }>(
    server.url,
    `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
    {
      input: {
        story: '<p>Our meeting about the #wells</p>',
        files: [{ uploadId: item.uploadId, duration: 2 }],
        ...(spaceId && { spaceId }),
      },
    },
    { token: user.token },
  );
  return { storyId: createStory.id, uploadId: item.uploadId!, wav };
}

const transcribe = async (user: TestUser, input: Record<string, unknown>) =>
  (
    await gqlData<{ transcribeAudio: Transcription }>(
      server.url,
      TRANSCRIBE,
      { input },
      { token: user.token },
    )
  ).transcribeAudio;

const uploadRow = async (id: string) =>
  (await server.deps.db.select().from(uploads).where(eq(uploads.id, id)))[0]!;

async function storedText(key: string) {
  const file = await server.deps.storage.get(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  ai = await startAiTestServer();
  ({ provider, server, person: asha } = ai);
  ravi = await signUpVerified(server, { displayName: 'Ravi' });
  await createAiConfig(server, ravi);
});
afterAll(() => ai?.stop());

describe('transcribing a post’s audio', () => {
  it('asks a signed-out visitor to sign in, over GraphQL and REST, and asks the provider nothing', async () => {
    const { uploadId } = await storyWithAudio(asha);
    const before = provider.requests.length;
    expect((await gqlError(server.url, TRANSCRIBE, { input: { uploadId } })).code).toBe(
      'UNAUTHENTICATED',
    );
    expect((await rest(server.url, 'POST', '/api/ai/transcribe', { uploadId })).status).toBe(401);
    expect(provider.requests.length).toBe(before);
  });

  it('transcribes recorded audio through groq’s Whisper, keeps the spec’s list next to the audio and marks the item', async () => {
    const { storyId, uploadId, wav } = await storyWithAudio(asha);
    const before = provider.transcriptions().length;
    const result = await transcribe(asha, { uploadId });

    const expected = [
      {
        resultEndTime: '1s',
        alternatives: [{ transcript: `Fake transcript of ${wav.length} bytes, part one.` }],
      },
      { resultEndTime: '2s', alternatives: [{ transcript: 'And part two.' }] },
    ];
    expect(result).toMatchObject({ uploadId, hasTranscription: true, canTranscribe: true });
    expect(result.segments).toEqual(expected);

    // What reached the provider: that audio, the transcription model, the person's own key.
    const sent = provider.transcriptions().slice(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/openai/v1/audio/transcriptions');
    expect(sent[0]!.authorization).toBe(`Bearer ${GOOD_AI_KEY}`);
    expect(sent[0]!.form).toMatchObject({
      model: 'whisper-large-v3-turbo',
      response_format: 'verbose_json',
    });
    expect(Buffer.compare(sent[0]!.file!.bytes, Buffer.from(wav))).toBe(0);
    expect(provider.completions().some((request) => request.path.includes('audio'))).toBe(false);

    // The file, named after the audio's path, in storage; the plain text on the upload.
    const row = await uploadRow(uploadId);
    expect(row.transcriptKey).toBe(`${row.key}${TRANSCRIPT_FILE_SUFFIX}`);
    expect(JSON.parse((await storedText(row.transcriptKey!))!)).toEqual(expected);
    expect(row.transcript).toBe(`Fake transcript of ${wav.length} bytes, part one.\nAnd part two.`);

    // The post's item says so, and its readers get the list.
    const { story } = await gqlData<{
      story: { files: (MediaItem & { transcription: Segment[] })[] };
    }>(server.url, STORY_FILES, { id: storyId }, { token: ravi.token });
    expect(story.files[0]).toMatchObject({
      type: 'audio',
      hasTranscription: true,
      transcription: expected,
    });
    const seen = await gqlData<{ audioTranscription: Transcription }>(
      server.url,
      READ,
      { uploadId },
      { token: ravi.token },
    );
    expect(seen.audioTranscription).toMatchObject({
      hasTranscription: true,
      canTranscribe: false,
      segments: expected,
    });
  });

  it('records the audio’s seconds as tokens, and answers the stored transcript again without a call unless redo', async () => {
    const user = await signUpVerified(server);
    await createAiConfig(server, user);
    const { uploadId } = await storyWithAudio(user, sampleWav(3));
    await transcribe(user, { uploadId });
    const usage = async () =>
      (
        await server.deps.db
          .select()
          .from(aiUsage)
          .where(and(eq(aiUsage.userId, user.id), eq(aiUsage.month, monthOf(new Date()))))
      )[0]!;
    expect(await usage()).toMatchObject({
      inputTokens: 3 * AUDIO_TOKENS_PER_SECOND,
      outputTokens: 0,
      calls: 1,
    });

    const before = provider.transcriptions().length;
    const again = await transcribe(user, { uploadId });
    expect(again.segments).toHaveLength(2);
    expect(provider.transcriptions().length).toBe(before);

    provider.script({
      content: JSON.stringify({
        text: 'Redone.',
        duration: 3,
        segments: [
          {
            id: 0,
            seek: 0,
            start: 0,
            end: 3,
            text: ' Redone. ',
            tokens: [],
            temperature: 0,
            avg_logprob: 0,
            compression_ratio: 1,
            no_speech_prob: 0,
          },
        ],
        x_groq: { id: 'req_redo' },
      }),
    });
    const redone = await transcribe(user, { uploadId, redo: true });
    expect(redone.segments).toEqual([
      { resultEndTime: '3s', alternatives: [{ transcript: 'Redone.' }] },
    ]);
    expect(provider.transcriptions().length).toBe(before + 1);
    expect((await usage()).calls).toBe(2);
  });

  it('keeps the transcript through an edit of the post, and removes its file with the post', async () => {
    const { storyId, uploadId } = await storyWithAudio(asha);
    await transcribe(asha, { uploadId });
    await gqlData(
      server.url,
      `mutation($id: ID!, $input: UpdateStoryInput!) { updateStory(id: $id, input: $input) { id } }`,
      { id: storyId, input: { story: '<p>Edited #wells</p>', files: [{ uploadId }] } },
      { token: asha.token },
    );
    const { story } = await gqlData<{ story: { files: { hasTranscription: boolean }[] } }>(
      server.url,
      STORY_FILES,
      { id: storyId },
      { token: asha.token },
    );
    expect(story.files[0]!.hasTranscription).toBe(true);

    const { key, transcriptKey } = await uploadRow(uploadId);
    expect(await server.deps.storage.stat(transcriptKey!)).not.toBeNull();
    await gqlData(
      server.url,
      `mutation($id: ID!) { deleteStory(id: $id) }`,
      { id: storyId },
      { token: asha.token },
    );
    expect(await server.deps.storage.stat(transcriptKey!)).toBeNull();
    expect(await server.deps.storage.stat(key)).toBeNull();
  });

  it('answers the same over REST', async () => {
    const { uploadId } = await storyWithAudio(asha);
    const made = await rest<{ transcription: Transcription }>(
      server.url,
      'POST',
      '/api/ai/transcribe',
      { uploadId },
      asha.token,
    );
    expect(made.status).toBe(200);
    expect(made.body.transcription.segments).toHaveLength(2);
    const read = await rest<{ transcription: Transcription }>(
      server.url,
      'GET',
      `/api/media/${uploadId}/transcription`,
      undefined,
      ravi.token,
    );
    expect(read.body.transcription).toMatchObject({ uploadId, canTranscribe: false });
    expect(read.body.transcription.segments).toEqual(made.body.transcription.segments);
  });
});

describe('transcription: who may ask and who may read', () => {
  it('refuses a reader who may not edit the post, and offers them nothing to transcribe', async () => {
    const { uploadId } = await storyWithAudio(asha);
    const before = provider.requests.length;
    const error = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId } },
      { token: ravi.token },
    );
    expect(error.code).toBe('FORBIDDEN');
    const { audioTranscription } = await gqlData<{ audioTranscription: Transcription }>(
      server.url,
      READ,
      { uploadId },
      { token: ravi.token },
    );
    expect(audioTranscription).toMatchObject({
      hasTranscription: false,
      canTranscribe: false,
      segments: [],
    });
    expect(provider.requests.length).toBe(before);
  });

  it('lets a private space’s readers read a transcript and nobody else, and serves the file to no one', async () => {
    const member = await signUpVerified(server);
    const outsider = await signUpVerified(server);
    await createAiConfig(server, outsider);
    const space = await createPrivateSpace(server, asha, {
      members: [{ user: member, status: 'contributor' }],
    });
    const { storyId, uploadId } = await storyWithAudio(asha, sampleWav(2), space.id);
    await transcribe(asha, { uploadId });

    const read = await gqlData<{ audioTranscription: Transcription }>(
      server.url,
      READ,
      { uploadId },
      { token: member.token },
    );
    expect(read.audioTranscription.segments).toHaveLength(2);
    const { story } = await gqlData<{ story: { files: { transcription: Segment[] }[] } }>(
      server.url,
      STORY_FILES,
      { id: storyId },
      { token: member.token },
    );
    expect(story.files[0]!.transcription).toHaveLength(2);

    for (const token of [outsider.token, undefined]) {
      const error = await gqlError(server.url, READ, { uploadId }, { token });
      expect(error.code).toBe('NOT_FOUND');
      const answer = await rest(
        server.url,
        'GET',
        `/api/media/${uploadId}/transcription`,
        undefined,
        token,
      );
      expect(answer.status).toBe(404);
    }
    const refused = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId, redo: true } },
      { token: outsider.token },
    );
    expect(refused.code).toBe('NOT_FOUND');

    // The file itself is not served, even to the author: the API above is the way in.
    const row = await uploadRow(uploadId);
    const name = `recording.wav${TRANSCRIPT_FILE_SUFFIX}`;
    const direct = await fetch(`${server.url}/api/media/${uploadId}/${name}`, {
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(direct.status).toBe(404);
    expect(row.transcriptKey).toBeTruthy();
  });
});

describe('transcription: what it refuses', () => {
  it('transcribes audio only, posted audio only, and audio within the size limit', async () => {
    const before = provider.requests.length;
    const image = await uploadedItem(server, asha.token, await samplePng(20, 20), {
      filename: 'a.png',
    });
    const { createStory } = await gqlData<{ createStory: { id: string } }>(
      server.url,
      `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
      { input: { story: '<p>A #picture</p>', files: [{ uploadId: image.uploadId }] } },
      { token: asha.token },
    );
    expect(createStory.id).toBeTruthy();
    const notAudio = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId: image.uploadId } },
      { token: asha.token },
    );
    expect(notAudio).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.notAudio });

    const loose = await uploadedItem(server, asha.token, sampleWav(1), { filename: 'loose.wav' });
    const unposted = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId: loose.uploadId } },
      { token: asha.token },
    );
    expect(unposted.message).toBe(AI_MESSAGES.audioNotPosted);

    const big = await insertUpload(server, asha, {
      contentType: 'audio/wav',
      size: TRANSCRIPTION_MAX_BYTES + 1,
      name: 'long.wav',
    });
    await gqlData(
      server.url,
      `mutation($input: CreateStoryInput!) { createStory(input: $input) { id } }`,
      { input: { story: '<p>A long #meeting</p>', files: [{ uploadId: big.id }] } },
      { token: asha.token },
    );
    const tooLarge = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId: big.id } },
      { token: asha.token },
    );
    expect(tooLarge.message).toBe(AI_MESSAGES.audioTooLarge);

    const unknown = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId: 'nope' } },
      { token: asha.token },
    );
    expect(unknown.code).toBe('NOT_FOUND');
    expect(provider.requests.length).toBe(before);
  });

  it('says the key is invalid when the provider refuses it, and that the provider failed otherwise, keeping nothing', async () => {
    const { uploadId } = await storyWithAudio(asha);
    provider.script({ status: 401 });
    const badKey = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId } },
      { token: asha.token },
    );
    expect(badKey).toMatchObject({ code: 'BAD_USER_INPUT', message: AI_MESSAGES.invalidKey });
    provider.script({ status: 500 });
    const failed = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId } },
      { token: asha.token },
    );
    expect(failed.message).toBe(AI_MESSAGES.providerFailed);
    provider.script({ content: '{"segments": "not a list"' });
    const unreadable = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId } },
      { token: asha.token },
    );
    expect(unreadable.code).toBe('BAD_GATEWAY');
    expect((await uploadRow(uploadId)).transcriptKey).toBeNull();
  });

  it('stops at the monthly cap before asking the provider', async () => {
    const spender = await signUpVerified(server);
    await createAiConfig(server, spender);
    const { uploadId } = await storyWithAudio(spender);
    const [config] = await server.deps.db
      .select()
      .from(aiConfigs)
      .where(eq(aiConfigs.userId, spender.id));
    await server.deps.db.insert(aiUsage).values({
      userId: spender.id,
      configId: config!.id,
      month: monthOf(new Date()),
      inputTokens: 10_000_000,
      outputTokens: 0,
      calls: 1,
    });
    const before = provider.requests.length;
    const error = await gqlError(
      server.url,
      TRANSCRIBE,
      { input: { uploadId } },
      { token: spender.token },
    );
    expect(error).toMatchObject({ code: 'RATE_LIMITED', message: AI_MESSAGES.capReached });
    expect(provider.requests.length).toBe(before);
  });
});

describe('transcription: other providers', () => {
  it('sends a self-hosted server the same multipart request, with the operator’s transcription model', async () => {
    const user = await signUpVerified(server);
    await createAiConfig(server, user, {
      provider: 'openaicompatible',
      baseUrl: provider.selfHostedUrl,
    });
    const { uploadId, wav } = await storyWithAudio(user);
    const before = provider.transcriptions().length;
    const result = await transcribe(user, { uploadId });
    expect(result.segments).toHaveLength(2);
    const [sent] = provider.transcriptions().slice(before);
    expect(sent!.path).toBe('/selfhosted/v1/audio/transcriptions');
    expect(sent!.form).toMatchObject({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(sent!.file!.bytes.length).toBe(wav.length);
  });

  it('has a Gemini model read the audio as a file part and answer segments', async () => {
    const user = await signUpVerified(server);
    await createAiConfig(server, user, {
      provider: 'geminiai',
      model: GEMINI_MODELS[0]!.name.replace('models/', ''),
    });
    const { uploadId, wav } = await storyWithAudio(user);
    provider.script({
      content: JSON.stringify({
        segments: [
          { endSeconds: 1.25, text: 'Hello <b>all</b>' },
          { endSeconds: 0.5, text: '   ' },
          { endSeconds: 1.9, text: 'Goodbye' },
        ],
      }),
    });
    const before = provider.completions().length;
    const result = await transcribe(user, { uploadId });
    expect(result.segments).toEqual([
      { resultEndTime: '1.25s', alternatives: [{ transcript: 'Hello <b>all</b>' }] },
      { resultEndTime: '1.9s', alternatives: [{ transcript: 'Goodbye' }] },
    ]);
    const [sent] = provider.completions().slice(before);
    expect(sent!.path).toContain('/v1beta/models/gemini-2.5-flash:generateContent');
    expect(JSON.stringify(sent!.body)).toContain(Buffer.from(wav).toString('base64'));
  });
});

describe('transcription: on S3 storage', () => {
  let s3: LocalS3;
  let onDisk: TestServer;
  beforeAll(async () => {
    s3 = await startLocalS3();
    onDisk = server;
    server = await startTestServerOn(undefined, {
      ...provider.env,
      ...s3.env,
      AI_REQUEST_TIMEOUT_MS: '3000',
    });
  });
  afterAll(async () => {
    await server?.stop();
    server = onDisk;
    await s3?.stop();
  });

  it('keeps the transcript file next to the audio in the bucket, and removes it with the post', async () => {
    const user = await signUpVerified(server);
    await createAiConfig(server, user);
    const { storyId, uploadId } = await storyWithAudio(user);
    const result = await transcribe(user, { uploadId });
    expect(result.segments).toHaveLength(2);
    const { key, transcriptKey } = await uploadRow(uploadId);
    expect(transcriptKey).toBe(`${key}${TRANSCRIPT_FILE_SUFFIX}`);
    expect(JSON.parse((await storedText(transcriptKey!))!)).toEqual(result.segments);
    await gqlData(
      server.url,
      `mutation($id: ID!) { deleteStory(id: $id) }`,
      { id: storyId },
      { token: user.token },
    );
    expect(await server.deps.storage.stat(transcriptKey!)).toBeNull();
  });
});
