import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Habit 1 of STYLE.md: only services (and db/) touch Drizzle. */
const THIN_TRANSPORT =
  "Resolvers and REST handlers don't query: put the query in the module's *.service.ts and call it.";

/**
 * Forbids reaching into another feature's files from a file `up` below client/src/features
 * ('../' from a feature's own folder): `${up}problems/ProblemCard` must be `${up}problems`.
 */
const featureBoundary = (up) => ({
  patterns: [
    {
      regex: `^${up.replaceAll('.', '\\.')}(?!\\.\\.?/)[^/]+/.+`,
      message: "Import another feature through its index.ts (e.g. '../problems'), not its files.",
    },
  ],
});

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'test-data/**', 'client/src/gql/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Thin transport: resolvers and REST handlers parse, call one service and present.
    files: ['server/src/**/*.resolver.ts', 'server/src/**/*.rest.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              message: THIN_TRANSPORT,
            },
            {
              group: ['**/db/client', '**/db/schema', '**/db/schema/*'],
              allowTypeImports: true,
              message: THIN_TRANSPORT,
            },
          ],
        },
      ],
    },
  },
  {
    files: ['client/src/**/*.tsx', 'client/src/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // A feature uses another only through its index.ts (what it offers others); within a feature,
  // files import each other directly. The app shell mounts each feature's routes.ts.
  {
    files: ['client/src/features/*/*.ts', 'client/src/features/*/*.tsx'],
    rules: { 'no-restricted-imports': ['error', featureBoundary('../')] },
  },
  {
    files: ['client/src/features/*/*/*.ts', 'client/src/features/*/*/*.tsx'],
    rules: { 'no-restricted-imports': ['error', featureBoundary('../../')] },
  },
);
