// The editor's undo and redo (spec 001 §9: 50 entries, changes within 1000 ms of each other
// merged). Pure and generic: the editor keeps map drafts in it, the tests plain values.
import { MAP_HISTORY_MAX } from '@rules';

/** Changes of one kind (typing in one field, dragging one slider) this close merge into one. */
export const HISTORY_MERGE_MS = 1000;

export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  /** The kind of the last change and when it happened, to merge the next one of that kind. */
  lastKey: string | null;
  lastAt: number;
}

export const historyOf = <T>(present: T): History<T> => ({
  past: [],
  present,
  future: [],
  lastKey: null,
  lastAt: 0,
});

export interface ChangeOptions {
  /** Changes with the same key within HISTORY_MERGE_MS make one entry. */
  mergeKey?: string | null;
  now?: number;
  max?: number;
}

/** A change: the present becomes `next`; redo is gone. */
export function record<T>(history: History<T>, next: T, options: ChangeOptions = {}): History<T> {
  if (next === history.present) return history;
  const { mergeKey = null, now = Date.now(), max = MAP_HISTORY_MAX } = options;
  const merges =
    mergeKey !== null &&
    mergeKey === history.lastKey &&
    now - history.lastAt <= HISTORY_MERGE_MS &&
    history.past.length > 0;
  const past = merges ? history.past : [...history.past, history.present].slice(-max);
  return { past, present: next, future: [], lastKey: mergeKey, lastAt: now };
}

export const canUndo = <T>(history: History<T>) => history.past.length > 0;
export const canRedo = <T>(history: History<T>) => history.future.length > 0;

export function undo<T>(history: History<T>): History<T> {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [history.present, ...history.future],
    lastKey: null,
    lastAt: 0,
  };
}

export function redo<T>(history: History<T>): History<T> {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  return {
    past: [...history.past, history.present],
    present: next,
    future,
    lastKey: null,
    lastAt: 0,
  };
}
