import { useQuery } from '@apollo/client/react';
import { ActionIcon, Badge, Button, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import { IconPencil, IconPlus, IconRobot, IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyNotice } from '../../components/EmptyNotice';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { MyAiConfigsDocument, type AiConfigFieldsFragment } from '../../gql/graphql';
import { AiConfigWizard } from './AiConfigWizard';
import { AiUsageCard } from './AiUsageCard';
import { useAiTexts } from './aiTexts';
import { PROVIDER_ICONS, useProviderNames } from './providers';
import { useAiConfigMutations } from './useAiConfigMutations';
import { useConfirmTarget } from '../../components/useConfirmTarget';

type AiConfig = AiConfigFieldsFragment;

/** The default first, then the newest: the order the server lists them in. */
const byDefaultThenNewest = (a: AiConfig, b: AiConfig) =>
  Number(b.isDefault) - Number(a.isDefault) || b.createdAt.localeCompare(a.createdAt);

function ConfigRow({
  config,
  onEdit,
  onDelete,
  onSetDefault,
  settingDefault,
}: {
  config: AiConfig;
  onEdit: () => void;
  onDelete: () => void;
  onSetDefault: () => void;
  settingDefault: boolean;
}) {
  const { t } = useTranslation();
  const names = useProviderNames();
  const ProviderIcon = PROVIDER_ICONS[config.provider];
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" data-testid="ai-config-row">
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <Tooltip label={names[config.provider]}>
          <ThemeIcon variant="light" size="lg" radius="md" aria-label={names[config.provider]}>
            <ProviderIcon size={20} stroke={1.5} aria-hidden />
          </ThemeIcon>
        </Tooltip>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {config.name}
            </Text>
            {config.isDefault && (
              <Badge variant="light" color="green">
                {t('ai:page.default')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {config.description}
          </Text>
          <Group gap="md" style={{ rowGap: 0 }}>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {t('ai:page.model', { model: config.model })}
            </Text>
            <Text size="xs" c="dimmed">
              {t('ai:page.keyEnding', { last4: config.keyLast4 })}
            </Text>
          </Group>
        </Stack>
      </Group>
      <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
        {!config.isDefault && (
          <Tooltip label={t('ai:page.setDefaultOne', { name: config.name })}>
            <ActionIcon
              variant="subtle"
              loading={settingDefault}
              onClick={onSetDefault}
              aria-label={t('ai:page.setDefaultOne', { name: config.name })}
            >
              <IconStar size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        <Tooltip label={t('ai:page.editOne', { name: config.name })}>
          <ActionIcon
            variant="subtle"
            onClick={onEdit}
            aria-label={t('ai:page.editOne', { name: config.name })}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={t('ai:page.deleteOne', { name: config.name })}>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('ai:page.deleteOne', { name: config.name })}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Group>
  );
}

/**
 * /settings/ai, My AI Configs (000 §2): the person's AI providers and keys (never a key, only its
 * last four characters), the default marked; new and edit open the 4-step wizard, delete asks
 * first, and the star makes one the default.
 */
function AiConfigsCard() {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MyAiConfigsDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const { deleteAiConfig, deleting, setDefaultAiConfig } = useAiConfigMutations();
  const [wizardOpen, setWizardOpen] = useState(false);
  const [editing, setEditing] = useState<AiConfig | null>(null);
  // A fresh wizard each time it opens (its key).
  const [wizardKey, setWizardKey] = useState(0);
  const confirmation = useConfirmTarget<AiConfig>();
  const { target: deleted } = confirmation;
  const [defaulting, setDefaulting] = useState<string | null>(null);

  const openWizard = (config: AiConfig | null) => {
    setEditing(config);
    setWizardKey((key) => key + 1);
    setWizardOpen(true);
  };

  async function confirmDelete() {
    if (!deleted) return;
    try {
      await deleteAiConfig(deleted);
      notifySuccess(t('ai:page.deleted', { name: deleted.name }));
    } catch (failure) {
      notifyError(failure);
      void refetch();
    } finally {
      confirmation.close();
    }
  }

  async function makeDefault(config: AiConfig) {
    setDefaulting(config.id);
    try {
      await setDefaultAiConfig(config.id);
      notifySuccess(t('ai:page.defaultSet', { name: config.name }));
    } catch (failure) {
      notifyError(failure);
      void refetch();
    } finally {
      setDefaulting(null);
    }
  }

  const configs = [...(data?.myAiConfigs ?? [])].sort(byDefaultThenNewest);
  const content =
    loadStateView({
      loading,
      error,
      refetch,
      hasData: Boolean(data),
      skeleton: <SkeletonRows count={2} height={72} label={t('ai:page.loading')} />,
      errorTitle: t('ai:page.loadFailed'),
    }) ??
    (configs.length === 0 ? (
      <EmptyNotice
        icon={IconRobot}
        title={t('ai:page.empty')}
        hint={t('ai:page.emptyHint')}
        py="md"
      />
    ) : (
      <DividedRows items={configs} keyOf={(config) => config.id}>
        {(config) => (
          <ConfigRow
            config={config}
            onEdit={() => openWizard(config)}
            onDelete={() => confirmation.ask(config)}
            onSetDefault={() => void makeDefault(config)}
            settingDefault={defaulting === config.id}
          />
        )}
      </DividedRows>
    ));

  return (
    <SettingsCard
      title={t('ai:page.title')}
      intro={t('ai:page.intro')}
      action={
        <Button leftSection={<IconPlus size={16} />} onClick={() => openWizard(null)}>
          {t('ai:page.new')}
        </Button>
      }
    >
      {content}
      <AiConfigWizard
        key={wizardKey}
        opened={wizardOpen}
        editing={editing}
        onClose={() => setWizardOpen(false)}
      />
      <ConfirmDialog
        opened={confirmation.opened}
        title={t('ai:page.confirmTitle', { name: deleted?.name ?? '' })}
        message={t('ai:page.confirmText')}
        confirmLabel={t('common:actions.delete')}
        loading={deleting}
        onConfirm={() => void confirmDelete()}
        onCancel={confirmation.close}
      />
    </SettingsCard>
  );
}

/** /settings/ai, inside the settings layout (which asks to sign in). */
export function AiConfigsPage() {
  // Its texts follow a language switch (they are loaded by this page, not with the language).
  useAiTexts();
  return (
    <Stack gap="lg">
      <AiConfigsCard />
      <AiUsageCard />
    </Stack>
  );
}
