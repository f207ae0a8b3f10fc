/**
 * Limits and messages of a person's AI configurations (a provider, its API key, a model), shared
 * by server and client. Messages a user may see translate under `ai:errors.<key>`; the providers
 * are in ai-providers.ts and the zod validators in ai.schemas.ts, so that a first visit, which
 * reads every message to translate a server's, carries nothing else of AI.
 */

/**
 * An API key's length. Real keys run from about 39 (Gemini) to 56 (groq) characters; a
 * self-hosted server may take a short one, hence 10. 300 leaves room for longer formats while
 * keeping anything a person could paste by mistake (a whole file) out.
 */
export const AI_KEY_MIN = 10;
export const AI_KEY_MAX = 300;
export const AI_CONFIG_NAME_MAX = 100;
export const AI_CONFIG_DESCRIPTION_MIN = 5;
export const AI_CONFIG_DESCRIPTION_MAX = 500;
export const AI_MODEL_MAX = 200;
export const AI_BASE_URL_MAX = 300;
/** Configurations one person may hold. */
export const AI_CONFIGS_MAX = 20;
/** The characters of a key shown back (the rest is never sent). */
export const AI_KEY_SHOWN = 4;

/** What the AI helpers identify from a text or a problem (001 §7 `/ai/identify-*`). */
export const AI_IDENTIFY_KINDS = [
  'problems',
  'solutions',
  'outcomes',
  'ingredients',
  'parts',
] as const;
export type AiIdentifyKind = (typeof AI_IDENTIFY_KINDS)[number];
/** Kinds whose results publish as a real item today (outcomes and ingredients come with their tabs). */
export const AI_PUBLISHABLE_KINDS: readonly AiIdentifyKind[] = ['problems', 'solutions', 'parts'];
/** The text a person gives the AI helpers: a post's worth, and what one answer can read. */
export const AI_PROMPT_MAX = 4000;
/** Items kept from one answer, and the longest description of one. */
export const AI_RESULT_ITEMS_MAX = 8;
export const AI_RESULT_DESCRIPTION_MAX = 1000;

/**
 * AI chat (000 §2 /aichat): a person's own conversations with their provider. Each chat is one
 * session; a message is at most a post's worth, and a person holds at most AI_CHATS_MAX chats.
 */
export const AI_CHATS_MAX = 50;
export const AI_CHAT_NAME_MAX = 100;
export const AI_CHAT_MESSAGE_MAX = 4000;
/** What one answer may grow to: a stream past it is cut there (a runaway model costs the person). */
export const AI_CHAT_ANSWER_MAX = 20_000;
/** The history sent with a message: the last messages, at most this many and characters. */
export const AI_CHAT_HISTORY_MESSAGES = 20;
export const AI_CHAT_HISTORY_CHARS = 16_000;
/** The space's problems sent as context: at most this many, each name and a short excerpt. */
export const AI_CHAT_CONTEXT_PROBLEMS = 10;
export const AI_CHAT_CONTEXT_EXCERPT = 300;
/** Messages one chat page shows (the newest); older ones are read with `before`. */
export const AI_CHAT_MESSAGES_PAGE = 50;
export const AI_CHAT_ROLES = ['user', 'assistant'] as const;
export type AiChatRole = (typeof AI_CHAT_ROLES)[number];
/** An answer is streaming, then done, stopped by its person, or failed (the provider's fault). */
export const AI_CHAT_MESSAGE_STATUSES = ['streaming', 'done', 'stopped', 'failed'] as const;
export type AiChatMessageStatus = (typeof AI_CHAT_MESSAGE_STATUSES)[number];

/**
 * Story analytics (000 §3 "Tag/story analytics entity: name, type, salience,
 * metadata.wikipedia_url"): the entity types are Google Natural Language's, whose shape the
 * spec's mirrors, without its numeric kinds (dates, prices, phone numbers).
 */
export const STORY_ENTITY_TYPES = [
  'PERSON',
  'LOCATION',
  'ORGANIZATION',
  'EVENT',
  'WORK_OF_ART',
  'CONSUMER_GOOD',
  'OTHER',
] as const;
export type StoryEntityType = (typeof STORY_ENTITY_TYPES)[number];
/** Who found a story's entities: the viewer's AI provider, or the app from the story's own words. */
export const STORY_ANALYTICS_SOURCES = ['provider', 'fallback'] as const;
export type StoryAnalyticsSource = (typeof STORY_ANALYTICS_SOURCES)[number];
/** What `GET /analytics?collection=` analyses (001 §7): stories only. */
export const ANALYTICS_COLLECTIONS = ['stories'] as const;
/** Entities kept from one analysis, and the longest name of one. */
export const STORY_ENTITIES_MAX = 12;
export const STORY_ENTITY_NAME_MAX = 100;
/** The story text a provider reads (its opening, as plain text): a long story's gist is there. */
export const STORY_ANALYTICS_TEXT_MAX = 8000;
export const WIKIPEDIA_URL_MAX = 300;

