import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

/**
 * Puts everything a first visit runs into one chunk (`first-visit`).
 *
 * Left to itself, the bundler splits the shell into about a hundred small chunks: each Mantine
 * component, icon, hook and shared rule that some lazy page also imports gets a chunk of its own,
 * and each chunk is compressed alone, so the first visit paid about 50 KB of brotli for repetition
 * one file compresses away (docs/performance.md, client size).
 *
 * Which modules a first visit runs is a question of bindings, not files: the shell imports
 * `Button` from `@mantine/core`, whose index re-exports every component, and `SpaceDialog` from a
 * feature's index, which also re-exports that feature's pages. Following every import of such an
 * index would put most of the app in the group. So the walk follows names: an import of `Button`
 * from an index goes on to the module that declares `Button`, and only a module whose own code is
 * used brings its imports along (all of them: within a module the walk is no finer than that).
 */

/** An ESTree node, as far as this walk reads it. */
interface Node {
  type: string;
  [key: string]: unknown;
}

/** What a module's own code declares and what it passes on from other modules. */
interface ModuleShape {
  /** Import and re-export sources with the names taken from each ('*': the whole namespace). */
  imports: { source: string; names: string[] }[];
  /** Names the module declares itself (its own code runs when one is used). */
  ownExports: Set<string>;
  /**
   * `export { a as b } from 's'`, or `import { a } from 's'; export { a as b }`: exported name →
   * the source and its name there.
   */
  reExports: Map<string, { source: string; name: string }>;
  /** `export * from 's'` sources. */
  starSources: string[];
}

const nameOf = (node: Node): string =>
  node.type === 'Literal' ? String(node.value) : String(node.name);

/** The names a declaration binds: `a`, or each of `{ a, b: [c, ...d] }`. */
function boundNames(pattern: Node): string[] {
  switch (pattern.type) {
    case 'Identifier':
      return [nameOf(pattern)];
    case 'ObjectPattern':
      return (pattern.properties as Node[]).flatMap((property) =>
        boundNames((property.type === 'RestElement' ? property.argument : property.value) as Node),
      );
    case 'ArrayPattern':
      return (pattern.elements as (Node | null)[]).flatMap((element) =>
        element ? boundNames(element) : [],
      );
    case 'AssignmentPattern':
      return boundNames(pattern.left as Node);
    case 'RestElement':
      return boundNames(pattern.argument as Node);
    default:
      return [];
  }
}

function shapeOf(program: { body: Node[] }): ModuleShape {
  const shape: ModuleShape = {
    imports: [],
    ownExports: new Set(),
    reExports: new Map(),
    starSources: [],
  };
  /** Local names bound by imports: an export of one passes the import on. */
  const importedBindings = new Map<string, { source: string; name: string }>();
  for (const statement of program.body) {
    const source = (statement.source as Node | null | undefined)?.value as string | undefined;
    if (statement.type === 'ImportDeclaration' && source) {
      const names: string[] = [];
      for (const specifier of statement.specifiers as Node[]) {
        const name =
          specifier.type === 'ImportDefaultSpecifier'
            ? 'default'
            : specifier.type === 'ImportNamespaceSpecifier'
              ? '*'
              : nameOf(specifier.imported as Node);
        names.push(name);
        importedBindings.set(nameOf(specifier.local as Node), { source, name });
      }
      shape.imports.push({ source, names });
    } else if (statement.type === 'ExportAllDeclaration' && source) {
      if (statement.exported)
        shape.reExports.set(nameOf(statement.exported as Node), { source, name: '*' });
      else shape.starSources.push(source);
    } else if (statement.type === 'ExportNamedDeclaration') {
      for (const specifier of statement.specifiers as Node[]) {
        const exported = nameOf(specifier.exported as Node);
        const local = nameOf(specifier.local as Node);
        const passedOn = source ? { source, name: local } : importedBindings.get(local);
        if (passedOn) shape.reExports.set(exported, passedOn);
        else shape.ownExports.add(exported);
      }
      const declaration = statement.declaration as Node | null;
      if (declaration?.type === 'VariableDeclaration') {
        for (const declarator of declaration.declarations as Node[]) {
          for (const name of boundNames(declarator.id as Node)) shape.ownExports.add(name);
        }
      } else if (declaration?.id) {
        shape.ownExports.add(nameOf(declaration.id as Node));
      }
    } else if (statement.type === 'ExportDefaultDeclaration') {
      shape.ownExports.add('default');
    }
  }
  return shape;
}

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/gu, '\\$&');

/** A package.json `sideEffects` glob ("*.css", "./dist/polyfill.js") against a file in it. */
function globMatches(pattern: string, fileInPackage: string): boolean {
  const glob = pattern.replace(/^\.\//u, '');
  const target = glob.includes('/') ? fileInPackage : path.basename(fileInPackage);
  const source = glob
    .split('**')
    .map((part) => part.split('*').map(escapeRegExp).join('[^/]*'))
    .join('.*');
  return new RegExp(`^${source}$`, 'u').test(target);
}

const packageSideEffects = new Map<string, unknown>();

/**
 * Whether a dependency's module may do something when loaded, as its package.json says: the
 * bundler keeps importing such a module for its effects even when no name of it is used.
 */
function dependencyMayHaveEffects(id: string): boolean {
  const match = /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/](.*)$/u.exec(id);
  if (!match) return true;
  const [, root, file] = match as unknown as [string, string, string];
  if (!packageSideEffects.has(root)) {
    const manifest = path.join(root, 'package.json');
    packageSideEffects.set(
      root,
      existsSync(manifest)
        ? (JSON.parse(readFileSync(manifest, 'utf8')) as { sideEffects?: unknown }).sideEffects
        : undefined,
    );
  }
  const declared = packageSideEffects.get(root);
  if (declared === false) return false;
  if (Array.isArray(declared)) {
    return declared.some(
      (glob) => typeof glob === 'string' && globMatches(glob, file.replaceAll('\\', '/')),
    );
  }
  return true;
}

