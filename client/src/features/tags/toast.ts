import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';

/** A client-side rule's message (already translated) as an error toast, like a server error's. */
export function notifyRule(message: string) {
  notifications.show({
    color: 'red',
    message,
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}
