/**
 * Share links (spec 000 §2 'Other targets'): the item's route with a `url` parameter holding an
 * encoded payload (target path, space id, space code, space name, private flag). The payload is
 * base64url JSON, defined once here so the link builder and the page that opens it agree. Reading
 * a payload back (it is checked with zod) and the explainer cards' validators live in
 * share.schemas.ts, so building a link does not load zod.
 */
import type { SharePayload } from './share.schemas';

/** The items a share link can name, each with its client route and its path (REST style). */
export type ShareTarget =
  | {
      kind: 'problem' | 'story' | 'solution' | 'skill' | 'person' | 'space' | 'tag' | 'spacemap';
      id: string;
    }
  | { kind: 'problemSolution' | 'recipe'; problemId: string; id: string };

export interface ShareSpace {
  spaceId: string;
  /** Country code, 'ww' for the global space, null for user-created spaces. */
  spaceCode: string | null;
  spaceName: string;
  isPrivate: boolean;
}

/** The query parameter that carries the payload. */
export const SHARE_PARAM = 'url';

const segment = encodeURIComponent;

/** The route a share link opens and the item's path carried in the payload. */
export function shareTargetOf(target: ShareTarget): { route: string; path: string } {
  const id = segment(target.id);
  switch (target.kind) {
    case 'problem':
      return { route: `/problem/${id}/info`, path: `problems/${id}` };
    case 'story':
      return { route: `/story/${id}`, path: `stories/${id}` };
    case 'solution':
      return { route: `/solution/${id}/info`, path: `solutions/${id}` };
    case 'problemSolution': {
      const problemId = segment(target.problemId);
      return {
        route: `/problem/${problemId}/solutions/${id}/info`,
        path: `problems/${problemId}/solutions/${id}`,
      };
    }
    case 'skill':
      return { route: `/skill/${id}/info`, path: `skills/${id}` };
    case 'person':
      return { route: `/network/${id}/info`, path: `users/${id}` };
    case 'space':
      return { route: `/space/${id}/info`, path: `spaces/${id}` };
    case 'tag':
      return { route: `/tags/${id}/info`, path: `tags/${id}` };
    case 'recipe': {
      const problemId = segment(target.problemId);
      return {
        route: `/problem/${problemId}/recipes/${id}`,
        path: `problems/${problemId}/recipes/${id}`,
      };
    }
    case 'spacemap':
      return { route: `/spacemaps/2d/${id}`, path: `spacemaps/${id}` };
  }
}

/** UTF-8 JSON as base64url (no padding): safe in a query string, Telugu names included. */
export function encodeSharePayload(payload: SharePayload): string {
  const bytes = new TextEncoder().encode(JSON.stringify(payload));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/gu, '-').replace(/\//gu, '_').replace(/=+$/u, '');
}

/** The full link: `${origin}${route}?url=${payload}`. */
export function shareLink(origin: string, target: ShareTarget, space: ShareSpace): string {
  const { route, path } = shareTargetOf(target);
  const encoded = encodeSharePayload({ path, ...space });
  return `${origin}${route}?${SHARE_PARAM}=${encoded}`;
}

/** Explainer cards are hidden per route path ('/stories', '/network', …). */
export const EXPLAINER_PATH_MAX = 200;

export const EXPLAINER_MESSAGES = {
  pathRequired: 'Choose the page whose explainer card to hide',
  pathInvalid: 'Explainer path must be a page path such as /stories',
} as const;
