/**
 * Where the main tabs go, which tab a path belongs to, which spec routes are still to come, and
 * moving focus to a page's main heading.
 */
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
    case 'spaceviews':
    case 'bumpscapes':
    case 'spacemaps':
    case 'storymaps':
    case 'waypoints':
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
  'anonymous',
  'app-versions',
  'apps',
  'bumpscapes',
  'community-guidelines',
  'contactus',
  'dashboard',
  'demograph',
  'dev',
  'elements',
  'emoji',
  'extensions',
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
  'moods',
  'mystories',
  'onboarding',
  'priorities',
  'problem',
  'problem-method',
  'problems',
  'problems-method',
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
  'tags',
  'tagsCloud',
  'technique',
  'video',
  'vr',
  'waypoints',
  'xlsx',
]);

export const isComingSoonPath = (pathname: string) => SPEC_PREFIXES.has(firstSegment(pathname));

/**
 * Navigation state asking the shell to move focus to the new page's main heading, for when the
 * control that had focus goes away with the page it was on (the sign-in form).
 */
export const FOCUS_MAIN = { focusMain: true } as const;

export const asksToFocusMain = (state: unknown) =>
  typeof state === 'object' && state !== null && 'focusMain' in state;

/** Animation frames to wait for a page's heading to render (about half a second). */
const HEADING_WAIT_FRAMES = 30;

/** Moves focus to the main heading of the page shown (or to the main landmark when it has none). */
export function focusMainHeading(framesLeft = HEADING_WAIT_FRAMES) {
  const main = document.querySelector<HTMLElement>('main');
  const heading = main?.querySelector<HTMLElement>('h1, h2');
  if (!heading && framesLeft > 0) {
    requestAnimationFrame(() => focusMainHeading(framesLeft - 1));
    return;
  }
  const target = heading ?? main;
  if (!target) return;
  // Focusable from script only: it stays out of the tab order.
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus();
}
