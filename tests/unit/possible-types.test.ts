import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gql, InMemoryCache } from '@apollo/client';
import { buildSchema, isAbstractType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { POSSIBLE_TYPES } from '../../client/src/app/possibleTypes';

/** The cache's possibleTypes, which fragments on interfaces (`...PostFields`) need to match. */

const schema = buildSchema(
  readFileSync(path.resolve(import.meta.dirname, '../../schema/schema.graphql'), 'utf8'),
);

describe("the client cache's possibleTypes", () => {
  it('list every interface of the schema with exactly the types implementing it', () => {
    const fromSchema = Object.fromEntries(
      Object.values(schema.getTypeMap())
        .filter(isAbstractType)
        .map((type) => [type.name, schema.getPossibleTypes(type).map((member) => member.name)]),
    );
    const sorted = (map: Record<string, string[]>) =>
      Object.fromEntries(Object.entries(map).map(([name, types]) => [name, [...types].sort()]));
    expect(sorted(POSSIBLE_TYPES)).toEqual(sorted(fromSchema));
  });

  it('let a card fragment read the post fields it takes from the Post interface', () => {
    const cache = new InMemoryCache({ possibleTypes: POSSIBLE_TYPES });
    const query = gql`
      query Skill($id: ID!) {
        skill(id: $id) {
          ...SkillBits
        }
      }
      fragment SkillBits on Skill {
        name
        ...PostBits
      }
      fragment PostBits on Post {
        id
        canEdit
      }
    `;
    const skill = { __typename: 'Skill', id: 's1', name: 'Welding', canEdit: true };
    cache.writeQuery({ query, variables: { id: 's1' }, data: { skill } });
    expect(cache.readQuery({ query, variables: { id: 's1' } })).toEqual({ skill });
  });
});
