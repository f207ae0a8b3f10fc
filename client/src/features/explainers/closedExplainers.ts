/**
 * Explainer cards closed for this browser session (a close without 'Don't show again', or any
 * close when signed out), kept in sessionStorage so a reload keeps them closed.
 */
import { useSyncExternalStore } from 'react';

const KEY = 'closedExplainers';
const EMPTY: readonly string[] = [];
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: readonly string[] } = { raw: null, value: EMPTY };

function read(): readonly string[] {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return cached.value;
  }
  if (raw === cached.raw) return cached.value;
  let value: readonly string[] = EMPTY;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) value = parsed.filter((item) => typeof item === 'string');
  } catch {
    value = EMPTY;
  }
  cached = { raw, value };
  return value;
}

function write(paths: readonly string[]) {
  try {
    if (paths.length) sessionStorage.setItem(KEY, JSON.stringify(paths));
    else sessionStorage.removeItem(KEY);
  } catch {
    // storage unavailable: keep the closes in memory until the page reloads
    cached = { raw: cached.raw, value: paths };
  }
  listeners.forEach((listener) => listener());
}

export const closeExplainerForSession = (path: string) => write([...read(), path]);

/** 'Show all explainer cards again' brings back the ones closed for the session too. */
export const clearClosedExplainers = () => write(EMPTY);

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const useClosedExplainers = (): readonly string[] =>
  useSyncExternalStore(subscribe, read, () => EMPTY);
