import { config } from 'zod/v4';

/**
 * The client's `zod` (vite.config.ts points the bare import here). Zod compiles object parsers
 * with `new Function` once a probe finds eval allowed; the server's Content-Security-Policy forbids
 * eval, and Chromium reports even the caught probe as a violation. Set here, between zod and every
 * module that imports it, the switch is on before any schema is built, whatever the chunking.
 */
config({ jitless: true });

export * from 'zod/v4';
export { default } from 'zod/v4';
