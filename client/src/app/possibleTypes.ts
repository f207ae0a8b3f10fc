/**
 * The types behind each GraphQL interface that fragments spread on (`...PostFields` on `Post`), so
 * the Apollo cache matches those fragments exactly; tests/unit/possible-types.test.ts keeps it in
 * step with schema/schema.graphql.
 */
export const POSSIBLE_TYPES: Record<string, string[]> = {
  Post: ['Story', 'Problem', 'Solution', 'Skill'],
};
