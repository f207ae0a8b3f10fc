import { htmlToPlainText, type MediaInput } from '@rules';
import { useSyncExternalStore } from 'react';
import { mediaInputsOf, uploadProgress } from '../../features/media/mediaDrafts';
import type { MediaDraftsStore } from '../../features/media/MediaDraftsStore';
import { i18n } from '../../app/i18n';
import { notifyError, notifySuccess } from '../notify';

/**
 * Posts published while their files still upload (spec 000 §4 'Uploading'): the dialog closes at
 * once, the post shows as processing at the top of the lists it will join (not interactive), and
 * once every file is stored it is created and the server's version takes its place. A failed
 * upload or create leaves it there with Try again and Discard; the page asks before it is left
 * while one is on its way.
 */

export type PendingPostKind = 'stories' | 'problems' | 'solutions' | 'skills';

export interface PendingPost {
  id: string;
  kind: PendingPostKind;
  spaceId: string;
  /**
   * The problem it is posted under: a story then shows on that problem's Stories tab, not in the
   * space feed; a solution on its Solutions tab and in the space's solutions.
   */
  problemId: string | null;
  /** A problem's, solution's or skill's name; null for a story. */
  title: string | null;
  /** The text, plain. */
  text: string;
  /** Null when posted anonymously. */
  author: { displayName: string; photoURL: string | null } | null;
  /** Of the uploads, 0 to 1. */
  progress: number;
  state: 'uploading' | 'saving' | 'failed';
  /** Why it failed: an upload's message from the server (English, translated when shown). */
  error: string | null;
}

/** How a pending post names its author: as the viewer, or anonymous. */
export const pendingAuthorOf = (
  viewer: { displayName: string; photoURL?: string | null } | null | undefined,
  anonymous: boolean,
): PendingPost['author'] =>
  anonymous || !viewer
    ? null
    : { displayName: viewer.displayName, photoURL: viewer.photoURL || null };

/** A problem, solution or skill as its pending card shows it: its name and plain description. */
export const titledPendingPost = ({
  kind,
  spaceId,
  problemId = null,
  name,
  description,
  viewer,
  anonymous,
}: {
  kind: Exclude<PendingPostKind, 'stories'>;
  spaceId: string;
  problemId?: string | null;
  name: string;
  description: string;
  viewer: Parameters<typeof pendingAuthorOf>[0];
  anonymous: boolean;
}): BackgroundPublish<unknown>['post'] => ({
  kind,
  spaceId,
  problemId,
  title: name,
  text: htmlToPlainText(description),
  author: pendingAuthorOf(viewer, anonymous),
});

export interface BackgroundPublish<Saved> {
  post: Omit<PendingPost, 'id' | 'progress' | 'state' | 'error'>;
  media: MediaDraftsStore;
  /** Creates the post with its stored files. */
  create: (files: MediaInput[]) => Promise<Saved>;
  /** After the create: the toast the dialog would have shown. */
  onPublished: (saved: Saved) => void;
}

interface Job {
  post: PendingPost;
  media: MediaDraftsStore;
  create: (files: MediaInput[]) => Promise<unknown>;
  onPublished: (saved: unknown) => void;
}

const jobs = new Map<string, Job>();
const listeners = new Set<() => void>();
let shown: readonly PendingPost[] = [];
let lastId = 0;

function changed() {
  shown = [...jobs.values()].map((job) => job.post);
  for (const listener of listeners) listener();
  const busy = shown.some((post) => post.state !== 'failed');
  if (busy) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
}

/** Leaving the page would stop the uploads: the browser asks first. */
function askBeforeLeaving(event: BeforeUnloadEvent) {
  event.preventDefault();
}

function patch(id: string, change: Partial<PendingPost>) {
  const job = jobs.get(id);
  if (!job) return;
  job.post = { ...job.post, ...change };
  changed();
}

async function run(job: Job) {
  const { id } = job.post;
  const stopWatching = job.media.subscribe(() =>
    patch(id, { progress: uploadProgress(job.media.getSnapshot()) }),
  );
  const drafts = await job.media.settled();
  stopWatching();
  if (!jobs.has(id)) return;
  const failed = drafts.find((draft) => draft.status === 'error');
  if (failed) {
    patch(id, { state: 'failed', error: failed.error ?? null });
    return;
  }
  patch(id, { state: 'saving', progress: 1 });
  try {
    const saved = await job.create(mediaInputsOf(drafts));
    jobs.delete(id);
    changed();
    job.onPublished(saved);
  } catch (caught) {
    notifyError(caught);
    patch(id, { state: 'failed', error: null });
  }
}

/**
 * Takes over the form's uploads and publishes the post once they are stored; says so in a toast
 * (the dialog closes at once).
 */
export function publishInBackground<Saved>({
  post,
  media,
  create,
  onPublished,
}: BackgroundPublish<Saved>) {
  media.handOff();
  notifySuccess(i18n.t('common:pending.handedOff'));
  const id = `pending-${Date.now()}-${++lastId}`;
  const job: Job = {
    post: {
      ...post,
      id,
      progress: uploadProgress(media.getSnapshot()),
      state: 'uploading',
      error: null,
    },
    media,
    create,
    onPublished: (saved) => onPublished(saved as Saved),
  };
  jobs.set(id, job);
  changed();
  void run(job);
}

/** Uploads the failed files again (if any) and creates the post. */
export function retryPending(id: string) {
  const job = jobs.get(id);
  if (!job || job.post.state !== 'failed') return;
  job.media.retryFailed();
  patch(id, { state: 'uploading', error: null });
  void run(job);
}

/** Gives the post up: its stored files stay unattached, as an abandoned upload's do. */
export function discardPending(id: string) {
  if (jobs.delete(id)) changed();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

/**
 * The pending posts of one list: a kind in a space (any space when `spaceId` is empty), or under
 * one problem when `problemId` is given.
 */
export function usePendingPosts(
  kind: PendingPostKind,
  spaceId: string,
  problemId: string | null = null,
): PendingPost[] {
  const all = useSyncExternalStore(subscribe, () => shown);
  return all.filter(
    (post) =>
      post.kind === kind &&
      (!spaceId || post.spaceId === spaceId) &&
      (problemId ? post.problemId === problemId : kind !== 'stories' || post.problemId === null),
  );
}
