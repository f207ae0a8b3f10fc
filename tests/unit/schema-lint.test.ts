import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { buildSchema, NoDeprecatedCustomRule, parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const LINTER = path.join(ROOT, 'node_modules/graphql-schema-linter/lib/cli.js');

interface LintAnswer {
  errors: { message: string; location: { line: number }; rule: string }[];
}

/** graphql-schema-linter with the rules and exceptions in package.json's `graphql-schema-linter`. */
async function lint(): Promise<LintAnswer> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [LINTER, '--format', 'json'], {
      cwd: ROOT,
    });
    return JSON.parse(stdout) as LintAnswer;
  } catch (error) {
    // It exits 1 when it finds something, with its findings on stdout.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as LintAnswer;
  }
}

describe('the GraphQL schema as a third-party developer reads it', () => {
  it('describes every type, field, argument and enum value, in camelCase, with Relay connections', async () => {
    const { errors } = await lint();
    expect(errors.map((error) => `${error.location.line}: ${error.message}`)).toEqual([]);
  }, 60_000);
});

describe('the web client as a user of that schema', () => {
  it('asks for no deprecated field or argument, so it reads the contract third parties are asked to', () => {
    const schema = buildSchema(readFileSync(path.join(ROOT, 'schema/schema.graphql'), 'utf8'));
    const documents = readdirSync(path.join(ROOT, 'client/src'), { recursive: true })
      .map(String)
      .filter((file) => file.endsWith('.graphql'))
      .map((file) => readFileSync(path.join(ROOT, 'client/src', file), 'utf8'));
    const uses = validate(schema, parse(documents.join('\n')), [NoDeprecatedCustomRule]);
    expect(uses.map((use) => use.message)).toEqual([]);
  });
});
