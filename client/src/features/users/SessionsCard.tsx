import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import {
  MySessionsDocument,
  SignOutOtherSessionsDocument,
  SignOutSessionDocument,
  type MySessionsQuery,
} from '../../gql/graphql';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { useConfirmTarget } from '../../components/useConfirmTarget';

type Session = MySessionsQuery['mySessions'][number];

/** What the person is asked to confirm: one session, or every one but this. */
type Ending = { session: Session } | { others: number };

const MOBILE_SYSTEMS = new Set(['Android', 'iOS']);

/** "Chrome on Linux" in the reader's language (browser and system names stay as they are). */
function useDeviceName() {
  const { t } = useTranslation();
  return ({ browser, os }: Pick<Session, 'browser' | 'os'>) =>
    browser && os
      ? t('access:sessions.browserOn', { browser, os })
      : (browser ?? os ?? t('access:sessions.unknownDevice'));
}

function SessionRow({ session, onSignOut }: { session: Session; onSignOut: () => void }) {
  const { t } = useTranslation();
  const deviceName = useDeviceName();
  const Icon = session.os && MOBILE_SYSTEMS.has(session.os) ? IconDeviceMobile : IconDeviceDesktop;
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Icon size={24} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={2}>
          <Group gap="xs">
            <Text fw={500}>{deviceName(session)}</Text>
            {session.current && (
              <Badge variant="light" color="green">
                {t('access:sessions.thisDevice')}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {t('access:sessions.where')}: {session.address ?? t('access:sessions.unknownAddress')}
          </Text>
          <Text size="xs" c="dimmed">
            {t('access:sessions.lastSeen')}:{' '}
            {session.current ? (
              t('access:sessions.activeNow')
            ) : (
              <RelativeTime date={session.lastSeenAt} inherit />
            )}
            {' · '}
            {t('access:sessions.signedIn')}: <RelativeTime date={session.createdAt} inherit />
          </Text>
        </Stack>
      </Group>
      {!session.current && (
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconLogout size={14} />}
          onClick={onSignOut}
          aria-label={t('access:sessions.signOutOne', { device: deviceName(session) })}
          style={{ flexShrink: 0 }}
        >
          {t('access:sessions.signOut')}
        </Button>
      )}
    </Group>
  );
}

/**
 * The account page's "signed-in sessions": every browser or app signed in to the account, with
 * where it was last seen from and when; any other one can be signed out, or all of them at once.
 * Signing this device out stays the menu's sign-out.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const deviceName = useDeviceName();
  const { data, loading, error, refetch } = useQuery(MySessionsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [signOutSession, one] = useMutation(SignOutSessionDocument);
  const [signOutOthers, others] = useMutation(SignOutOtherSessionsDocument);
  const confirmation = useConfirmTarget<Ending>();
  const { target: ending, ask } = confirmation;

  const sessions = data?.mySessions ?? [];
  const otherCount = sessions.filter((session) => !session.current).length;

  async function confirm() {
    if (!ending) return;
    try {
      if ('session' in ending) {
        await signOutSession({ variables: { id: ending.session.id } });
        notifySuccess(t('access:sessions.signedOutOne', { device: deviceName(ending.session) }));
      } else {
        const result = await signOutOthers();
        const count = result.data?.signOutOtherSessions ?? 0;
        notifySuccess(t('access:sessions.signedOutOthers', { count }));
      }
    } catch (failure) {
      notifyError(failure);
    } finally {
      // Gone either way (an already-ended session answers not found): show what is left.
      confirmation.close();
      void refetch();
    }
  }

  const pending = loadStateView({
    loading,
    error,
    refetch,
    hasData: Boolean(data),
    skeleton: <Skeleton height={48} radius="sm" />,
    errorTitle: t('access:sessions.loadFailed'),
  }) ?? (
    <DividedRows items={sessions} keyOf={(session) => session.id}>
      {(session) => <SessionRow session={session} onSignOut={() => ask({ session })} />}
    </DividedRows>
  );

  return (
    <SettingsCard title={t('access:sessions.title')} intro={t('access:sessions.intro')}>
      {pending}
      {otherCount > 0 && (
        <Button
          variant="light"
          color="red"
          leftSection={<IconLogout size={16} />}
          onClick={() => ask({ others: otherCount })}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('access:sessions.signOutOthers')}
        </Button>
      )}
      <ConfirmDialog
        opened={confirmation.opened}
        title={
          ending && 'session' in ending
            ? t('access:sessions.confirmOneTitle', { device: deviceName(ending.session) })
            : t('access:sessions.confirmOthersTitle')
        }
        message={
          ending && 'others' in ending
            ? t('access:sessions.confirmOthersText', { count: ending.others })
            : t('access:sessions.confirmOneText')
        }
        confirmLabel={t('access:sessions.signOut')}
        loading={one.loading || others.loading}
        onConfirm={() => void confirm()}
        onCancel={confirmation.close}
      />
    </SettingsCard>
  );
}
