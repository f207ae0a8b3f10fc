/** Where the main tabs go, which tab a path belongs to, and which spec routes are still to come. */
export type MainTab = 'perspectives' | 'problems' | 'progress';

export const TAB_PATHS: Record<MainTab, string> = {
  perspectives: '/stories/recent',
  problems: '/problems/recent',
  progress: '/graphviews',
};

const firstSegment = (pathname: string) => pathname.split('/').filter(Boolean)[0] ?? '';

/** The active tab follows the first path segment. */
export function tabForPath(pathname: string): MainTab | null {
  switch (firstSegment(pathname)) {
    case 'stories':
    case 'story':
      return 'perspectives';
    case 'problems':
    case 'problem':
      return 'problems';
    case 'graphviews':
      return 'progress';
    default:
      return null;
  }
}

/**
 * Top-level routes of the spec (000 §2) that later issues build. A path under one of them shows
 * 'coming soon'; any other unknown path is a 404.
 */
const SPEC_PREFIXES = new Set([
  '403',
  'about',
  'aboutus',
  'activity',
  'admin',
  'aichat',
  'anonymous',
  'app-versions',
  'apps',
  'benefits',
  'bookmarks',
  'bumpscapes',
  'chat',
  'community-guidelines',
  'contactus',
  'dashboard',
  'demograph',
  'dev',
  'elements',
  'emoji',
  'extensions',
  'following',
  'graph3d',
  'graphviews',
  'help',
  'info',
  'intro',
  'kanban',
  'language',
  'languagetags',
  'legal',
  'list',
  'location',
  'manage',
  'moods',
  'myreports',
  'mystories',
  'network',
  'notifications',
  'onboarding',
  'pdf',
  'pricing',
  'priorities',
  'problem',
  'problem-method',
  'problems',
  'problems-method',
  'reactions',
  'reports',
  'reportsTable',
  'scanner',
  'settings',
  'shared',
  'skill',
  'skills',
  'solution',
  'solutions',
  'space',
  'spacemaps',
  'spaces',
  'spaceviews',
  'spreadsheet',
  'stories',
  'story',
  'storymaps',
  'stripe',
  'subscriptions',
  'tags',
  'tagsCloud',
  'technique',
  'video',
  'vr',
  'waypoints',
  'xlsx',
]);

export const isComingSoonPath = (pathname: string) => SPEC_PREFIXES.has(firstSegment(pathname));
