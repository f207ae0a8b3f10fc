import { useEffect, useState } from 'react';
import type { z } from 'zod';

/**
 * The unsent text of a create dialog, kept in this browser's localStorage while the form holds
 * any, so a reload (or a crash) does not lose it; the dialog restores it when it opens again.
 * It is removed when the post is sent or the person discards it (PostFormModal), and with
 * everything else local on sign-out.
 */
export type DraftKind = 'story' | 'problem' | 'solution' | 'skill';

/** One draft per dialog kind and per person: two people sharing a browser see only their own. */
export function draftKeyOf(kind: DraftKind, userId: string | null | undefined): string | null {
  return userId ? `postDraft:${kind}:${userId}` : null;
}

export function clearDraft(key: string | null) {
  if (!key) return;
  try {
    localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing was kept
  }
}

/** The draft kept under `key` when it still has the shape `schema` describes, read once. */
export function useRestoredDraft<T>(key: string | null, schema: z.ZodType<T>): T | null {
  const [draft] = useState(() => {
    if (!key) return null;
    try {
      const raw = localStorage.getItem(key);
      if (!raw) return null;
      const parsed = schema.safeParse(JSON.parse(raw));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  });
  return draft;
}

/**
 * Keeps `value` under `key` while the form is `dirty` (drops it once the form is back to what was
 * saved), and tells the dialog whether closing would lose text.
 */
export function useKeptDraft({
  key,
  value,
  dirty,
  onDirtyChange,
}: {
  key: string | null;
  value: unknown;
  dirty: boolean;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const serialized = JSON.stringify(value);
  useEffect(() => {
    if (!key) return;
    try {
      if (dirty) localStorage.setItem(key, serialized);
      else localStorage.removeItem(key);
    } catch {
      // storage full or disabled: the dialog still asks before it loses the text
    }
  }, [key, serialized, dirty]);

  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);
  useEffect(() => () => onDirtyChange(false), [onDirtyChange]);
}
