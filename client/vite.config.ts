import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const serverPort = process.env.PORT ?? '4000';

/**
 * The client lives in client/, but reads locales/ and schema/rules/ from the repository root.
 * Two pages: the app (index.html) and the self-hosted GraphiQL (graphiql.html), served by the server.
 */
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    alias: [{ find: /^@rules$/, replacement: here('../schema/rules/index.ts') }],
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
