import { readFileSync } from 'node:fs';
import path from 'node:path';
import madge, { type MadgeConfig } from 'madge';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The CLI's settings (`npx madge --circular server/src`): type-only imports are skipped. */
const config = JSON.parse(readFileSync(path.join(ROOT, '.madgerc'), 'utf8')) as MadgeConfig &
  Required<Pick<MadgeConfig, 'tsConfig'>>;

describe.each(['server/src', 'client/src'])('imports in %s', (dir) => {
  it('form no cycle at run time', async () => {
    const graph = await madge(path.join(ROOT, dir), {
      ...config,
      baseDir: path.join(ROOT, dir),
      tsConfig: path.join(ROOT, config.tsConfig),
    });
    const cycles = graph.circular().map((cycle) => cycle.join(' > '));
    expect(cycles, `import cycles in ${dir}:\n${cycles.join('\n')}`).toEqual([]);
  }, 120_000);
});
