/**
 * Rules for chat, shared by server and client (000 §3 chat group and message, §5 channel and
 * message rules, 001 §9). Messages a user may see live in CHAT_MESSAGES and translate under
 * `chat:errors.<key>` in the locales. The zod validators live in chat.schemas.ts, so a page that
 * only reads a limit or a message does not load zod.
 */
/**
 * Conversation kinds: `p2p` a direct chat of two people; `group` a chat of chosen people (one tied
 * to a problem, recipe or map has an itemType); `public` and `private` the channels of a space
 * (public ones are found and joined by the space's participants, private ones only by invitation);
 * `space` the default chat of a space, one per space, open to whoever may read the space's content
 * (its participants; every signed-in person for public spaces). The spec's `aiChat` belongs to the
 * AI issue.
 */
export const CONVERSATION_TYPES = ['p2p', 'group', 'public', 'private', 'space'] as const;
export type ConversationType = (typeof CONVERSATION_TYPES)[number];
/** What the create-channel dialog's second step chooses (mandatory). */
export const CHANNEL_VISIBILITIES = ['public', 'private'] as const;
/** What a group conversation may be tied to (000 §3: itemType). */
export const CHAT_ITEM_TYPES = ['problem', 'recipe', 'spacemaps'] as const;
export type ChatItemType = (typeof CHAT_ITEM_TYPES)[number];

export const PRESENCE_STATES = ['online', 'offline'] as const;
export type PresenceState = (typeof PRESENCE_STATES)[number];

export const CHANNEL_NAME_MIN = 3;
/** Not in the spec: a name fits a drawer row of 350 px. */
export const CHANNEL_NAME_MAX = 60;
/** Not in the spec. */
export const CHANNEL_DESCRIPTION_MAX = 500;
/** Not in the spec: a long message still fits; more is a paste accident. */
export const CHAT_TEXT_MAX = 5000;
export const CHAT_HTML_MAX = 50_000;
/** The chat file picker (001 §9): jpg, jpeg, png. */
export const CHAT_IMAGE_TYPES = ['image/jpeg', 'image/png'] as const;
export const CHAT_IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png'] as const;
/** Not in the spec for chat: the posts' 5-file rule, and 10 MB per image (photos from phones). */
export const CHAT_FILES_MAX = 5;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Chat and map space lists fetch 1000 (001 §9); a page of history is smaller. */
export const CHAT_LIST_MAX = 1000;
export const CHAT_HISTORY_PAGE = 50;
/** At most this many people are added in one call. */
export const CHAT_ADD_MEMBERS_MAX = 100;
/** Typing indicators: a client repeats 'typing' at most this often; a receiver drops one older. */
export const TYPING_REPEAT_MS = 3000;
export const TYPING_TIMEOUT_MS = 6000;
/** How long a replied-to message stays highlighted when its quote is clicked (issue 11). */
export const REPLY_HIGHLIGHT_MS = 1000;
/** The most people one presence query or subscription may name (a drawer list's visible rows). */
export const PRESENCE_IDS_MAX = 100;
/** The emoji a message's reaction picker offers (the spec names none; any one emoji is accepted). */
export const CHAT_QUICK_EMOJIS = ['👍', '❤️', '😂', '😮', '😢', '🙏'] as const;
/** Sorts of the chat group lists (001 §9). */
export const CHAT_SORTS = ['alphabetical', 'unread'] as const;
export type ChatSort = (typeof CHAT_SORTS)[number];

export const CHAT_MESSAGES = {
  nameRequired: 'Name Required.',
  nameTooShort: 'Please enter min 3 characters',
  nameTooLong: 'Please enter at most 60 characters',
  visibilityRequired: 'Choose public or private',
  messageEmpty: 'Write a message or attach an image',
  messageTooLong: 'Messages can be at most 5000 characters',
  tooManyFiles: 'Maximum only 5 files allowed',
  imageType: 'Only jpg, jpeg and png images can be sent in chat',
  imageTooLarge: 'Images can be at most 10 MB',
  notMember: 'Conversation not found',
  notAuthor: 'Only the author of a message can change it',
  notGroupAuthor: 'Only the author of a group can delete it',
  cannotLeave: 'You cannot leave this conversation',
  cannotAddMembers: 'People cannot be added to this conversation',
  selfChat: 'Choose someone else to chat with',
  userNotFound: 'No users found',
  idTaken: 'This message id is already used',
  replyNotFound: 'The message you replied to was deleted',
  itemNotFound: 'Item has been deleted',
  tooManyPeople: 'Ask for at most 100 people at once',
  emojiInvalid: 'Pick one emoji',
  fileNotFound: 'The image was not found: attach it again',
} as const;
export type ChatMessageKey = keyof typeof CHAT_MESSAGES;

/** The people picker (000 §5): everyone up to this many by name, or this many for a search. */
export const CHAT_PICKER_ALL_MAX = 100;
export const CHAT_PICKER_SEARCH_MAX = 10;

const EMPTY_PARAGRAPH_CONTENT = /^(?:\s|&nbsp;|<br\s*\/?>)*$/iu;
const WHITESPACE = /\s/u;

/**
 * Trailing empty paragraphs (`<p></p>`, `<p><br></p>`, whitespace) go before a message is stored.
 * Taken off one by one from the end, each read once: a regex anchored at the end would try every
 * position of a long run of spaces (seconds for a message of 50,000).
 */
export function stripTrailingEmptyParagraphs(html: string): string {
  const lower = html.toLowerCase();
  let end = html.length;
  const skipSpace = () => {
    while (end > 0 && WHITESPACE.test(html[end - 1]!)) end -= 1;
  };
  skipSpace();
  while (lower.endsWith('</p>', end)) {
    const start = lower.lastIndexOf('<p>', end - 4);
    if (start < 0 || !EMPTY_PARAGRAPH_CONTENT.test(html.slice(start + 3, end - 4))) break;
    end = start;
    skipSpace();
  }
  return html.slice(0, end).trim();
}

/** The picker's exclusions (000 §5): people already in the group; for direct chats, people I already chat with. */
export const pickableUsers = <Person extends { id: string }>(
  people: readonly Person[],
  excluded: ReadonlySet<string>,
) => people.filter((person) => !excluded.has(person.id));

/** A direct chat's key: the two people's ids sorted, so one pair has one conversation. */
export const pairKeyOf = (a: string, b: string) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** A space's default chat has a fixed id, so it is made once however many people open it first. */
export const spaceChatIdOf = (spaceId: string) => `space-${spaceId}`;

/** Not in the spec: one emoji, however many code points its skin tone or joiners take. */
export const CHAT_EMOJI_MAX = 32;
const EMOJI_CHARS = /^[\p{Extended_Pictographic}\p{Emoji_Component}]+$/u;
const EMOJI_PICTURE = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u20e3]/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One emoji as a person sees it (👍, 👍🏽, 🇮🇳, 👩‍💻, 1️⃣): one grapheme, emoji characters only. Text
 * past CHAT_EMOJI_MAX is refused before anything reads it: segmenting costs time in proportion to
 * the square of the text's length (20,000 emoji once held the server for seconds).
 */
export const isSingleEmoji = (text: string) =>
  text.length <= CHAT_EMOJI_MAX &&
  EMOJI_CHARS.test(text) &&
  EMOJI_PICTURE.test(text) &&
  [...graphemes.segment(text)].length === 1;
