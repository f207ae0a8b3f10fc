import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SCHEMA_FILE, printAppSchema } from '../../server/src/graphql/emit-schema';

describe('schema/schema.graphql', () => {
  it('matches the schema the resolvers build (run `npm run schema` when this fails)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const built = await printAppSchema();
    expect(
      committed,
      'schema/schema.graphql is stale: run `npm run schema` and commit the result',
    ).toBe(built);
  });
});
