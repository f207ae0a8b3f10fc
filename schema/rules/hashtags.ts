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

/**
 * The tag one whitespace-bounded word names ('#Water.' → tag 'water', written '#Water': the
 * punctuation after it is not part of it), or null. Clients link the words with this, so a tag
 * shows as a link exactly where the server found it.
 */
export function hashtagOfWord(word: string): { tag: string; written: string } | null {
  if (word.length < 2 || !word.startsWith('#')) return null;
  const name = HASHTAG.exec(word)?.[1];
  return name ? { tag: name.toLowerCase(), written: `#${name}` } : null;
}

export function scanHashtags(plainText: string): HashtagScan {
  const seen = new Set<string>();
  let hasDottedTag = false;
  for (const word of plainText.split(/\s+/u)) {
    if (word.length < 2 || !word.startsWith('#')) continue;
    const found = hashtagOfWord(word);
    if (found) seen.add(found.tag);
    else if (/^#[\p{L}\p{M}\p{N}_-]+\.[\p{L}\p{M}\p{N}_-]/u.test(word)) hasDottedTag = true;
  }
  return { tags: [...seen], hasDottedTag };
}

export const tooManyTags = (tags: readonly string[]) => tags.length > POST_TAGS_MAX;
