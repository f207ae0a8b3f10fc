import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_NAMESPACES, PAGE_MESSAGE_NAMESPACES } from '@rules';

/** Every namespace of server messages, those of pages loaded on demand too. */
const SERVER_MESSAGES = { ...MESSAGE_NAMESPACES, ...PAGE_MESSAGE_NAMESPACES };
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LANGS = ['en', 'te'] as const;

type Tree = { [key: string]: string | Tree };

function loadNamespace(lang: string, ns: string): Tree {
  return JSON.parse(readFileSync(path.join(ROOT, 'locales', lang, `${ns}.json`), 'utf8')) as Tree;
}

function lookup(tree: Tree, key: string): string | undefined {
  let node: string | Tree | undefined = tree;
  for (const part of key.split('.')) {
    if (typeof node !== 'object') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/**
 * The plural categories of English and Telugu (Intl.PluralRules, which i18next uses): a key `x`
 * called with `count` resolves to `x_one` or `x_other`.
 */
const pluralForms = (lang: string) =>
  new Intl.PluralRules(lang).resolvedOptions().pluralCategories.map((form) => `_${form}`);

/** A key the client uses exists as itself or in every plural form of the language. */
const hasKey = (tree: Tree, key: string, lang: string) =>
  lookup(tree, key) !== undefined ||
  pluralForms(lang).every((suffix) => lookup(tree, `${key}${suffix}`) !== undefined);

/** Every string of a namespace by its full key. */
const flatten = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flatten(value, `${prefix}${key}.`),
  );

const namespaces = () =>
  readdirSync(path.join(ROOT, 'locales/en')).map((file) => file.replace(/\.json$/, ''));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal `t('ns:key')` in the client; the project rule is that keys always name their namespace. */
function usedKeys(): { ns: string; key: string; file: string; withCount: boolean }[] {
  return sourceFiles(path.join(ROOT, 'client/src')).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    // The options object, if any (flat, like `{ count: n, max: m }`), says whether a count is given.
    const calls = /\bt\(\s*['"`]([\w-]+):([\w.-]+)['"`]\s*(?:,\s*(\{[^}]*\}))?/g;
    return [...text.matchAll(calls)].map((match) => ({
      ns: match[1]!,
      key: match[2]!,
      file: path.relative(ROOT, file),
      withCount: /\bcount\b/.test(match[3] ?? ''),
    }));
  });
}

describe('translations', () => {
  const used = usedKeys();

  it('the client uses translated strings', () => {
    expect(used.length).toBeGreaterThan(20);
  });

  for (const lang of LANGS) {
    it(`has every key the client uses in ${lang}`, () => {
      const missing = used
        .filter(({ ns, key }) => {
          try {
            return !hasKey(loadNamespace(lang, ns), key, lang);
          } catch {
            return true;
          }
        })
        .map(({ ns, key, file }) => `${ns}:${key} (${file})`);
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`gives a count to every key that has only plural forms in ${lang}`, () => {
      const countless = used
        .filter(({ ns, key, withCount }) => {
          const tree = loadNamespace(lang, ns);
          return !withCount && lookup(tree, key) === undefined && hasKey(tree, key, lang);
        })
        .map(({ ns, key, file }) => `${ns}:${key} (${file})`);
      expect([...new Set(countless)]).toEqual([]);
    });

    it(`translates every server message in ${lang}`, () => {
      const missing = Object.entries(SERVER_MESSAGES).flatMap(([ns, messages]) =>
        Object.keys(messages)
          .filter((key) => !lookup(loadNamespace(lang, ns), `errors.${key}`))
          .map((key) => `${ns}:errors.${key}`),
      );
      expect(missing).toEqual([]);
    });
  }

  it('words server messages in English exactly as the server sends them', () => {
    for (const [ns, messages] of Object.entries(SERVER_MESSAGES)) {
      if (Object.keys(messages).length === 0) continue;
      const english = loadNamespace('en', ns);
      for (const [key, message] of Object.entries(messages)) {
        // i18next interpolation uses {{ }} like the message itself, so the texts are comparable.
        expect(lookup(english, `errors.${key}`), `${ns}:errors.${key}`).toBe(message);
      }
    }
  });

  it('has the same keys in Telugu as in English', () => {
    const keys = (lang: string, ns: string) =>
      flatten(loadNamespace(lang, ns))
        .map(([key]) => key)
        .sort();
    for (const ns of namespaces()) {
      expect(keys('te', ns), `locales/te/${ns}.json`).toEqual(keys('en', ns));
    }
  });

  for (const lang of LANGS) {
    it(`words every count with plural forms in ${lang} ('1 problem', '2 problems')`, () => {
      const forms = pluralForms(lang);
      const problems = namespaces().flatMap((ns) => {
        const strings = new Map(flatten(loadNamespace(lang, ns)));
        const counted = [...strings].filter(([, text]) => text.includes('{{count}}'));
        const plurals = [...strings.keys()].filter((key) =>
          /_(zero|one|two|few|many|other)$/.test(key),
        );
        return [
          // A count shown in a string without plural forms reads '1 problems' somewhere.
          ...counted
            .filter(([key]) => !forms.some((suffix) => key.endsWith(suffix)))
            .map(([key]) => `${ns}:${key} has {{count}} but no plural forms`),
          // A plural key needs every form the language uses.
          ...plurals
            .map((key) => key.replace(/_[a-z]+$/, ''))
            .filter((base) => forms.some((suffix) => !strings.has(`${base}${suffix}`)))
            .map((base) => `${ns}:${base} lacks one of ${forms.join(', ')}`),
        ];
      });
      expect([...new Set(problems)]).toEqual([]);
    });
  }
});
