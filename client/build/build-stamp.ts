import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * `npm start` used to rebuild the client every time (61 of 88 s of a first start, 74 s of the
 * second). The build's output depends only on its input files, so a start builds when their
 * contents differ from those of the last build that finished; otherwise it starts at once.
 *
 * Contents, not modification times: a checkout, a copy or an editor's save-without-change moves
 * mtimes without changing what the build would produce, and an mtime can go backwards.
 */

/** What a build reads, relative to the repository root, and what it writes among them. */
export interface BuildInputs {
  /** Files and folders the build reads (a missing one counts as empty). */
  include: readonly string[];
  /** Paths under `include` the build itself writes (generated code): left out. */
  exclude: readonly string[];
}

/**
 * `npm run build`: the schema is emitted from the server's classes (`server/src`, with the
 * enums of `schema/rules`), codegen reads it with the client's documents, and Vite bundles the
 * client, its texts and the shared rules with the installed packages.
 */
export const CLIENT_BUILD_INPUTS: BuildInputs = {
  include: [
    'client',
    'locales',
    'schema',
    'server/src',
    'codegen.ts',
    'package-lock.json',
    'patches',
    'tsconfig.json',
  ],
  exclude: ['schema/schema.graphql', 'client/src/gql'],
};

function filesUnder(root: string, relative: string, excluded: ReadonlySet<string>): string[] {
  if (excluded.has(relative)) return [];
  return readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) return filesUnder(root, child, excluded);
    return entry.isFile() && !excluded.has(child) ? [child] : [];
  });
}

/** A hash of every input file's path and contents, in a fixed order. */
export function fingerprint(root: string, inputs: BuildInputs): string {
  const excluded = new Set(inputs.exclude);
  const files = inputs.include.flatMap((relative) => {
    const stat = statSync(path.join(root, relative), { throwIfNoEntry: false });
    if (!stat) return [];
    return stat.isDirectory() ? filesUnder(root, relative, excluded) : [relative];
  });
  const hash = createHash('sha256');
  for (const file of [...new Set(files)].sort()) {
    const contents = readFileSync(path.join(root, file));
    // Lengths first, so no two different sets of files hash the same bytes.
    hash.update(`${file.length}:${file}:${contents.length}:`).update(contents);
  }
  return hash.digest('hex');
}

export interface BuildIfStaleOptions {
  root: string;
  inputs: BuildInputs;
  /** Where the fingerprint of the last finished build is kept. */
  stampFile: string;
  /** A file the build writes: when it is missing, the build runs whatever the stamp says. */
  output: string;
  build: () => void;
}

/**
 * Runs `build` unless the inputs are what the last finished build read and its output is there.
 * The stamp holds the fingerprint taken before the build started, so a file edited while it ran
 * makes the next start build again; a failed build (it throws) writes no stamp.
 */
export function buildIfStale({ root, inputs, stampFile, output, build }: BuildIfStaleOptions) {
  const before = fingerprint(root, inputs);
  const stamped = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (stamped === before && existsSync(output)) return 'fresh' as const;
  build();
  mkdirSync(path.dirname(stampFile), { recursive: true });
  writeFileSync(stampFile, `${before}\n`);
  return 'built' as const;
}
