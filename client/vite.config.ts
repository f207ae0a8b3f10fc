import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

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

/**
 * The client lives in client/, but reads locales/ and schema/rules/ from the repository root.
 * Two pages: the app (index.html) and the self-hosted GraphiQL (graphiql.html), served by the server.
 */
export default defineConfig({
  root: here('.'),
  plugins: [react(), precompress()],
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
    // GraphiQL ships the Monaco editor: a large chunk, loaded only on /graphiql.
    chunkSizeWarningLimit: 6000,
    rollupOptions: {
      input: { main: here('index.html'), graphiql: here('graphiql.html') },
      // GraphiQL's packages carry "use no memo" directives meant for the React compiler: harmless.
      onwarn(warning, warn) {
        if (warning.code === 'MODULE_LEVEL_DIRECTIVE') return;
        warn(warning);
      },
    },
  },
});
