import { useNotifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { lazy, Suspense, useState } from 'react';

// The toasts' container (its transitions, portal and scroll-lock classes) downloads with the first
// toast; `notifications.show` only fills a store, which is small and always there.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The app's toasts, top right, at most four at once. */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  // Derived state, set while rendering: the container mounts in the render of the first toast.
  if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" autoClose={TOAST_MS} limit={4} zIndex={2000} />
    </Suspense>
  );
}
