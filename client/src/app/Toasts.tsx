import { useNotifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { lazy } from 'react';
import { MountOnce } from '../components/MountOnce';

// The toasts' container (its transitions, portal and scroll-lock classes) downloads with the first
// toast; `notifications.show` only fills a store, which is small and always there.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/** The app's toasts, top right, at most four at once. */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  return (
    <MountOnce when={notifications.length + queue.length > 0}>
      <Notifications position="top-right" autoClose={TOAST_MS} limit={4} zIndex={2000} />
    </MountOnce>
  );
}
