import { registerEnumType } from 'type-graphql';

/** An enum object as type-graphql takes it: each value named by itself. */
export type EnumOf<V extends string> = { readonly [K in V]: K };

/** What each value of an enum means to an API user; a value without one does not compile. */
export type EnumValueDescriptions<V extends string> = { readonly [K in V]: string };

/**
 * A GraphQL enum whose values are a list from `@rules`, so the schema, the services' zod
 * schemas and the client's selects read the one list. Use it as a value (`SkillListKind.public`,
 * `@Field(() => SkillListKind)`) and declare its type beside it as the list's element type.
 * The API's users read `description` and `values` in the schema (issue 26).
 */
export function enumOf<const V extends string>(
  name: string,
  values: readonly V[],
  description: string,
  valueDescriptions: EnumValueDescriptions<NoInfer<V>>,
): EnumOf<V> {
  const members = Object.fromEntries(values.map((value) => [value, value])) as EnumOf<V>;
  const valuesConfig: { [K in V]?: { description: string } } = {};
  for (const value of values) valuesConfig[value] = { description: valueDescriptions[value] };
  registerEnumType(members, { name, description, valuesConfig });
  return members;
}

/** The type of an `enumOf` enum's values: `export type X = ValueOf<typeof X>`. */
export type ValueOf<E> = E[keyof E];
