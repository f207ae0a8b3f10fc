import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildIfStale, type BuildInputs } from '../../client/build/build-stamp';

/** `npm start` builds the client only when what the build reads has changed (issue 24, item 14). */
describe('buildIfStale', () => {
  const inputs: BuildInputs = { include: ['src', 'config.ts'], exclude: ['src/generated'] };
  let root: string;
  let builds: number;

  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };
  /** A build that writes its output and a generated file among its inputs, as codegen does. */
  const build = () => {
    builds += 1;
    write('dist/index.html', `<html>${builds}</html>`);
    write('src/generated/types.ts', `export const build = ${builds};`);
  };
  const start = () =>
    buildIfStale({
      root,
      inputs,
      stampFile: path.join(root, 'dist/stamp'),
      output: path.join(root, 'dist/index.html'),
      build,
    });

  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'build-stamp-'));
    builds = 0;
    write('src/main.ts', 'export {};');
    write('config.ts', 'export default {};');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('builds on the first start and not on the next one', () => {
    expect(start()).toBe('built');
    expect(start()).toBe('fresh');
    expect(builds).toBe(1);
  });

  it('builds again when a source or a single-file input changes, or a new file appears', () => {
    start();
    write('src/main.ts', 'export const changed = true;');
    expect(start()).toBe('built');
    write('config.ts', 'export default { changed: true };');
    expect(start()).toBe('built');
    write('src/deep/new.ts', 'export {};');
    expect(start()).toBe('built');
    expect(start()).toBe('fresh');
  });

  it('does not rebuild for a file saved with the same contents, or for files the build writes', () => {
    start();
    write('src/main.ts', 'export {};');
    write('src/generated/types.ts', 'edited by hand');
    expect(start()).toBe('fresh');
  });

  it('builds when the output is gone, whatever the stamp says', () => {
    start();
    rmSync(path.join(root, 'dist/index.html'));
    expect(start()).toBe('built');
  });

  it('builds again after a build that failed', () => {
    start();
    write('src/main.ts', 'broken');
    const failing = () => {
      throw new Error('build failed');
    };
    expect(() =>
      buildIfStale({
        root,
        inputs,
        stampFile: path.join(root, 'dist/stamp'),
        output: path.join(root, 'dist/index.html'),
        build: failing,
      }),
    ).toThrow('build failed');
    expect(start()).toBe('built');
  });
});
