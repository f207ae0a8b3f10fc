import { useMutation, useQuery } from '@apollo/client/react';
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Divider,
  Group,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconCheck, IconCopy, IconKey, IconTrash } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OAUTH_APP_NAME_MAX, oauthAppInputSchema } from '@rules';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import {
  notifyError,
  notifySuccess,
  serverErrorOf,
  translateServerMessage,
} from '../../components/notify';
import {
  CreateOAuthAppDocument,
  DeleteOAuthAppDocument,
  MyOAuthAppsDocument,
  type CreateOAuthAppMutation,
  type MyOAuthAppsQuery,
} from '../../gql/graphql';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { useConfirmTarget } from '../../components/useConfirmTarget';

type App = MyOAuthAppsQuery['myOAuthApps'][number];
type Created = CreateOAuthAppMutation['createOAuthApp'];

/** A value to copy, with its copy button (client ids and the secret shown once). */
function CopyableValue({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('oauth:apps.copied') : t('oauth:apps.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={`${t('oauth:apps.copy')}: ${label}`}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

function AppRow({ app, onDelete }: { app: App; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Group gap="xs">
          <Text fw={500}>{app.name}</Text>
          <Badge variant="light" color={app.confidential ? 'grape' : 'blue'}>
            {app.confidential ? t('oauth:apps.confidentialBadge') : t('oauth:apps.public')}
          </Badge>
        </Group>
        <CopyableValue label={t('oauth:apps.clientId')} value={app.clientId} />
        <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('oauth:apps.redirectUris')}: {app.redirectUris.join(', ')}
        </Text>
      </Stack>
      <Button
        variant="subtle"
        color="red"
        size="xs"
        leftSection={<IconTrash size={14} />}
        onClick={onDelete}
        aria-label={t('oauth:apps.deleteOne', { name: app.name })}
        style={{ flexShrink: 0 }}
      >
        {t('oauth:apps.delete')}
      </Button>
    </Group>
  );
}

/** The form that registers an app; each field's rule is the server's own (`@rules`). */
function RegisterAppForm({ onCreated }: { onCreated: (created: Created) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [redirectUris, setRedirectUris] = useState('');
  const [confidential, setConfidential] = useState(false);
  const [errors, setErrors] = useState<{ name?: string; redirectUris?: string }>({});
  const [create, { loading }] = useMutation(CreateOAuthAppDocument, {
    refetchQueries: [MyOAuthAppsDocument],
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const input = {
      name,
      redirectUris: redirectUris
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
      confidential,
    };
    const checked = oauthAppInputSchema.safeParse(input);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0] === 'name' ? 'name' : 'redirectUris';
      setErrors({ [field]: translateServerMessage(t, issue?.message ?? '') });
      return;
    }
    setErrors({});
    try {
      const result = await create({ variables: { input: checked.data } });
      if (result.data) onCreated(result.data.createOAuthApp);
      setName('');
      setRedirectUris('');
      setConfidential(false);
    } catch (failure) {
      const problem = serverErrorOf(failure, t);
      if (problem.field === 'name' || problem.field?.startsWith('redirectUris'))
        setErrors({ [problem.field === 'name' ? 'name' : 'redirectUris']: problem.message });
      else notifyError(failure);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t('oauth:apps.name')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          maxLength={OAUTH_APP_NAME_MAX}
          error={errors.name}
          required
        />
        <Textarea
          label={t('oauth:apps.redirectUris')}
          description={t('oauth:apps.redirectUrisHint')}
          value={redirectUris}
          onChange={(event) => setRedirectUris(event.currentTarget.value)}
          error={errors.redirectUris}
          placeholder="https://app.example/callback"
          autosize
          minRows={2}
          required
        />
        <Checkbox
          label={t('oauth:apps.confidential')}
          description={t('oauth:apps.confidentialHint')}
          checked={confidential}
          onChange={(event) => setConfidential(event.currentTarget.checked)}
        />
        <Button
          type="submit"
          loading={loading}
          leftSection={<IconKey size={16} />}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('oauth:apps.register')}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Settings' "Your OAuth apps": apps the person registered for others to authorise. A new app
 * shows its client id, and a confidential one its secret, once; deleting an app ends every token
 * it holds, for everyone.
 */
export function OAuthAppsCard() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MyOAuthAppsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const [deleteApp, deletion] = useMutation(DeleteOAuthAppDocument);
  const [created, setCreated] = useState<Created | null>(null);
  const confirmation = useConfirmTarget<App>();
  const { target: deleting } = confirmation;
  const apps = data?.myOAuthApps ?? [];

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await deleteApp({ variables: { clientId: deleting.clientId } });
      notifySuccess(t('oauth:apps.deleted', { name: deleting.name }));
      if (created?.app.clientId === deleting.clientId) setCreated(null);
    } catch (failure) {
      notifyError(failure);
    } finally {
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
    errorTitle: t('oauth:apps.loadFailed'),
  }) ?? (
    <DividedRows items={apps} keyOf={(app) => app.clientId} empty={t('oauth:apps.empty')}>
      {(app) => <AppRow app={app} onDelete={() => confirmation.ask(app)} />}
    </DividedRows>
  );

  return (
    <SettingsCard title={t('oauth:apps.title')} intro={t('oauth:apps.intro')}>
      {created && (
        <Alert
          color="teal"
          icon={<IconKey size={16} />}
          title={t('oauth:apps.created', { name: created.app.name })}
          withCloseButton
          closeButtonLabel={t('oauth:apps.done')}
          onClose={() => setCreated(null)}
        >
          <Stack gap="xs">
            <CopyableValue label={t('oauth:apps.clientId')} value={created.app.clientId} />
            {created.clientSecret && (
              <>
                <CopyableValue label={t('oauth:apps.clientSecret')} value={created.clientSecret} />
                <Text size="sm" fw={500}>
                  {t('oauth:apps.secretOnce')}
                </Text>
              </>
            )}
          </Stack>
        </Alert>
      )}
      {list}
      <Divider />
      <RegisterAppForm onCreated={setCreated} />
      <ConfirmDialog
        opened={confirmation.opened}
        title={t('oauth:apps.confirmDeleteTitle', { name: deleting?.name ?? '' })}
        message={t('oauth:apps.confirmDeleteText')}
        confirmLabel={t('oauth:apps.delete')}
        loading={deletion.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={confirmation.close}
      />
    </SettingsCard>
  );
}