/**
 * `raw` as an https address of an article on Wikipedia (any language, mobile or not), or null:
 * a provider's answer is untrusted, and only such a link is shown.
 */
export function wikipediaUrlOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > WIKIPEDIA_URL_MAX) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  const ok =
    url.protocol === 'https:' &&
    !url.username &&
    !url.password &&
    !url.port &&
    /^(?:[a-z0-9-]+\.)?(?:m\.)?wikipedia\.org$/u.test(url.hostname) &&
    /^\/wiki\/[^/]/u.test(url.pathname);
  return ok ? url.href : null;
}

/**
 * Transcription of a post's audio (000 §3 media item `hasTranscription`, 001 §3 the transcript
 * file). The file sits next to the audio in storage, named after its key with this suffix.
 */
export const TRANSCRIPT_FILE_SUFFIX = '.wav_transcription.txt';
/**
 * The largest audio sent for transcription: under Whisper's 25 MB (groq, OpenAI-compatible
 * servers) and Gemini's 20 MB inline request, so every provider takes what is sent.
 */
export const TRANSCRIPTION_MAX_BYTES = 20 * 1024 * 1024;
/** The longest audio transcribed, when its length is known (a recording's duration). */
export const TRANSCRIPTION_MAX_SECONDS = 30 * 60;
/** What is kept of a provider's transcript: segments, characters per segment, in all. */
export const TRANSCRIPT_SEGMENTS_MAX = 2000;
export const TRANSCRIPT_SEGMENT_MAX = 2000;
export const TRANSCRIPT_TEXT_MAX = 100_000;
/**
 * Whisper providers report seconds of audio, not tokens: each second counts as this many input
 * tokens against the monthly cap (Gemini's own rate for audio input, so every provider weighs a
 * minute of audio alike).
 */
export const AUDIO_TOKENS_PER_SECOND = 32;

export const AI_MESSAGES = {
  keyRequired: 'Please enter an API key',
  keyMin: `An API key is at least ${AI_KEY_MIN} characters`,
  keyMax: `An API key is at most ${AI_KEY_MAX} characters`,
  invalidKey: 'Invalid API key . Please Enter valid key.',
  modelsFailed: 'Failed to fetch Models',
  providerRequired: 'Please select an AI provider',
  nameRequired: 'Please enter a name',
  nameMax: `A name is at most ${AI_CONFIG_NAME_MAX} characters`,
  descriptionRequired: 'Please enter a description',
  descriptionMin: `A description is at least ${AI_CONFIG_DESCRIPTION_MIN} characters`,
  descriptionMax: `A description is at most ${AI_CONFIG_DESCRIPTION_MAX} characters`,
  modelRequired: 'Please select a model',
  baseUrlRequired: 'Please enter the server address',
  baseUrlInvalid: 'Enter an http:// or https:// address without a password',
  baseUrlNotAllowed: 'This site does not allow a model server at that address',
  keyOrConfig: 'Give an API key or one of your AI configs',
  tooMany: `You hold ${AI_CONFIGS_MAX} AI configs: delete one first`,
  noConfig: 'Add an AI config in My AI Configs first',
  capReached: 'You have used this month’s AI allowance. It renews on the 1st.',
  providerFailed: 'The AI provider did not answer. Try again later.',
  providerBusy: 'The AI provider is busy. Try again in a minute.',
  answerUnreadable: 'The AI provider’s answer could not be read. Try again.',
  promptRequired: 'Type some text or choose a problem for the AI to read',
  promptMax: `The AI reads at most ${AI_PROMPT_MAX} characters`,
  kindRequired: 'Choose what the AI should identify',
  partsNeedProblem: 'Parts are identified for a problem: choose one',
  alreadyPublished: 'This result is already published',
  notPublishable: 'This kind of result cannot be published yet',
  chatsTooMany: `You hold ${AI_CHATS_MAX} AI chats: delete one first`,
  chatNameRequired: 'Please enter a name for the chat',
  chatNameMax: `A chat name is at most ${AI_CHAT_NAME_MAX} characters`,
  chatMessageRequired: 'Type a message',
  chatMessageMax: `A message is at most ${AI_CHAT_MESSAGE_MAX} characters`,
  chatAnswering: 'Wait for the answer, or stop it, before sending another message',
  analyticsCollection: 'Analytics are kept for stories only: ask with collection=stories',
  notAudio: 'Only audio can be transcribed',
  audioTooLarge: `Audio up to ${TRANSCRIPTION_MAX_BYTES / 1024 ** 2} MB can be transcribed`,
  audioTooLong: `Audio up to ${TRANSCRIPTION_MAX_SECONDS / 60} minutes can be transcribed`,
  audioNotPosted: 'Post the audio first, then transcribe it',
} as const;
