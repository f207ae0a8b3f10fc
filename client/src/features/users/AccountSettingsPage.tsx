import { useMutation } from '@apollo/client/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetSession } from '../../app/apollo';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyError, notifySuccess } from '../../components/notify';
import { DeleteAccountDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { PlanBadge } from '../billing';
import { ResetExplainersCard } from '../explainers';
import { DigestSettingCard } from '../push';
import { LanguageSelect } from './LanguageSelect';
import { PresenceSettingCard } from './PresenceSettingCard';
import { SessionsCard } from './SessionsCard';

/** The spec: account deletion goes to / after 1 second. */
const LEAVE_AFTER_DELETE_MS = 1000;

function DeleteAccount() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [deleteAccount, { loading }] = useMutation(DeleteAccountDocument);

  async function confirm() {
    try {
      await deleteAccount();
      setConfirming(false);
      notifySuccess(t('users:account.deleted'));
      setTimeout(() => {
        // Leave first: the settings page would otherwise bounce to /auth/login once `me` is null.
        void Promise.resolve(navigate('/', { replace: true })).then(resetSession);
      }, LEAVE_AFTER_DELETE_MS);
    } catch (error) {
      notifyError(error);
    }
  }

  return (
    <Card withBorder radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="sm">
        <Title order={2} size="h4" c="red">
          {t('users:account.dangerZone')}
        </Title>
        <Text size="sm">{t('users:account.deleteIntro')}</Text>
        <Button
          color="red"
          variant="outline"
          leftSection={<IconTrash size={16} />}
          onClick={() => setConfirming(true)}
          style={{ alignSelf: 'flex-start' }}
        >
          {t('users:account.delete')}
        </Button>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('users:account.confirmTitle')}
        message={t('users:account.confirmText')}
        confirmLabel={t('users:account.confirmDelete')}
        loading={loading}
        onConfirm={() => void confirm()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/**
 * /settings/account: e-mail, subscription, language, digest, presence, the signed-in sessions and
 * account deletion.
 */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  if (!viewer) return null;
  return (
    <Stack gap="lg">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('users:account.email')}
          </Text>
          <Text fw={500}>{viewer.email}</Text>
          <Group gap="xs" mt="xs">
            <Text size="sm" c="dimmed">
              {t('users:account.subscription')}
            </Text>
            <PlanBadge />
          </Group>
        </Stack>
      </Card>
      <Card withBorder radius="md">
        <LanguageSelect />
      </Card>
      <DigestSettingCard />
      <PresenceSettingCard />
      <SessionsCard />
      <DeleteAccount />
    </Stack>
  );
}

/** /settings/preferences: the interface language and the explainer cards. */
export function PreferencesSettingsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg">
      <Card withBorder radius="md">
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('users:preferences.intro')}
          </Text>
          <LanguageSelect />
        </Stack>
      </Card>
      <ResetExplainersCard />
    </Stack>
  );
}
