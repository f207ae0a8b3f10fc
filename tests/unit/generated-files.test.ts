import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import codegenConfig from '../../codegen';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('generated client types', () => {
  it('match the committed schema and operations (run `npm run codegen` when this fails)', async () => {
    const outputs = (await generate({ ...codegenConfig, cwd: ROOT, silent: true }, false)) as {
      filename: string;
      content: string;
    }[];
    const generatedDir = path.join(ROOT, 'client/src/gql');
    const expected = new Map(
      outputs.map((output) => [path.resolve(ROOT, output.filename), output.content]),
    );
    const onDisk = readdirSync(generatedDir).map((name) => path.join(generatedDir, name));
    expect(onDisk.sort()).toEqual([...expected.keys()].sort());
    for (const [file, content] of expected) {
      expect(
        readFileSync(file, 'utf8'),
        `${path.relative(ROOT, file)} is stale: run npm run codegen`,
      ).toBe(content);
    }
  }, 60_000);
});
