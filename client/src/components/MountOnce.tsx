import { Suspense, useState, type ReactNode } from 'react';

/**
 * Renders its children from the first time `when` holds, and keeps them after. A dialog or drawer
 * loaded lazily (React `lazy`) then downloads with its first opening, not with every first visit,
 * and still plays its closing transition.
 */
export function MountOnce({
  when,
  fallback = null,
  children,
}: {
  when: boolean;
  /** Shown while the lazily loaded children download. */
  fallback?: ReactNode;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(when);
  // Derived state, set while rendering: the children mount in the same render that opens them.
  if (when && !mounted) setMounted(true);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : null;
}
