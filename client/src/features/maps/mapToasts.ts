// The maps' toasts (spec 001 §8 'Maps') beside the app's success and error ones: a failure under
// its spec title ('Error: Failed to Save Map') with the reason, and the yellow warning.
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { i18n } from '../../app/i18n';
import { serverErrorOf } from '../../components/notify';

/** A refusal's reason, with the field it is about when the server names one (an imported file's). */
export function mapFailureMessage(error: unknown): string {
  const { message, field } = serverErrorOf(error);
  return field ? i18n.t('maps:errorAt', { field, message }) : message;
}

/** A failure under its spec title; `reason` is already translated. */
export function notifyMapRefusal(title: string, reason: string) {
  notifications.show({
    color: 'red',
    title,
    message: reason,
    autoClose: TOAST_MS,
    withCloseButton: true,
  });
}

/** A failed call under its spec title, with the server's reason. */
export const notifyMapFailure = (title: string, error: unknown) =>
  notifyMapRefusal(title, mapFailureMessage(error));

export function notifyMapWarning(message: string) {
  notifications.show({ color: 'yellow', message, autoClose: TOAST_MS, withCloseButton: true });
}
