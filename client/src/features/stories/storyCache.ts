// How story lists live in Apollo's cache. Each list (recent per space, mystories, mydrafts, anonymous)
// is one `stories` query whose first page's variables are fixed here; later pages are appended to it,
// and created, edited, published or live stories are put into (or taken out of) the lists they belong to.
import type { ApolloCache } from '@apollo/client';
import { DEFAULT_PAGE_SIZE, STORY_LISTS } from '@rules';
import {
  StoriesDocument,
  type StoriesQuery,
  type StoriesQueryVariables,
  type StoryCardFragment,
  type StoryListKind,
} from '../../gql/graphql';

export const STORIES_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** The variables of a list's first page: every reader and writer of that list uses exactly these. */
export function listVariables(list: StoryListKind, spaceId: string): StoriesQueryVariables {
  // Only the public feed is per space; the author's own lists span every space.
  return list === 'recent'
    ? { list, spaceId: spaceId || null, first: STORIES_PAGE_SIZE }
    : { list, first: STORIES_PAGE_SIZE };
}

/** Whether a story (as the server now has it) is shown in a list, mirroring the server's filters. */
export function belongsTo(list: StoryListKind, story: StoryCardFragment, spaceId: string): boolean {
  switch (list) {
    case 'recent':
      // An empty active space id means "the viewer's default", which only the server resolves.
      return !story.isDraft && story.isApproved && (!spaceId || story.spaceId === spaceId);
    case 'mystories':
      return !story.isDraft && !story.isAnonymousPost;
    case 'mydrafts':
      return story.isDraft;
    case 'anonymous':
      return !story.isDraft && story.isAnonymousPost;
  }
}

type Page = StoriesQuery['stories'];
type Item = Page['items'][number];

/** Appends a fetched page, skipping stories already shown (a live one may also arrive in a page). */
export function appendPage(previous: Page, next: Page): Page {
  const seen = new Set(previous.items.map((item) => item.id));
  return { ...next, items: [...previous.items, ...next.items.filter((item) => !seen.has(item.id))] };
}

/**
 * Puts a story into a loaded list at its place in the newest-first order, once. A story older than
 * everything loaded is left for a later page when there is one.
 */
export function insertStory(page: Page, story: Item): Page {
  if (page.items.some((item) => item.id === story.id)) return page;
  const at = page.items.findIndex((item) => item.createdAt < story.createdAt);
  if (at === -1) return page.last ? page : { ...page, items: [...page.items, story] };
  return { ...page, items: [...page.items.slice(0, at), story, ...page.items.slice(at)] };
}

export function removeStory(page: Page, id: string): Page {
  return page.items.some((item) => item.id === id)
    ? { ...page, items: page.items.filter((item) => item.id !== id) }
    : page;
}

/** After a create, an edit or a publish: each cached list shows the story if, and only if, it belongs. */
export function syncStoryLists(cache: ApolloCache, story: StoryCardFragment, spaceId: string) {
  for (const list of STORY_LISTS) {
    cache.updateQuery({ query: StoriesDocument, variables: listVariables(list, spaceId) }, (data) => {
      if (!data) return undefined;
      const page = belongsTo(list, story, spaceId)
        ? insertStory(data.stories, story)
        : removeStory(data.stories, story.id);
      return page === data.stories ? undefined : { ...data, stories: page };
    });
  }
}

/** After a delete: the story leaves every list and the single-story cache. */
export function evictStory(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Story', id }) });
  cache.gc();
}
