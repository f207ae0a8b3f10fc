import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import {
  AuthorizedOAuthAppsDocument,
  RevokeOAuthAppDocument,
  type AuthorizedOAuthAppsQuery,
} from '../../gql/graphql';
import { scopeTexts } from './scopes';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { useConfirmTarget } from '../../components/useConfirmTarget';

type AuthorizedApp = AuthorizedOAuthAppsQuery['authorizedOAuthApps'][number];

function AuthorizedAppRow({ app, onRevoke }: { app: AuthorizedApp; onRevoke: () => void }) {
  const { t } = useTranslation();
  const texts = scopeTexts(t);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={4}>
        <Text fw={500}>{app.name}</Text>
        <Group gap={4}>
          {app.scopes.map((scope) => (
            <Badge key={scope} variant="light" title={texts[scope].description}>
              {texts[scope].label}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('oauth:authorized.authorizedAt')}: <RelativeTime date={app.authorizedAt} inherit />
          {' · '}
          {t('oauth:authorized.lastUsed')}:{' '}
          {app.lastUsedAt ? (
            <RelativeTime date={app.lastUsedAt} inherit />
          ) : (
            t('oauth:authorized.never')
          )}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconPlugConnectedX size={14} />}
        onClick={onRevoke}
        aria-label={t('oauth:authorized.revokeOne', { name: app.name })}
        style={{ flexShrink: 0 }}
      >
        {t('oauth:authorized.revoke')}
      </Button>
    </Group>
  );
}

/**
 * Settings' "Apps you have authorised": each app that may use the account, with the scopes it was
 * given and when it last called. Revoke takes back everything given to it: its tokens answer 401
 * at once and its live connections close.
 */
export function AuthorizedAppsCard() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(AuthorizedOAuthAppsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [revoke, revoking] = useMutation(RevokeOAuthAppDocument);
  const confirmation = useConfirmTarget<AuthorizedApp>();
  const { target } = confirmation;
  const apps = data?.authorizedOAuthApps ?? [];

  async function confirm() {
    if (!target) return;
    try {
      await revoke({ variables: { clientId: target.clientId } });
      notifySuccess(t('oauth:authorized.revoked', { name: target.name }));
    } catch (failure) {
      notifyError(failure);
    } finally {
      // Gone either way (an app already revoked answers not found): show what is left.
      confirmation.close();
      void refetch();
    }
  }

  const list = loadStateView({
    loading,
    error,
    refetch,
    hasData: Boolean(data),
    skeleton: <Skeleton height={48} radius="sm" />,
    errorTitle: t('oauth:authorized.loadFailed'),
  }) ?? (
    <DividedRows items={apps} keyOf={(app) => app.clientId} empty={t('oauth:authorized.empty')}>
      {(app) => <AuthorizedAppRow app={app} onRevoke={() => confirmation.ask(app)} />}
    </DividedRows>
  );

  return (
    <SettingsCard title={t('oauth:authorized.title')} intro={t('oauth:authorized.intro')}>
      {list}
      <ConfirmDialog
        opened={confirmation.opened}
        title={t('oauth:authorized.confirmTitle', { name: target?.name ?? '' })}
        message={t('oauth:authorized.confirmText')}
        confirmLabel={t('oauth:authorized.revoke')}
        loading={revoking.loading}
        onConfirm={() => void confirm()}
        onCancel={confirmation.close}
      />
    </SettingsCard>
  );
}
