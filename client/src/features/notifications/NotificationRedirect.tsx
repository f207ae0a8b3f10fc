import { useMutation } from '@apollo/client/react';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { MarkNotificationReadDocument, NotificationCountDocument } from '../../gql/graphql';
import { RequireSignIn } from '../auth';

/**
 * /notifications/redirect?id={id}: marks the notification read and opens its item (what a push
 * notification's click opens). One that is gone says so and shows the notifications.
 */
export function NotificationRedirectPage() {
  return (
    <RequireSignIn>
      <NotificationRedirect />
    </RequireSignIn>
  );
}

function NotificationRedirect() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const [markRead] = useMutation(MarkNotificationReadDocument, {
    refetchQueries: [NotificationCountDocument],
  });
  // Once per id, even when effects run twice (development's strict mode).
  const started = useRef<string | null>(null);

  useEffect(() => {
    if (started.current === id) return;
    started.current = id;
    const go = async () => {
      try {
        const { data } = await markRead({ variables: { id } });
        if (data) {
          void navigate(data.markNotificationRead.route, { replace: true });
          return;
        }
      } catch {
        // Deleted, someone else's or a malformed id: all read as gone.
      }
      notifications.show({
        color: 'red',
        message: t('notifications:redirect.missing'),
        autoClose: TOAST_MS,
        withCloseButton: true,
      });
      void navigate('/notifications/all', { replace: true });
    };
    void go();
  }, [id, markRead, navigate, t]);

  return (
    <Center py="xl" role="status" aria-label={t('notifications:redirect.opening')}>
      <Loader />
    </Center>
  );
}
