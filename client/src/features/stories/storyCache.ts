// How story lists live in Apollo's cache. Each list (recent per space, mystories, mydrafts, anonymous)
// is one `stories` query whose first page's variables are fixed here; later pages are appended to it,
// and created, edited, published or live stories are put into (or taken out of) the lists they belong to.
import type { ApolloCache } from '@apollo/client';
import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_TIME_RANGE,
  STORY_LISTS,
  type DistanceFilter,
  type TimeRange,
} from '@rules';
import { localEdge } from '../../app/cursorPages';
import {
  StoriesDocument,
  type StoriesQuery,
  type StoriesQueryVariables,
  type StoryCardFragment,
  type StoryListKind,
  type StorySort,
} from '../../gql/graphql';

export const STORIES_PAGE_SIZE = DEFAULT_PAGE_SIZE;

/** What narrows a list beyond its kind: a problem's stories, a sort, a time range. */
export interface StoryListOptions {
  problemId?: string | null;
  orderBy?: StorySort;
  timeRange?: TimeRange;
  /** A custom window's bounds (ISO), with timeRange 'custom'. */
  startDate?: string | null;
  endDate?: string | null;
  /** Only stories with one of these tags (a tag page). */
  tags?: string[];
  /** Nearby: only located stories within NEARBY_RADIUS_KM of `position`. */
  distance?: DistanceFilter;
  /** The reader's position, for the location sort and Nearby. */
  position?: { lat: number; lng: number } | null;
}

/** The variables of a list's first page: every reader and writer of that list uses exactly these. */
export function listVariables(
  list: StoryListKind,
  spaceId: string,
  options: StoryListOptions = {},
): StoriesQueryVariables {
  if (options.problemId)
    return {
      list: 'recent',
      problemId: options.problemId,
      first: STORIES_PAGE_SIZE,
    };
  // Only the public feeds are per space; the author's own lists span every space.
  const base: StoriesQueryVariables =
    list === 'recent' || list === 'following'
      ? { list, spaceId: spaceId || null, first: STORIES_PAGE_SIZE }
      : { list, first: STORIES_PAGE_SIZE };
  // Defaults stay out of the variables, so the default list is the one the mutations update.
  if (options.orderBy && options.orderBy !== 'recent') base.orderBy = options.orderBy;
  if (options.timeRange && options.timeRange !== DEFAULT_TIME_RANGE)
    base.timeRange = options.timeRange;
  if (options.startDate) base.startDate = options.startDate;
  if (options.endDate) base.endDate = options.endDate;
  if (options.tags?.length) base.tags = options.tags;
  const byPlace = options.orderBy === 'location' || options.distance === 'nearby';
  if (byPlace && options.position)
    base.position = { lat: options.position.lat, lng: options.position.lng };
  if (options.distance === 'nearby') base.distance = options.distance;
  return base;
}

/** Whether a story (as the server now has it) is shown in a list, mirroring the server's filters. */
export function belongsTo(
  list: StoryListKind,
  story: StoryCardFragment,
  spaceId: string,
  problemId: string | null = null,
): boolean {
  if (problemId) return !story.isDraft && story.isApproved && story.problemId === problemId;
  switch (list) {
    case 'recent':
      // An empty active space id means "the viewer's default", which only the server resolves.
      return (
        !story.isDraft &&
        story.isApproved &&
        !story.problemId &&
        (!spaceId || story.spaceId === spaceId)
      );
    case 'following':
      // Which tags the viewer follows is the server's to know: the list refetches on each visit.
      return false;
    case 'mystories':
      return !story.isDraft && !story.isAnonymousPost;
    case 'mydrafts':
      return story.isDraft;
    case 'anonymous':
      return !story.isDraft && story.isAnonymousPost;
  }
}

type Page = StoriesQuery['stories'];
type Item = Page['edges'][number]['node'];

/**
 * Puts a story into a loaded list at its place in the newest-first order, once. A story older than
 * everything loaded is left for a later page when there is one.
 */
export function insertStory(page: Page, story: Item): Page {
  if (page.edges.some((edge) => edge.node.id === story.id)) return page;
  const edge = localEdge('StoryEdge', story);
  const at = page.edges.findIndex((held) => held.node.createdAt < story.createdAt);
  if (at === -1)
    return page.pageInfo.hasNextPage ? page : { ...page, edges: [...page.edges, edge] };
  return {
    ...page,
    edges: [...page.edges.slice(0, at), edge, ...page.edges.slice(at)],
  };
}

export function removeStory(page: Page, id: string): Page {
  return page.edges.some((edge) => edge.node.id === id)
    ? { ...page, edges: page.edges.filter((edge) => edge.node.id !== id) }
    : page;
}

/** After a create, an edit or a publish: each cached list shows the story if, and only if, it belongs. */
export function syncStoryLists(cache: ApolloCache, story: StoryCardFragment, spaceId: string) {
  if (story.problemId) {
    const variables = listVariables('recent', spaceId, {
      problemId: story.problemId,
    });
    cache.updateQuery({ query: StoriesDocument, variables }, (data) => {
      if (!data) return undefined;
      const page = belongsTo('recent', story, spaceId, story.problemId)
        ? insertStory(data.stories, story)
        : removeStory(data.stories, story.id);
      return page === data.stories ? undefined : { ...data, stories: page };
    });
  }
  for (const list of STORY_LISTS) {
    cache.updateQuery(
      { query: StoriesDocument, variables: listVariables(list, spaceId) },
      (data) => {
        if (!data) return undefined;
        const page = belongsTo(list, story, spaceId)
          ? insertStory(data.stories, story)
          : removeStory(data.stories, story.id);
        return page === data.stories ? undefined : { ...data, stories: page };
      },
    );
  }
}

/** After a delete: the story leaves every list and the single-story cache. */
export function evictStory(cache: ApolloCache, id: string) {
  cache.evict({ id: cache.identify({ __typename: 'Story', id }) });
  cache.gc();
}
