/**
 * `npm start`'s first step: `npm run build` when the client's sources changed since the last
 * build that finished, otherwise nothing (see build-stamp.ts).
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale, CLIENT_BUILD_INPUTS } from './build-stamp';

const root = path.resolve(import.meta.dirname, '../..');
const started = Date.now();
const outcome = buildIfStale({
  root,
  inputs: CLIENT_BUILD_INPUTS,
  stampFile: path.join(root, 'dist/client-build.stamp'),
  output: path.join(root, 'dist/client/index.html'),
  build: () => execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' }),
});
if (outcome === 'fresh') {
  console.log(`client is up to date with its sources (checked in ${Date.now() - started} ms)`);
}
