import { describe, expect, it } from 'vitest';
import { MESSAGES, STORY_TEXT_MAX, emailSchema, htmlToPlainText, storyTextSchema } from '@rules';

/** The first message the shared story rule gives, or the tags it extracts when the text passes. */
const judge = (text: string) => {
  const result = storyTextSchema.safeParse(text);
  return result.success ? { tags: result.data.tags } : { message: result.error.issues[0]?.message };
};

describe('story text rules', () => {
  it('requires text: empty or whitespace-only gives "Text is required"', () => {
    expect(judge('')).toEqual({ message: 'Text is required' });
    expect(judge(' \n\t ')).toEqual({ message: 'Text is required' });
    expect(storyTextSchema.safeParse(undefined).error?.issues[0]?.message).toBe('Text is required');
  });

  it('needs at least 3 characters and says so: "Text must be at least 3 characters"', () => {
    expect(judge('ab')).toEqual({ message: 'Text must be at least 3 characters' });
    expect(judge('#a')).toEqual({ message: 'Text must be at least 3 characters' });
    expect(judge('  #a  ')).toEqual({ message: 'Text must be at least 3 characters' });
    expect(judge('#ab')).toEqual({ tags: ['ab'] });
    expect(judge('#a b')).toEqual({ tags: ['a'] });
  });

  it(`refuses more than ${STORY_TEXT_MAX} characters`, () => {
    expect(judge(`#long ${'x'.repeat(STORY_TEXT_MAX)}`)).toEqual({ message: MESSAGES.textMax });
  });

  it('needs at least one hashtag: "Add at least one #hashtag"', () => {
    expect(judge('A story without tags')).toEqual({ message: 'Add at least one #hashtag' });
    expect(judge('write to me@host#tag')).toEqual({ message: 'Add at least one #hashtag' });
  });

  it('refuses a tag with a dot: "Hashtags cannot contain \'.\'"', () => {
    expect(judge('Learning #node.js today')).toEqual({ message: "Hashtags cannot contain '.'" });
  });

  it('allows 1 to 10 tags: "Max 10 tags" beyond', () => {
    const tags = (n: number) => Array.from({ length: n }, (_, i) => `#tag${i}`).join(' ');
    expect(judge(`Ten ${tags(10)}`)).toEqual({
      tags: Array.from({ length: 10 }, (_, i) => `tag${i}`),
    });
    expect(judge(`Eleven ${tags(11)}`)).toEqual({ message: 'Max 10 tags' });
    // Repeats count once.
    expect(judge(`Ten again ${tags(10)} #TAG0 #tag1`)).toHaveProperty('tags');
  });

  it('returns the trimmed text with its tags', () => {
    expect(storyTextSchema.parse('  Rain on #Farms  ')).toEqual({
      text: 'Rain on #Farms',
      tags: ['farms'],
    });
  });
});

describe('htmlToPlainText', () => {
  it('turns block ends and line breaks into whitespace so tags stay separate words', () => {
    expect(htmlToPlainText('<p>First</p><p>#second</p>')).toMatch(/^First\s+#second\s*$/u);
    expect(htmlToPlainText('<p>a<br>#b<br/>#c</p>')).toMatch(/^a\s+#b\s+#c\s*$/u);
    expect(htmlToPlainText('<ul><li>#one</li><li>#two</li></ul>')).toMatch(/#one\s+#two/u);
  });

  it('decodes the entities a sanitiser writes', () => {
    expect(htmlToPlainText('Tom &amp; Jerry&nbsp;#tv &lt;3 &quot;hi&quot; it&#39;s')).toBe(
      `Tom & Jerry #tv <3 "hi" it's`,
    );
  });
});

describe('e-mail rule', () => {
  it('lower-cases and trims the e-mail', () => {
    expect(emailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('gives "E-mail is required" and "E-mail must be valid"', () => {
    expect(emailSchema.safeParse('').error?.issues[0]?.message).toBe('E-mail is required');
    expect(emailSchema.safeParse('ada').error?.issues[0]?.message).toBe('E-mail must be valid');
    expect(emailSchema.safeParse('a b@c').error?.issues[0]?.message).toBe('E-mail must be valid');
  });
});
