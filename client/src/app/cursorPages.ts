/**
 * How the cache holds the keyset-paged lists (`{ items, last }` or `{ items, nextCursor }`): one
 * entry per list whatever page was fetched last, so `fetchMore({ variables: { after } })` appends.
 */
import { isReference, type FieldPolicy } from '@apollo/client';

interface CursorPage {
  items: unknown[];
}

/** A normalised item's cache id; items without one (no `id`) are never taken for repeats. */
const cacheIdOf = (item: unknown) => (isReference(item) ? item.__ref : undefined);

/**
 * A page field: every argument but `after` names the list. A page fetched `after` a cursor joins
 * the end of the held items, without one already held (a live insert may also come in a page);
 * any other write (the first page, a refetch, a cache update after a mutation) replaces them.
 */
export function cursorPage(): FieldPolicy<CursorPage> {
  return {
    // Sorted: the key must not depend on the order a query document lists the arguments in.
    keyArgs: (args) =>
      Object.keys(args ?? {})
        .filter((name) => name !== 'after')
        .sort(),
    merge(existing, incoming, { args }) {
      if (!existing || !args?.['after']) return incoming;
      const held = new Set(existing.items.map(cacheIdOf));
      return {
        ...incoming,
        items: [
          ...existing.items,
          ...incoming.items.filter((item) => {
            const id = cacheIdOf(item);
            return id === undefined || !held.has(id);
          }),
        ],
      };
    },
  };
}

/** The root fields whose lists load more (chat history pages its own way). */
const PAGED_QUERY_FIELDS = [
  'adminSpaces',
  'adminUsers',
  'alertProblems',
  'comments',
  'countrySpaces',
  'followers',
  'followingPeople',
  'impacted',
  'manageUsers',
  'myBookmarks',
  'myReactions',
  'myReports',
  'mySpaces',
  'notifications',
  'participants',
  'pendingPosts',
  'personProblems',
  'personSkills',
  'personSolutions',
  'personSolving',
  'personStories',
  'problems',
  'progressMaps',
  'reactions',
  'replies',
  'reportQueue',
  'skillMembers',
  'skills',
  'solutionVoters',
  'solutions',
  'spaceMedia',
  'stories',
  'tagProblems',
  'tagProfiles',
  'tagSolutions',
  'tags',
  'waypoints',
] as const;

export const pagedQueryFields: Record<string, FieldPolicy<CursorPage>> = Object.fromEntries(
  PAGED_QUERY_FIELDS.map((field) => [field, cursorPage()]),
);
