import { POST_TAGS_MAX } from './limits';

/**
 * A hashtag is '#' then letters, digits, '-' or '_', bounded by whitespace (or the text's edges).
 * Sentence punctuation right after a tag ("… #water." or "#water!") ends the tag; a '.' inside
 * one ("#node.js") is rejected rather than silently cut, as the spec asks. Letters include their
 * combining marks (\p{M}): Telugu and other Indic words carry vowel signs ("#తెలుగు").
 */
const HASHTAG = /^#([\p{L}\p{M}\p{N}_-]+)[.!?,;:)]*$/u;

export interface HashtagScan {
  /** Lower-cased, de-duplicated, in order of first appearance. */
  tags: string[];
  hasDottedTag: boolean;
}

export function scanHashtags(plainText: string): HashtagScan {
  const seen = new Set<string>();
  let hasDottedTag = false;
  for (const word of plainText.split(/\s+/u)) {
    if (word.length < 2 || !word.startsWith('#')) continue;
    const match = HASHTAG.exec(word);
    if (match?.[1]) seen.add(match[1].toLowerCase());
    else if (/^#[\p{L}\p{M}\p{N}_-]+\.[\p{L}\p{M}\p{N}_-]/u.test(word)) hasDottedTag = true;
  }
  return { tags: [...seen], hasDottedTag };
}

export const tooManyTags = (tags: readonly string[]) => tags.length > POST_TAGS_MAX;
