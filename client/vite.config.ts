import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { firstVisitChunk } from './build/firstVisitChunk';
import { preloadsNotLoaded } from './build/preloadsNotLoaded';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const serverPort = process.env.PORT ?? '4000';

/** Text-like files worth compressing; images and woff2 fonts are compressed already. */
const COMPRESSIBLE = /\.(html|js|mjs|css|json|svg|map|txt|xml|webmanifest|ttf|otf|ico|wasm)$/;
/** Below about a packet, compressing saves nothing a browser would notice. */
const COMPRESS_MIN_BYTES = 1024;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every compressible file of the build, at the
 * highest levels (once per build, not per request): the server sends the copy the browser accepts
 * (server/src/static-client.ts).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'bumps:precompress',
    apply: 'build',
    async writeBundle(output, bundle) {
      const outDir = output.dir ?? path.dirname(output.file ?? '');
      const files = Object.keys(bundle).filter((name) => COMPRESSIBLE.test(name));
      await Promise.all(
        files.map(async (name) => {
          const file = path.join(outDir, name);
          const content = await readFile(file);
          if (content.length < COMPRESS_MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipped(content, { level: zlib.Z_BEST_COMPRESSION }),
          ]);
          // A copy no smaller than the file is not worth choosing.
          if (br.length < content.length) await writeFile(`${file}.br`, br);
          if (gz.length < content.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

/** The generated documents (`npm run codegen`): one module holding every query of the app. */
const GENERATED_DOCUMENTS = here('src/gql/graphql.ts');
const DOCUMENT_MODULE = 'virtual:gql-document/';
/** An import of values from the generated module: `import { A, B } from '../gql/graphql'`. */
const DOCUMENTS_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])([./]*\/gql\/graphql)\2;?/g;

/**
 * Gives each generated document a module of its own in the build. Every page imports its queries
 * from client/src/gql/graphql.ts, and a module lives in one chunk: the shell's imports would put
 * every query of every page (hundreds of KB of syntax trees) into the first visit. Rewriting those
 * imports to one module per document lets each query ship with the chunk that uses it. Types are
 * untouched (TypeScript still reads the generated file); the documents are the same objects.
 */
function documentPerModule(): Plugin {
  let documents: Map<string, string> | null = null;
  /** `export const XDocument = {…} as unknown as DocumentNode<…>;`, one per line. */
  const readDocuments = async () => {
    const source = await readFile(GENERATED_DOCUMENTS, 'utf8');
    const found = new Map<string, string>();
    for (const match of source.matchAll(/^export const (\w+) = (\{.*\}) as unknown as /gmu)) {
      found.set(match[1]!, match[2]!);
    }
    return found;
  };
  return {
    name: 'bumps:document-per-module',
    apply: 'build',
    async buildStart() {
      documents = await readDocuments();
    },
    transform(code, id) {
      if (!id.startsWith(here('src/')) || id === GENERATED_DOCUMENTS || !documents) return null;
      if (!code.includes('/gql/graphql')) return null;
      const known = documents;
      const rewritten = code.replace(DOCUMENTS_IMPORT, (statement, names: string, quote, from) => {
        const specifiers = names
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const split = specifiers.filter((name) => known.has(name));
        if (split.length === 0) return statement;
        const kept = specifiers.filter((name) => !known.has(name));
        return [
          ...(kept.length > 0
            ? [`import { ${kept.join(', ')} } from ${quote}${from}${quote};`]
            : []),
          ...split.map((name) => `import { ${name} } from '${DOCUMENT_MODULE}${name}';`),
        ].join('\n');
      });
      return rewritten === code ? null : { code: rewritten, map: null };
    },
    resolveId(source) {
      return source.startsWith(DOCUMENT_MODULE) ? `\0${source}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${DOCUMENT_MODULE}`)) return null;
      const name = id.slice(DOCUMENT_MODULE.length + 1);
      const document = documents?.get(name);
      if (!document) throw new Error(`${name} is not a document of ${GENERATED_DOCUMENTS}`);
      return `export const ${name} = ${document};\n`;
    },
  };
}

/** A module of the shared rules (schema/rules/*.ts). */
const RULES_MODULE = /[\\/]schema[\\/]rules[\\/][^\\/]+\.ts$/u;

interface AstNode {
  type: string;
  start: number;
  [key: string]: unknown;
}

const isAstNode = (value: unknown): value is AstNode =>
  typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';

/** Where the calls of an expression start, not looking inside functions (they run later). */
function callStarts(node: AstNode, starts: Set<number>) {
  if (/Function/u.test(node.type)) return;
  if (node.type === 'CallExpression' || node.type === 'NewExpression') starts.add(node.start);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) {
      if (isAstNode(child)) callStarts(child, starts);
    }
  }
}

/**
 * Marks every call in the shared rules' top-level declarations pure. Those modules only declare:
 * limits, messages and the zod validators built from them (`z.string().min(…)`), calls a bundler
 * must otherwise keep in case they do something. Marked, a validator no page uses is dropped, and
 * so is zod, from every chunk whose code only reads a limit or a message.
 */
