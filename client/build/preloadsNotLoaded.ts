import type { Plugin, Rollup } from 'vite';

/**
 * Preload lists without what the importing chunk has loaded already. A lazy import's list names
 * every chunk the imported page needs, including those its importer imports statically, which
 * ran before the importer itself: preloading them again does nothing, yet each one costs bytes
 * in the chunk holding the import. The first visit holds the route table, whose lists name
 * React, the runtime and the shell's chunks for every page (docs/performance.md, client size).
 *
 * Vite asks `resolveDependencies` while it writes the lists (its own `generateBundle`); the
 * plugin's `generateBundle`, ordered first, keeps the bundle so the importer's static imports can
 * be followed.
 */
export function preloadsNotLoaded() {
  let bundle: Rollup.OutputBundle | null = null;
  const loaded = new Map<string, Set<string>>();

  /** `file` and every chunk it imports statically, transitively. */
  const loadedWith = (file: string): Set<string> => {
    const known = loaded.get(file);
    if (known) return known;
    const closure = new Set<string>();
    const queue = [file];
    while (queue.length) {
      const next = queue.pop()!;
      if (closure.has(next)) continue;
      closure.add(next);
      const chunk = bundle?.[next];
      if (chunk?.type === 'chunk') queue.push(...chunk.imports);
    }
    loaded.set(file, closure);
    return closure;
  };

  const plugin: Plugin = {
    name: 'bumps:preloads-not-loaded',
    apply: 'build',
    generateBundle: {
      order: 'pre',
      handler(_options, output) {
        bundle = output;
        loaded.clear();
      },
    },
  };
  const resolveDependencies = (
    _file: string,
    deps: string[],
    { hostId }: { hostId: string; hostType: 'html' | 'js' },
  ) => (bundle ? deps.filter((dep) => !loadedWith(hostId).has(dep)) : deps);
  return { plugin, resolveDependencies };
}
