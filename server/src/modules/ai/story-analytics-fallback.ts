import { hashtagOfWord, htmlToPlainText, STORY_ENTITIES_MAX } from '@rules';
import type { StoryEntityRow } from '../../db/schema';

/**
 * A story's key topics without any AI provider, from its own words: its hashtags (the author
 * chose them) and the 2–3 word phrases it repeats, stop words aside. Each weighs its count
 * times its length in words (a hashtag as two); saliences are the weights' shares, so they sum to
 * about 1 like a provider's. Deterministic and linear in the text, so it runs on every read.
 */

/** Words that make no topic on their own (English: the other locale's stories repeat fewer). */
const STOP_WORDS = new Set(
  (
    'a about above after again against all also am an and any are as at be because been before ' +
    'being below between both but by can could did do does doing down during each even ever ' +
    'every few for from further get got had has have having he her here hers herself him ' +
    'himself his how i if in into is it its itself just let like many me more most much must my ' +
    'myself no nor not now of off on once one only or other our ours ourselves out over own ' +
    'really same she should so some still such than that the their theirs them themselves then ' +
    'there these they this those through to too under until up upon us very was we well were ' +
    'what when where which while who whom whose why will with within without would yet you your ' +
    'yours yourself yourselves'
  ).split(' '),
);

/** Where a phrase cannot run on: sentence and clause punctuation, brackets, quotes, dashes. */
const CLAUSE_BREAK = /[.!?;:,()[\]{}"“”«»…–—|/\\]+|\s-+\s/u;
/** A word's edges that are not part of it ("(wells," → "wells"). */
const EDGES = /^[^\p{L}\p{M}\p{N}]+|[^\p{L}\p{M}\p{N}]+$/gu;
const HASHTAG_WEIGHT = 2;
const PHRASE_LENGTHS = [3, 2] as const;
/** A phrase is a topic once the story says it this often. */
const PHRASE_MIN_COUNT = 2;

interface Weighed {
  name: string;
  weight: number;
}

/** How often each of the story's hashtags is written (at least once: the story holds it). */
function hashtagWeights(text: string, tags: readonly string[]): Weighed[] {
  const counts = new Map(tags.map((tag) => [tag, 0]));
  for (const word of text.split(/\s+/u)) {
    const found = word.startsWith('#') ? hashtagOfWord(word) : null;
    const count = found ? counts.get(found.tag) : undefined;
    if (found && count !== undefined) counts.set(found.tag, count + 1);
  }
  return [...counts].map(([tag, count]) => ({
    name: `#${tag}`,
    weight: Math.max(1, count) * HASHTAG_WEIGHT,
  }));
}

/** Runs of topic words (no stop word, number, single letter or hashtag inside), as written. */
function wordRuns(text: string): string[][] {
  const runs: string[][] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    let run: string[] = [];
    for (const raw of clause.split(/\s+/u)) {
      const word = raw.startsWith('#') ? '' : raw.replace(EDGES, '');
      const lower = word.toLowerCase();
      if (word.length < 2 || STOP_WORDS.has(lower) || /^\p{N}+$/u.test(word)) {
        if (run.length > 1) runs.push(run);
        run = [];
      } else run.push(word);
    }
    if (run.length > 1) runs.push(run);
  }
  return runs;
}

/**
 * The 2–3 word phrases said at least PHRASE_MIN_COUNT times, each as first written. A pair that
 * only ever appears inside a kept triple is the triple's, not a topic of its own.
 */
function phraseWeights(text: string): Weighed[] {
  const seen = new Map<string, { written: string; count: number; words: number }>();
  for (const run of wordRuns(text))
    for (const length of PHRASE_LENGTHS)
      for (let start = 0; start + length <= run.length; start++) {
        const words = run.slice(start, start + length);
        const key = words.join(' ').toLowerCase();
        const entry = seen.get(key);
        if (entry) entry.count++;
        else seen.set(key, { written: words.join(' '), count: 1, words: length });
      }
  const kept = [...seen].filter(([, entry]) => entry.count >= PHRASE_MIN_COUNT);
  const triples = kept.filter(([, entry]) => entry.words === 3);
  return kept
    .filter(
      ([key, entry]) =>
        entry.words === 3 ||
        !triples.some(
          ([triple, held]) => held.count >= entry.count && ` ${triple} `.includes(` ${key} `),
        ),
    )
    .map(([, entry]) => ({ name: entry.written, weight: entry.count * entry.words }));
}

/**
 * Shares of the total weight, rounded to thousandths; the heaviest first (equals in the order
 * given: hashtags as written, then phrases as first said), at most STORY_ENTITIES_MAX.
 */
export function byShare(weighed: Weighed[]): { name: string; share: number }[] {
  const top = [...weighed].sort((a, b) => b.weight - a.weight).slice(0, STORY_ENTITIES_MAX);
  const total = top.reduce((sum, item) => sum + item.weight, 0);
  return top.map((item) => ({
    name: item.name,
    share: total > 0 ? Math.round((item.weight / total) * 1000) / 1000 : 0,
  }));
}

/** The story's fallback entities (type OTHER, no Wikipedia address). */
export function fallbackEntities(html: string, tags: readonly string[]): StoryEntityRow[] {
  const text = htmlToPlainText(html);
  return byShare([...hashtagWeights(text, tags), ...phraseWeights(text)]).map((item) => ({
    name: item.name,
    type: 'OTHER',
    salience: item.share,
    metadata: {},
  }));
}
