import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * `patches/` fixes bugs in dependencies until upstream releases carry the fix; `npm install` applies
 * them (postinstall: patch-package). Without the postgres.js one, a PostgreSQL restart can kill a
 * server process (a write queued on a closed connection throws outside any promise).
 */
describe('dependency patches', () => {
  it.each([
    'node_modules/postgres/src/connection.js',
    'node_modules/postgres/cjs/src/connection.js',
  ])('are applied to %s', (file) => {
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('if (!socket) {');
    expect(source).toContain('chunk = nextWriteTimer = null\n    socket.removeListener');
  });
});
