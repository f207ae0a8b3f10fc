import { describe, expect, it } from 'vitest';
import { POST_TAGS_MAX, hashtagOfWord, scanHashtags, tooManyTags } from '@rules';

describe('scanHashtags', () => {
  it('finds tags bounded by whitespace, lower-cased and de-duplicated in order of first appearance', () => {
    expect(scanHashtags('#Water is life #AIR\n#water\t#fire_2 #e-mobility').tags).toEqual([
      'water',
      'air',
      'fire_2',
      'e-mobility',
    ]);
  });

  it('ends a tag at sentence punctuation right after it', () => {
    expect(
      scanHashtags('Save #water. Breathe #air! Really #soil? (#rain) #wind, #sun;').tags,
    ).toEqual(['water', 'air', 'soil', 'wind', 'sun']);
  });

  it('does not count a # inside a word or a lone #', () => {
    expect(scanHashtags('mail a#b or c# or # alone or ##double').tags).toEqual([]);
  });

  it('flags a tag with a dot inside, like #node.js, instead of cutting it', () => {
    expect(scanHashtags('I love #node.js')).toEqual({ tags: [], hasDottedTag: true });
    expect(scanHashtags('#ok and #v1.2')).toEqual({ tags: ['ok'], hasDottedTag: true });
    expect(scanHashtags('#ok.')).toEqual({ tags: ['ok'], hasDottedTag: false });
  });

  it('accepts letters and digits of any script, Telugu vowel signs included', () => {
    expect(scanHashtags('#తెలుగు #నీరు #Café #数字 #2024').tags).toEqual([
      'తెలుగు',
      'నీరు',
      'café',
      '数字',
      '2024',
    ]);
  });

  it('rejects other symbols inside a tag', () => {
    expect(scanHashtags('#a$b #c/d #e@f').tags).toEqual([]);
  });

  it(`allows ${POST_TAGS_MAX} tags and not one more`, () => {
    const tags = Array.from({ length: POST_TAGS_MAX + 1 }, (_, i) => `t${i}`);
    expect(tooManyTags(tags.slice(0, POST_TAGS_MAX))).toBe(false);
    expect(tooManyTags(tags)).toBe(true);
  });
});

describe('hashtagOfWord', () => {
  it('names the tag a word writes, and the part written as the tag (punctuation after it left out)', () => {
    expect(hashtagOfWord('#Water.')).toEqual({ tag: 'water', written: '#Water' });
    expect(hashtagOfWord('#నీరు!')).toEqual({ tag: 'నీరు', written: '#నీరు' });
  });

  it('names none for a plain word, a lone #, a dotted tag or a # inside a word', () => {
    for (const word of ['water', '#', '#node.js', 'a#b', '(#rain)'])
      expect(hashtagOfWord(word)).toBeNull();
  });
});
