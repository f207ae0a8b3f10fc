/**
 * The active space of a signed-out visitor, kept in localStorage (signed in, the server keeps it as
 * the user's default space). Only public spaces can be stored here.
 */
import { useSyncExternalStore } from 'react';

export interface StoredSpace {
  spaceId: string;
  spaceName: string;
}

const KEY = 'activeSpace';
const listeners = new Set<() => void>();
let cached: { raw: string | null; value: StoredSpace | null } = { raw: null, value: null };

function read(): StoredSpace | null {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (raw === cached.raw) return cached.value;
  let value: StoredSpace | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (
      parsed &&
      typeof parsed === 'object' &&
      typeof (parsed as StoredSpace).spaceId === 'string' &&
      typeof (parsed as StoredSpace).spaceName === 'string'
    ) {
      value = {
        spaceId: (parsed as StoredSpace).spaceId,
        spaceName: (parsed as StoredSpace).spaceName,
      };
    }
  } catch {
    value = null;
  }
  cached = { raw, value };
  return value;
}

export function storeActiveSpace(space: StoredSpace | null) {
  try {
    if (space) localStorage.setItem(KEY, JSON.stringify(space));
    else localStorage.removeItem(KEY);
  } catch {
    // storage unavailable (private mode): the visitor stays in the global space
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The signed-out visitor's stored space (null when none). */
export function useStoredSpace(): StoredSpace | null {
  return useSyncExternalStore(subscribe, read, () => null);
}
