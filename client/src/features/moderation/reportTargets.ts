// What a report points at, and how the moderation feature names item kinds.
import { REPORT_TOPICS, USER_REPORT_REASONS, type ReportableType } from '@rules';

export interface ReportTarget {
  itemType: ReportableType;
  itemId: string;
}

/** The topics offered for a kind: reasons for a person, topics for posts and comments (001 §9). */
export const topicsFor = (itemType: ReportableType): readonly string[] =>
  itemType === 'users' ? USER_REPORT_REASONS : REPORT_TOPICS;

/** A topic's translation key: people's reasons and posts' topics read differently. */
export const topicKey = (itemType: string, topic: string) =>
  itemType === 'users' ? `reports:reasons.${topic}` : `reports:topics.${topic}`;

/** The GraphQL type of a moderated item, to update its `isHidden` in the cache. */
export const ITEM_TYPENAMES: Record<string, string> = {
  stories: 'Story',
  problems: 'Problem',
  solutions: 'Solution',
  skills: 'Skill',
  comments: 'Comment',
};
