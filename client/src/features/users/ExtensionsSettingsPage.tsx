import { useMutation, useQuery } from '@apollo/client/react';
import { Badge, Button, Code, Group, Stack, Text } from '@mantine/core';
import { AuthorizedAppsCard, OAuthAppsCard } from '../oauth';
import { IconKey, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import { formatDateTime } from '../../components/formatDateTime';
import { notifyError, notifySuccess } from '../../components/notify';
import { RelativeTime } from '../../components/RelativeTime';
import {
  ApiTokensDocument,
  RevokeApiTokenDocument,
  type ApiTokenFieldsFragment,
} from '../../gql/graphql';
import { NewApiTokenDialog } from './NewApiTokenDialog';
import { formatDay, useScopeLabels } from './apiTokenTexts';
import { EmptyNotice } from '../../components/EmptyNotice';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { useConfirmTarget } from '../../components/useConfirmTarget';

type ApiToken = ApiTokenFieldsFragment;

function TokenRow({ token, onRevoke }: { token: ApiToken; onRevoke: () => void }) {
  const { t, i18n } = useTranslation();
  const labels = useScopeLabels();
  const expired = new Date(token.expiresAt).getTime() <= Date.now();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconKey size={24} stroke={1.5} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {token.name}
            </Text>
            {expired && (
              <Badge variant="light" color="red">
                {t('access:tokens.expired')}
              </Badge>
            )}
          </Group>
          <Group gap={4} role="list" aria-label={t('access:tokens.scopesOf', { name: token.name })}>
            {token.scopes.map((scope) => (
              <Badge key={scope} variant="outline" size="sm" role="listitem">
                {labels[scope]}
              </Badge>
            ))}
          </Group>
          {/* Each fact wraps as a whole on a narrow screen. */}
          <Group gap="md" style={{ rowGap: 0 }}>
            <Text size="xs" c="dimmed">
              {t('access:tokens.created')}: <RelativeTime date={token.createdAt} inherit />
            </Text>
            <Text size="xs" c="dimmed">
              {expired ? t('access:tokens.expired') : t('access:tokens.expires')}:{' '}
              <time
                dateTime={token.expiresAt}
                title={formatDateTime(token.expiresAt, i18n.language)}
              >
                {formatDay(token.expiresAt, i18n.language)}
              </time>
            </Text>
            <Text size="xs" c="dimmed">
              {token.lastUsedAt ? (
                <>
                  {t('access:tokens.lastUsed')}: <RelativeTime date={token.lastUsedAt} inherit />
                </>
              ) : (
                t('access:tokens.neverUsed')
              )}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} />}
        onClick={onRevoke}
        aria-label={t('access:tokens.revokeOne', { name: token.name })}
        style={{ flexShrink: 0 }}
      >
        {t('access:tokens.revoke')}
      </Button>
    </Group>
  );
}

/**
 * The personal access tokens card: the person's tokens (for their scripts and apps calling the
 * API as them), newest first, expired ones marked; a new one is made in a dialog that shows the
 * token once, and any can be revoked.
 */
function AccessTokensCard() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(ApiTokensDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [revokeToken, revoking] = useMutation(RevokeApiTokenDocument);
  const [creating, setCreating] = useState(false);
  // A fresh form each time the dialog opens (its key).
  const [dialogKey, setDialogKey] = useState(0);
  const confirmation = useConfirmTarget<ApiToken>();
  const { target: revoked } = confirmation;

  const openDialog = () => {
    setDialogKey((key) => key + 1);
    setCreating(true);
  };

  async function confirmRevoke() {
    if (!revoked) return;
    const { id, name } = revoked;
    try {
      await revokeToken({
        variables: { id },
        update(cache) {
          cache.updateQuery({ query: ApiTokensDocument }, (current) =>
            current
              ? { ...current, apiTokens: current.apiTokens.filter((row) => row.id !== id) }
              : undefined,
          );
        },
      });
      notifySuccess(t('access:tokens.revoked', { name }));
    } catch (failure) {
      notifyError(failure);
      // Revoked elsewhere meanwhile (it answers not found): show what is left.
      void refetch();
    } finally {
      confirmation.close();
    }
  }

  const tokens = data?.apiTokens ?? [];
  const content =
    loadStateView({
      loading,
      error,
      refetch,
      hasData: Boolean(data),
      skeleton: <SkeletonRows count={2} height={72} label={t('access:tokens.loading')} />,
      errorTitle: t('access:tokens.loadFailed'),
    }) ??
    (tokens.length === 0 ? (
      <EmptyNotice
        icon={IconKey}
        title={t('access:tokens.empty')}
        hint={t('access:tokens.emptyHint')}
        py="md"
      />
    ) : (
      <DividedRows items={tokens} keyOf={(token) => token.id}>
        {(token) => <TokenRow token={token} onRevoke={() => confirmation.ask(token)} />}
      </DividedRows>
    ));

  return (
    <SettingsCard
      title={t('access:tokens.title')}
      intro={t('access:tokens.intro')}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={openDialog}>
          {t('access:tokens.new')}
        </Button>
      }
    >
      <Text size="sm" c="dimmed">
        {t('access:tokens.howToSend')} <Code>Authorization: Bearer &lt;token&gt;</Code>
      </Text>
      {content}
      <NewApiTokenDialog key={dialogKey} opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={confirmation.opened}
        title={t('access:tokens.confirmTitle', { name: revoked?.name ?? '' })}
        message={t('access:tokens.confirmText')}
        confirmLabel={t('access:tokens.revoke')}
        loading={revoking.loading}
        onConfirm={() => void confirmRevoke()}
        onCancel={confirmation.close}
      />
    </SettingsCard>
  );
}

/**
 * /settings/extensions, the spec's page for apps and extensions: the person's access tokens, the
 * OAuth apps they authorised (revocable) and the apps they registered for others.
 */
export function ExtensionsSettingsPage() {
  return (
    <Stack gap="lg">
      <AccessTokensCard />
      <AuthorizedAppsCard />
      <OAuthAppsCard />
    </Stack>
  );
}
