import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { MESSAGE_NAMESPACES } from '@rules';
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

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'gql' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every literal `t('ns:key')` in the client; the project rule is that keys always name their namespace. */
function usedKeys(): { ns: string; key: string; file: string }[] {
  return sourceFiles(path.join(ROOT, 'client/src')).flatMap((file) => {
    const text = readFileSync(file, 'utf8');
    return [...text.matchAll(/\bt\(\s*['"`]([\w-]+):([\w.-]+)['"`]/g)].map((match) => ({
      ns: match[1]!,
      key: match[2]!,
      file: path.relative(ROOT, file),
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
            return lookup(loadNamespace(lang, ns), key) === undefined;
          } catch {
            return true;
          }
        })
        .map(({ ns, key, file }) => `${ns}:${key} (${file})`);
      expect([...new Set(missing)]).toEqual([]);
    });

    it(`translates every server message in ${lang}`, () => {
      const missing = Object.entries(MESSAGE_NAMESPACES).flatMap(([ns, messages]) =>
        Object.keys(messages)
          .filter((key) => !lookup(loadNamespace(lang, ns), `errors.${key}`))
          .map((key) => `${ns}:errors.${key}`),
      );
      expect(missing).toEqual([]);
    });
  }

  it('words server messages in English exactly as the server sends them', () => {
    for (const [ns, messages] of Object.entries(MESSAGE_NAMESPACES)) {
      if (Object.keys(messages).length === 0) continue;
      const english = loadNamespace('en', ns);
      for (const [key, message] of Object.entries(messages)) {
        // i18next interpolation uses {{ }} like the message itself, so the texts are comparable.
        expect(lookup(english, `errors.${key}`), `${ns}:errors.${key}`).toBe(message);
      }
    }
  });

  it('has the same keys in Telugu as in English', () => {
    const flatten = (tree: Tree, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : flatten(value, `${prefix}${key}.`),
      );
    for (const file of readdirSync(path.join(ROOT, 'locales/en'))) {
      const ns = file.replace(/\.json$/, '');
      expect(flatten(loadNamespace('te', ns)).sort(), `locales/te/${file}`).toEqual(
        flatten(loadNamespace('en', ns)).sort(),
      );
    }
  });
});
