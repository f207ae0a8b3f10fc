import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { serverErrorOf } from '../../components/notify';

/** A failed comment write: the spec's toast as the title, the server's reason (translated) under it. */
export function notifyCommentFailure(title: string, error: unknown) {
  notifications.show({
    color: 'red',
    title,
    message: serverErrorOf(error).message,
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}
