import { useApolloClient, useQuery } from '@apollo/client/react';
import { Affix, Button, Group, Paper, Text, Transition } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@rules';
import { notifySuccess } from '../../components/notify';
import { PushSetupDocument, SavePushSubscriptionDocument } from '../../gql/graphql';
import { useViewer } from '../auth';

/** Spec 000 §4 and 001 §9: the browser's permission is asked 3 s after the app loads. */
const PROMPT_DELAY_MS = 3000;
/** 'Not now' is remembered this long in this browser, so the offer does not nag on every visit. */
const NOT_NOW_MS = 30 * 24 * 3600_000;
const NOT_NOW_KEY = 'push-prompt-not-now';

const pushSupported = () =>
  typeof window !== 'undefined' &&
  'serviceWorker' in navigator &&
  'PushManager' in window &&
  'Notification' in window;

const saidNotNow = () => {
  const at = Number(localStorage.getItem(NOT_NOW_KEY) ?? 0);
  return Date.now() - at < NOT_NOW_MS;
};

/** A browser-side refusal, told as the app's error toasts are. */
const notifyProblem = (message: string) =>
  notifications.show({ color: 'red', message, autoClose: TOAST_MS, withCloseButton: true });

/** The VAPID key as the Push API wants it: URL-safe base64 to bytes. */
function keyBytes(base64Url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64Url + '='.repeat((4 - (base64Url.length % 4)) % 4))
    .replace(/-/g, '+')
    .replace(/_/g, '/');
  const raw = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

/** This browser's push subscription (made with the server's key when there is none yet). */
async function browserSubscription(publicKey: string): Promise<PushSubscriptionJSON> {
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }));
  return subscription.toJSON();
}

/**
 * Browser notifications: 3 s after load, when any of the signed-in person's spaces has
 * notifications on and this browser has not been asked, a small card offers them. Browsers only
 * let a click ask for the permission, so the card's Allow asks; Not now waits a month. Where the
 * permission was given, each visit saves the subscription again (it moves to whoever is signed in).
 */
export function PushPrompt() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const client = useApolloClient();
  const supported = pushSupported();
  const { data } = useQuery(PushSetupDocument, { skip: !viewer || !supported });
  const [offering, setOffering] = useState(false);
  const [busy, setBusy] = useState(false);

  const save = async (publicKey: string) => {
    const json = await browserSubscription(publicKey);
    await client.mutate({
      mutation: SavePushSubscriptionDocument,
      variables: {
        subscription: {
          endpoint: json.endpoint ?? '',
          keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
        },
      },
    });
  };

  useEffect(() => {
    if (!data?.pushWanted || !viewer) return;
    if (Notification.permission === 'granted') {
      save(data.pushPublicKey).catch(() => {
        // Nothing to tell: the next visit tries again, and in-app notifications still work.
      });
      return;
    }
    if (Notification.permission !== 'default' || saidNotNow()) return;
    const timer = setTimeout(() => setOffering(true), PROMPT_DELAY_MS);
    return () => clearTimeout(timer);
    // `save` is stable in what it does; the offer depends on the answer and the person only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [data, viewer?.id]);

  const notNow = () => {
    localStorage.setItem(NOT_NOW_KEY, String(Date.now()));
    setOffering(false);
  };

  const allow = async () => {
    if (!data) return;
    setBusy(true);
    try {
      const permission = await Notification.requestPermission();
      setOffering(false);
      if (permission !== 'granted') {
        if (permission === 'denied') notifyProblem(t('notifications:push.prompt.blocked'));
        return;
      }
      await save(data.pushPublicKey);
      notifySuccess(t('notifications:push.prompt.on'));
    } catch {
      notifyProblem(t('notifications:push.prompt.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Transition mounted={offering} transition="slide-up">
      {(styles) => (
        <Affix position={{ bottom: 80, right: 16 }} style={styles} zIndex={300}>
          <Paper
            withBorder
            shadow="md"
            radius="md"
            p="md"
            maw={340}
            role="dialog"
            aria-labelledby="push-prompt-title"
          >
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <IconBellRinging size={20} aria-hidden />
              <div>
                <Text id="push-prompt-title" fw={600}>
                  {t('notifications:push.prompt.title')}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('notifications:push.prompt.body')}
                </Text>
              </div>
            </Group>
            <Group justify="flex-end" gap="xs" mt="sm">
              <Button variant="default" size="xs" onClick={notNow}>
                {t('notifications:push.prompt.later')}
              </Button>
              <Button size="xs" loading={busy} onClick={() => void allow()}>
                {t('notifications:push.prompt.allow')}
              </Button>
            </Group>
          </Paper>
        </Affix>
      )}
    </Transition>
  );
}
