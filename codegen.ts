import type { CodegenConfig } from '@graphql-codegen/cli';

/** Typed documents for the client from the committed SDL; `npm run codegen` rewrites client/src/gql/. */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.graphql'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/gql/': {
      preset: 'client',
      config: { useTypeImports: true, enumsAsTypes: true, scalars: { DateTimeISO: 'string' } },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
