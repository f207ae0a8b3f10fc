import { useQuery } from '@apollo/client/react';
import { useDebouncedValue } from '@mantine/hooks';
import { useActiveSpace } from '../../app/useActiveSpace';
import { AutocompleteDocument, type AutocompleteCollection } from '../../gql/graphql';

/** Suggestions for typed text (tags of the active space, or participants); none for empty text. */
export function useSuggestions(text: string, collection: AutocompleteCollection) {
  const { spaceId } = useActiveSpace();
  const [debounced] = useDebouncedValue(text.trim(), 200);
  const { data, previousData } = useQuery(AutocompleteDocument, {
    variables: { searchParam: debounced, collection, spaceId: spaceId || null },
    skip: debounced.replace(/^[#@]+/u, '') === '',
  });
  if (!debounced) return [];
  return (data ?? previousData)?.autocomplete ?? [];
}