function pureRules(): Plugin {
  return {
    name: 'bumps:pure-rules',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!RULES_MODULE.test(id)) return null;
      const program = this.parse(code) as unknown as { body: AstNode[] };
      const starts = new Set<number>();
      for (const statement of program.body) {
        const declaration = isAstNode(statement.declaration) ? statement.declaration : statement;
        if (declaration.type !== 'VariableDeclaration') continue;
        for (const declarator of declaration.declarations as AstNode[]) {
          if (isAstNode(declarator.init)) callStarts(declarator.init, starts);
        }
      }
      if (starts.size === 0) return null;
      let marked = code;
      // From the end, so each insertion leaves the earlier offsets where they were.
      for (const start of [...starts].sort((a, b) => b - a)) {
        marked = `${marked.slice(0, start)}/* @__PURE__ */ ${marked.slice(start)}`;
      }
      return { code: marked, map: null };
    },
  };
}

/**
 * The client's own modules, which do nothing when loaded but define (the entry aside, which is
 * always kept). zodWithoutEval.ts is the one exception: it exists for its effect (zod without
 * eval) and only re-exports, so nothing of its own is ever "used".
 */
const SIDE_EFFECT_FREE_CLIENT_MODULE = /[\\/]client[\\/]src[\\/](?!zodWithoutEval\.ts$).+\.tsx?$/u;

/**
 * One chunk holds what a first visit to /stories/recent runs (`/` opens it): the entry's imports
 * and the feed page's. What the GraphiQL page imports too (React and graphql-ws) stays in a chunk
 * both pages share, so GraphiQL never runs the app's modules.
 */
const preloads = preloadsNotLoaded();

const firstVisit = firstVisitChunk({
  entry: here('src/main.tsx'),
  firstPage: here('src/features/stories/StoryFeedPage.tsx'),
  otherEntries: [here('src/graphiql/main.tsx')],
  isSideEffectFree: (id) => RULES_MODULE.test(id) || SIDE_EFFECT_FREE_CLIENT_MODULE.test(id),
});

/**
 * The client lives in client/, but reads locales/ and schema/rules/ from the repository root.
 * Two pages: the app (index.html) and the self-hosted GraphiQL (graphiql.html), served by the server.
 */
export default defineConfig({
  root: here('.'),
  plugins: [
    react(),
    documentPerModule(),
    pureRules(),
    firstVisit.plugin,
    preloads.plugin,
    precompress(),
  ],
  resolve: {
    alias: [
      { find: /^@rules$/, replacement: here('../schema/rules/index.ts') },
      { find: /^zod$/, replacement: here('src/zodWithoutEval.ts') },
    ],
  },
  css: { postcss: here('.') },
  // GraphiQL's worker setup imports Monaco's workers with `?worker`, which the dev pre-bundler
  // cannot load: serve that one module untouched (the production build is unaffected).
  optimizeDeps: {
    exclude: ['graphiql/setup-workers/vite', '@graphiql/react/setup-workers/vite'],
  },
  server: {
    fs: { allow: [here('..')] },
    // `vite --config client/vite.config.ts` next to a running server (npm run dev) proxies the API.
    proxy: {
      '/graphql': { target: `http://localhost:${serverPort}`, ws: true },
      '/api': `http://localhost:${serverPort}`,
      '/apiv1': `http://localhost:${serverPort}`,
      '/uploads': `http://localhost:${serverPort}`,
    },
  },
  build: {
    outDir: here('../dist/client'),
    emptyOutDir: true,
    // .vite/manifest.json maps each source module to its chunk and imports: the JavaScript budget
    // test (tests/integration/client-budget.test.ts) follows it to size a first visit.
    manifest: true,
    modulePreload: { resolveDependencies: preloads.resolveDependencies },
    // GraphiQL ships the Monaco editor: a large chunk, loaded only on /graphiql.
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: { main: here('index.html'), graphiql: here('graphiql.html') },
      // A module none of whose exports is used is left out: the shared rules only declare (see
      // pureRules), and the client's own modules do nothing when loaded but define (the entry
      // aside, which is always kept). Otherwise a feature's index re-exporting a dialog for the
      // shell would bring every other export of that index (a page's list, its queries) along.
      treeshake: {
        moduleSideEffects: [
          { test: RULES_MODULE, sideEffects: false },
          { test: SIDE_EFFECT_FREE_CLIENT_MODULE, sideEffects: false },
        ],
      },
      output: {
        // The group takes exactly the modules the walk found (firstVisitChunk.ts); following their
        // imports instead would follow the barrels' imports, the walk's very reason to exist.
        codeSplitting: {
          groups: [
            {
              name: 'first-visit',
              test: firstVisit.includes,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
      // GraphiQL's packages carry "use no memo" directives meant for the React compiler: harmless.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
