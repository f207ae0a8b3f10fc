import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Habit 1 of STYLE.md: only services (and db/) touch Drizzle. */
const THIN_TRANSPORT =
  "Resolvers and REST handlers don't query: put the query in the module's *.service.ts and call it.";

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
);
