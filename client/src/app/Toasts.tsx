import { useMediaQuery } from '@mantine/hooks';
import { useNotifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { lazy } from 'react';
import { MountOnce } from '../components/MountOnce';
import classes from './Toasts.module.css';

// The toasts' container (its transitions, portal and scroll-lock classes) downloads with the first
// toast; `notifications.show` only fills a store, which is small and always there.
const Notifications = lazy(() =>
  import('@mantine/notifications').then((module) => ({ default: module.Notifications })),
);

/**
 * The app's toasts, at most four at once, where they cover none of the header's controls (the
 * bell, chat, the account menu) nor the chat drawer on the right: bottom left on a desktop; on a
 * phone, whose bottom bar holds the navigation, at the top centre under the header.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  return (
    <MountOnce when={notifications.length + queue.length > 0}>
      <Notifications
        position={phone ? 'top-center' : 'bottom-left'}
        classNames={classes}
        autoClose={TOAST_MS}
        limit={4}
        zIndex={2000}
      />
    </MountOnce>
  );
}
