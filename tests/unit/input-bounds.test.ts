import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as rules from '@rules';
import { sanitizeRichText } from '../../server/src/rich-text';

/**
 * Cheap checks first (issue 24): every text a schema in schema/rules reads has a length limit that
 * ends the chain when it fails (`max(…, { abort: true })`), before any refinement, regex,
 * transform or parser sees it; and the helpers that read long text read it once.
 */

interface Def {
  type: string;
  checks?: { _zod: { def: { check: string; abort?: boolean; format?: string } } }[];
  format?: string;
  coerce?: boolean;
  [part: string]: unknown;
}
const defOf = (schema: unknown) => (schema as { _zod: { def: Def } })._zod.def;
const isSchema = (value: unknown): value is z.ZodType => value instanceof z.ZodType;

/** Checks that only reshape the value (trim, lower-case) or read its length: cheap at any size. */
const CHEAP = new Set(['overwrite', 'min_length']);
/** Formats whose pattern is anchored and of fixed length: reading stops within its length. */
const FIXED_FORMATS = new Set(['uuid']);

/** Where, inside `schema`, text is read without a limit that stops the chain first. */
function unbounded(schema: unknown, path: string, bounded = false, seen = new Set()): string[] {
  if (!isSchema(schema) || seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const inner = (part: unknown, suffix = '', inBounded = bounded) =>
    unbounded(part, `${path}${suffix}`, inBounded, seen);
  switch (def.type) {
    case 'string': {
      if (bounded || (def.format && FIXED_FORMATS.has(def.format))) return [];
      const first = (def.checks ?? []).find((check) => !CHEAP.has(check._zod.def.check));
      const ok = first?._zod.def.check === 'max_length' && first._zod.def.abort === true;
      return ok ? [] : [path];
    }
    case 'date':
      // Coercion parses whatever text it is given: only a bounded text may reach it (a pipe).
      return def.coerce && !bounded ? [path] : [];
    case 'object':
      return Object.entries(def.shape as Record<string, unknown>).flatMap(([key, part]) =>
        inner(part, `.${key}`),
      );
    case 'array':
      return inner(def.element, '[]');
    case 'record':
      return [...inner(def.keyType, '{key}'), ...inner(def.valueType, '{value}')];
    case 'union':
      return (def.options as unknown[]).flatMap((option, index) => inner(option, `|${index}`));
    case 'pipe':
      // What comes out of a bounded input is bounded: a transform's output is not text read anew.
      return [...inner(def.in), ...inner(def.out, '', true)];
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return inner(def.innerType);
    default:
      return [];
  }
}

describe('schemas in schema/rules', () => {
  it('are judged by a check that finds text read without a limit', () => {
    const sloppy = z.object({
      late: z.string().regex(/a/u).max(5, { abort: true }),
      going: z.string().max(5).refine(Boolean),
      none: z.array(z.string()),
      parsed: z.coerce.date(),
      fine: z.string().trim().max(5, { abort: true }).transform(Number),
    });
    expect(unbounded(sloppy, 'sloppy')).toEqual([
      'sloppy.late',
      'sloppy.going',
      'sloppy.none[]',
      'sloppy.parsed',
    ]);
  });

  it('limit every text they read first, and stop there when it is too long', () => {
    const schemas: [string, unknown][] = [
      ...Object.entries(rules).filter(([, value]) => isSchema(value)),
      ['tagListSchema()', rules.tagListSchema(10, 'too many')],
      ['dateInputSchema()', rules.dateInputSchema('bad date')],
    ];
    expect(schemas.length).toBeGreaterThan(50);
    expect(schemas.flatMap(([name, schema]) => unbounded(schema, name))).toEqual([]);
  });

  it('refuse text past its limit without running the refinement behind it', () => {
    const emoji = '👍'.repeat(30_000);
    const started = performance.now();
    const parsed = rules.reactToMessageSchema.safeParse({
      conversationId: 'c',
      messageId: 'm',
      emoji,
    });
    expect(parsed.error?.issues.map((issue) => issue.message)).toEqual(['Pick one emoji']);
    // The segmenter alone takes seconds on this text; a refusal by its length takes nothing.
    expect(performance.now() - started).toBeLessThan(200);
    expect(rules.isSingleEmoji(emoji)).toBe(false);
    expect(rules.isSingleEmoji('👩🏽‍💻')).toBe(true);
  });
});

describe('long text within its limit', () => {
  it('is read once by stripTrailingEmptyParagraphs and htmlToPlainText', () => {
    const spaces = `<p>x${' '.repeat(49_000)}y</p>`;
    const unclosed = '<'.repeat(50_000);
    const started = performance.now();
    expect(rules.stripTrailingEmptyParagraphs(`${spaces}<p> </p><p><br></p>`)).toBe(spaces);
    expect(rules.htmlToPlainText(unclosed)).toBe(unclosed);
    // Before, an end-anchored regex took seconds on the spaces and one on the '<'s.
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('nested past RICH_TEXT_DEPTH_MAX is refused by the sanitiser instead of parsed', () => {
    expect(() => sanitizeRichText('<b>'.repeat(66_000))).toThrow(
      expect.objectContaining({ code: 'BAD_USER_INPUT', message: rules.MESSAGES.invalidValue }),
    );
    const editorDepth =
      '<ul><li><p><strong><em>deep</em></strong></p><ul><li>x</li></ul></li></ul>';
    expect(sanitizeRichText(editorDepth)).toBe(editorDepth);
    expect(sanitizeRichText(`<p>${'a<br>'.repeat(500)}</p>`)).toContain('a<br />');
  });
});