/** Every module `roots` import, directly or not, following files (not names). */
function importClosure(build: Rollup.PluginContext, roots: string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...roots];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(build.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

export function firstVisitChunk(options: {
  /** The app's entry: its imports join the group, the entry itself (it renders the app) not. */
  entry: string;
  /** The page a first visit shows, loaded lazily by the router. */
  firstPage: string;
  /** Entries of other pages: whatever they import stays out, in chunks shared with them. */
  otherEntries: string[];
  /** The app's modules that do nothing when loaded (the build's tree-shaking says the same). */
  isSideEffectFree: (id: string) => boolean;
}) {
  let grouped = new Set<string>();
  const plugin: Plugin = {
    name: 'bumps:first-visit-chunk',
    apply: 'build',
    async buildEnd() {
      const shapes = new Map<string, ModuleShape | null>();
      const shape = (id: string) => {
        if (!shapes.has(id)) {
          const code = this.getModuleInfo(id)?.code;
          let parsed: ModuleShape | null = null;
          // Modules that are not JavaScript (styles, JSON) or not ES modules (CommonJS: no import
          // or export statement) have no shape: any use of one uses it whole, with its imports.
          if (code && /\.[cm]?[jt]sx?$/u.test(id.split('?')[0]!)) {
            try {
              parsed = shapeOf(this.parse(code) as unknown as { body: Node[] });
            } catch {
              parsed = null;
            }
            const isCommonJs =
              parsed &&
              parsed.imports.length === 0 &&
              parsed.ownExports.size === 0 &&
              parsed.reExports.size === 0 &&
              parsed.starSources.length === 0;
            if (isCommonJs) parsed = null;
          }
          shapes.set(id, parsed);
        }
        return shapes.get(id)!;
      };
      const resolved = new Map<string, string | null>();
      const resolve = async (source: string, importer: string) => {
        const key = `${importer}\0${source}`;
        if (!resolved.has(key)) {
          const result = await this.resolve(source, importer);
          resolved.set(key, result && !result.external ? result.id : null);
        }
        return resolved.get(key)!;
      };

      const used = new Set<string>();
      const asked = new Set<string>();
      const useModule = async (id: string): Promise<void> => {
        if (used.has(id)) return;
        used.add(id);
        const own = shape(id);
        if (!own) {
          for (const imported of this.getModuleInfo(id)?.importedIds ?? [])
            await useModule(imported);
          return;
        }
        for (const { source, names } of own.imports) {
          const target = await resolve(source, id);
          if (!target) continue;
          if (names.length === 0) await useModule(target);
          for (const name of names) await useExport(target, name);
        }
      };
      const useExport = async (id: string, name: string): Promise<void> => {
        const key = `${id}\0${name}`;
        if (asked.has(key)) return;
        asked.add(key);
        const own = shape(id);
        // A module that may have side effects runs when anything reaches it, even one only passing
        // a name on: the bundler keeps an import of it for its effects.
        const mayHaveEffects = /[\\/]node_modules[\\/]/u.test(id)
          ? dependencyMayHaveEffects(id)
          : !options.isSideEffectFree(id);
        if (mayHaveEffects) await useModule(id);
        if (!own || name === '*') {
          await useModule(id);
          if (own) {
            for (const exported of own.reExports.keys()) await useExport(id, exported);
            for (const source of own.starSources) {
              const target = await resolve(source, id);
              if (target) await useExport(target, '*');
            }
          }
          return;
        }
        if (own.ownExports.has(name)) return useModule(id);
        const reExport = own.reExports.get(name);
        if (reExport) {
          const target = await resolve(reExport.source, id);
          if (target) await useExport(target, reExport.name);
          return;
        }
        let found = false;
        for (const source of own.starSources) {
          const target = await resolve(source, id);
          if (target && (await exportsName(target, name))) {
            found = true;
            await useExport(target, name);
          }
        }
        // A name the walk cannot place (a shape it does not read): use the whole module, so the
        // group never misses a module it needs (a missed one would import the group back).
        if (!found) await useModule(id);
      };
      const exporting = new Map<string, Promise<boolean>>();
      const exportsName = (id: string, name: string): Promise<boolean> => {
        const key = `${id}\0${name}`;
        if (!exporting.has(key)) {
          exporting.set(
            key,
            (async () => {
              const own = shape(id);
              if (!own || own.ownExports.has(name) || own.reExports.has(name)) return true;
              for (const source of own.starSources) {
                const target = await resolve(source, id);
                if (target && (await exportsName(target, name))) return true;
              }
              return false;
            })(),
          );
        }
        return exporting.get(key)!;
      };

      await useModule(options.entry);
      await useModule(options.firstPage);
      const excluded = importClosure(this, options.otherEntries).add(options.entry);
      grouped = new Set([...used].filter((id) => !excluded.has(id)));
    },
  };
  return { plugin, includes: (id: string) => grouped.has(id) };
}
