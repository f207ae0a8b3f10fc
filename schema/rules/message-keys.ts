import { ADMIN_MESSAGES } from './admin';
import { CHAT_MESSAGES } from './chat';
import { COMMENT_MESSAGES } from './comments';
import { MAP_MESSAGES } from './maps';
import { MEDIA_MESSAGES } from './media';
import { OAUTH_MESSAGES } from './oauth';
import { MESSAGES } from './messages';
import { PEOPLE_MESSAGES } from './people';
import { PROBLEM_MESSAGES } from './problems';
import { REACTION_MESSAGES } from './reactions';
import { REPORT_MESSAGES } from './reports';
import { EXPLAINER_MESSAGES } from './share';
import { SKILL_MESSAGES } from './skills';
import { SOLUTION_MESSAGES } from './solutions';
import { SPACE_MESSAGES } from './spaces';
import { TAG_MESSAGES } from './tags';
import { TOKEN_MESSAGES } from './tokens';
import { VOTE_MESSAGES } from './votes';

/**
 * Every message the server may send, by locale namespace: a message from `spaces` translates as
 * `spaces:errors.<key>`. A test checks each one exists in English (word for word) and Telugu.
 */
export const MESSAGE_NAMESPACES: Record<string, Readonly<Record<string, string>>> = {
  common: MESSAGES,
  spaces: SPACE_MESSAGES,
  problems: PROBLEM_MESSAGES,
  solutions: SOLUTION_MESSAGES,
  skills: SKILL_MESSAGES,
  tags: TAG_MESSAGES,
  comments: COMMENT_MESSAGES,
  reactions: REACTION_MESSAGES,
  votes: VOTE_MESSAGES,
  people: PEOPLE_MESSAGES,
  reports: REPORT_MESSAGES,
  explainers: EXPLAINER_MESSAGES,
  admin: ADMIN_MESSAGES,
  chat: CHAT_MESSAGES,
  media: MEDIA_MESSAGES,
  maps: MAP_MESSAGES,
  access: TOKEN_MESSAGES,
  oauth: OAUTH_MESSAGES,
};

/** The translation key of a server message, so the client can show it in the reader's language. */
export function messageTranslationKey(message: string): string | undefined {
  for (const [namespace, messages] of Object.entries(MESSAGE_NAMESPACES)) {
    const key = Object.keys(messages).find((candidate) => messages[candidate] === message);
    if (key) return `${namespace}:errors.${key}`;
  }
  return undefined;
}
