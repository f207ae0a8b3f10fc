import { useApolloClient } from '@apollo/client/react';
import {
  Group,
  Loader,
  Modal,
  PasswordInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  TextInput,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import {
  AI_CONFIG_DESCRIPTION_MAX,
  AI_CONFIG_NAME_MAX,
  AI_KEY_MAX,
  AI_MESSAGES,
  AI_PROVIDERS,
  AI_PROVIDERS_SHOWN_ONLY,
  DEFAULT_AI_PROVIDER,
  aiBaseUrlSchema,
  aiConfigDetailsSchema,
  aiConfigInputSchema,
  aiKeySchema,
  type AiProvider,
} from '@rules';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StepperActions } from '../../components/post-form/StepperActions';
import { notifySuccess } from '../../components/notify';
import {
  AiModelsDocument,
  type AiConfigFieldsFragment,
  type AiModelsQuery,
} from '../../gql/graphql';
import { aiErrorOf, aiMessage, notifyAiError } from './aiErrors';
import { PROVIDER_ICONS, useProviderNames } from './providers';
import { useAiConfigMutations } from './useAiConfigMutations';

const LAST_STEP = 3;
/** How long typing pauses before the key is checked. */
const CHECK_DELAY_MS = 600;

type Model = AiModelsQuery['aiModels'][number];

/** Where the key check stands: the field shows a loader, a check mark or the error. */
type KeyCheck =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'valid'; models: Model[] }
  | { status: 'error'; message: string };

type Field = 'baseUrl' | 'apiKey' | 'model' | 'name' | 'description';

/**
 * The AI config wizard (000 §2, §4): 1 the provider (groq by default; ChatGPT and Cloud AI as
 * icons only) and a self-hosted server's address, 2 the API key, checked by fetching its models
 * (loading, valid or error in the field; Next waits for a valid key), 3 the model, 4 a name and
 * description, then Save (or Update). Editing locks the key and provider: their models come
 * through the saved config. It mounts with each opening, so closing clears it.
 */
function WizardForm({
  editing,
  onDone,
}: {
  editing: AiConfigFieldsFragment | null;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const names = useProviderNames();
  const { createAiConfig, updateAiConfig, saving } = useAiConfigMutations();
  const [step, setStep] = useState(0);
  const [provider, setProvider] = useState<AiProvider>(editing?.provider ?? DEFAULT_AI_PROVIDER);
  const [baseUrl, setBaseUrl] = useState(editing?.baseUrl ?? '');
  const [apiKey, setApiKey] = useState('');
  const [check, setCheck] = useState<KeyCheck>({ status: 'idle' });
  const [model, setModel] = useState<string | null>(editing?.model ?? null);
  const [name, setName] = useState(editing?.name ?? '');
  const [description, setDescription] = useState(editing?.description ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // Only the newest check may set the field: an older answer arriving late is dropped.
  const checkId = useRef(0);
  const message = (text: string) => aiMessage(t, text);

  async function checkKey(): Promise<void> {
    const id = ++checkId.current;
    setCheck({ status: 'loading' });
    try {
      const { data } = await client.query({
        query: AiModelsDocument,
        variables: editing
          ? { provider: editing.provider, configId: editing.id }
          : {
              provider,
              apiKey: apiKey.trim(),
              baseUrl: provider === 'openaicompatible' ? baseUrl.trim() : null,
            },
        fetchPolicy: 'no-cache',
      });
      if (id !== checkId.current) return;
      setCheck({ status: 'valid', models: data?.aiModels ?? [] });
    } catch (error) {
      if (id !== checkId.current) return;
      setCheck({ status: 'error', message: aiErrorOf(error, t).message });
    }
  }

  // A new config's key is checked once typing pauses and it passes its rules.
  useEffect(() => {
    if (editing || step !== 1) return undefined;
    checkId.current += 1;
    const parsed = aiKeySchema.safeParse(apiKey);
    if (!parsed.success) {
      setCheck({ status: 'idle' });
      return undefined;
    }
    const timer = setTimeout(() => void checkKey(), CHECK_DELAY_MS);
    return () => clearTimeout(timer);
    // checkKey reads the provider and address, fixed once past step 1.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [apiKey, step, editing]);

  // Editing: the saved key's models are fetched when the model step opens.
  useEffect(() => {
    if (editing && step === 1 && check.status === 'idle') void checkKey();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing, step]);

  const models = check.status === 'valid' ? check.models : [];
  const modelOptions = [
    ...models.map((option) => ({ value: option.id, label: option.displayName })),
    // The saved model stays choosable even when the provider no longer lists it.
    ...(model && !models.some((option) => option.id === model)
      ? [{ value: model, label: model }]
      : []),
  ];

  function validateStep(): boolean {
    const next: typeof errors = {};
    if (step === 0 && provider === 'openaicompatible' && !editing) {
      const parsed = aiBaseUrlSchema.safeParse(baseUrl);
      if (!parsed.success) next.baseUrl = message(parsed.error.issues[0]!.message);
    }
    if (step === 1 && !editing) {
      const parsed = aiKeySchema.safeParse(apiKey);
      if (!parsed.success) next.apiKey = message(parsed.error.issues[0]!.message);
    }
    if (step === 2 && !model) next.model = message(AI_MESSAGES.modelRequired);
    setErrors(next);
    return Object.keys(next).length === 0;
  }

  function goNext() {
    if (!validateStep()) return;
    // Step 2 needs a valid key with no fetch in progress or failed (000 §4).
    if (step === 1) {
      if (check.status === 'idle' || check.status === 'error') {
        void checkKey();
        return;
      }
      if (check.status !== 'valid') return;
      if (!model && check.models[0]) setModel(check.models[0].id);
    }
    setStep((current) => Math.min(current + 1, LAST_STEP));
  }

  async function save() {
    const details = { model: model ?? '', name, description };
    // Editing checks only what may change; a new config all of it.
    const parsed = editing
      ? aiConfigDetailsSchema.safeParse(details)
      : aiConfigInputSchema.safeParse({
          ...details,
          provider,
          apiKey,
          baseUrl: provider === 'openaicompatible' ? baseUrl : null,
        });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        if (!next[field]) next[field] = message(issue.message);
      }
      setErrors(next);
      return;
    }
    try {
      const { model: chosen, name: named, description: described } = parsed.data;
      const saved = editing
        ? await updateAiConfig(editing.id, { model: chosen, name: named, description: described })
        : await createAiConfig({
            provider,
            apiKey: apiKey.trim(),
            baseUrl: provider === 'openaicompatible' ? baseUrl.trim() : null,
            model: chosen,
            name: named,
            description: described,
          });
      notifySuccess(t(editing ? 'ai:wizard.updated' : 'ai:wizard.created', { name: saved.name }));
      onDone();
    } catch (error) {
      const info = aiErrorOf(error, t);
      if (info.field === 'name' || info.field === 'description') {
        setErrors({ [info.field]: info.message });
      } else notifyAiError(error, t);
    }
  }

  const keyIcon =
    check.status === 'loading' ? (
      <Loader size={16} aria-label={t('ai:wizard.checking')} />
    ) : check.status === 'valid' ? (
      <IconCircleCheck
        size={18}
        color="var(--mantine-color-green-7)"
        aria-label={t('ai:wizard.keyValid')}
      />
    ) : check.status === 'error' ? (
      <IconAlertCircle size={18} color="var(--mantine-color-red-7)" aria-hidden />
    ) : null;
  const keyError = errors.apiKey ?? (check.status === 'error' ? check.message : undefined);

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm">
        <Stepper.Step label={t('ai:wizard.steps.provider')}>
          <Stack gap="sm" pt="sm">
            <Radio.Group
              label={t('ai:wizard.provider')}
              required
              value={provider}
              onChange={(value) => setProvider(value as AiProvider)}
            >
              <Stack gap="xs" pt="xs">
                {AI_PROVIDERS.map((value) => {
                  const ProviderIcon = PROVIDER_ICONS[value];
                  return (
                    <Radio
                      key={value}
                      value={value}
                      disabled={Boolean(editing)}
                      label={
                        <Group gap={6} wrap="nowrap">
                          <ProviderIcon size={18} stroke={1.5} aria-hidden />
                          {names[value]}
                        </Group>
                      }
                    />
                  );
                })}
              </Stack>
            </Radio.Group>
            {/* Shown as the spec has them: icons only, not yet choosable. */}
            <Group gap="xs">
              {AI_PROVIDERS_SHOWN_ONLY.map((value) => {
                const ProviderIcon = PROVIDER_ICONS[value];
                const label = t('ai:providers.notYet', { name: names[value] });
                return (
                  <Tooltip key={value} label={label}>
                    <UnstyledButton
                      aria-label={label}
                      aria-disabled
                      style={{ opacity: 0.45, cursor: 'not-allowed' }}
                    >
                      <ProviderIcon size={24} stroke={1.5} aria-hidden />
                    </UnstyledButton>
                  </Tooltip>
                );
              })}
            </Group>
            {provider === 'openaicompatible' && (
              <TextInput
                label={t('ai:wizard.baseUrl')}
                description={t('ai:wizard.baseUrlHint')}
                required
                disabled={Boolean(editing)}
                value={baseUrl}
                error={errors.baseUrl}
                placeholder="http://localhost:11434/v1"
                onChange={(event) => setBaseUrl(event.currentTarget.value)}
              />
            )}
            {editing && (
              <Text size="sm" c="dimmed">
                {t('ai:wizard.locked')}
              </Text>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('ai:wizard.steps.key')}>
          <Stack gap="sm" pt="sm">
            {editing ? (
              <TextInput
                label={t('ai:wizard.apiKey')}
                value={`•••• ${editing.keyLast4}`}
                disabled
                rightSection={keyIcon}
                error={check.status === 'error' ? check.message : undefined}
                description={t('ai:wizard.locked')}
              />
            ) : (
              <PasswordInput
                label={t('ai:wizard.apiKey')}
                description={t('ai:wizard.apiKeyHint')}
                required
                data-autofocus
                autoComplete="off"
                maxLength={AI_KEY_MAX}
                value={apiKey}
                error={keyError}
                rightSection={keyIcon}
                rightSectionWidth={keyIcon ? 64 : undefined}
                onChange={(event) => {
                  setApiKey(event.currentTarget.value);
                  setErrors(({ apiKey: _gone, ...rest }) => rest);
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') goNext();
                }}
              />
            )}
            <Text size="xs" c={check.status === 'valid' ? 'green.8' : 'dimmed'} aria-live="polite">
              {check.status === 'loading'
                ? t('ai:wizard.checking')
                : check.status === 'valid'
                  ? t('ai:wizard.keyValid')
                  : ''}
            </Text>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('ai:wizard.steps.model')}>
          <Stack gap="sm" pt="sm">
            <Select
              label={t('ai:wizard.model')}
              placeholder={t('ai:wizard.modelPlaceholder')}
              required
              searchable
              data={modelOptions}
              value={model}
              error={errors.model}
              onChange={(value) => {
                setModel(value);
                if (value) setErrors(({ model: _gone, ...rest }) => rest);
              }}
              comboboxProps={{ withinPortal: true }}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={t('ai:wizard.steps.details')}>
          <SimpleGrid cols={1} pt="sm">
            <TextInput
              label={t('ai:wizard.name')}
              required
              maxLength={AI_CONFIG_NAME_MAX}
              value={name}
              error={errors.name}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Textarea
              label={t('ai:wizard.description')}
              description={t('ai:wizard.descriptionHint')}
              required
              autosize
              minRows={2}
              maxLength={AI_CONFIG_DESCRIPTION_MAX}
              value={description}
              error={errors.description}
              onChange={(event) => setDescription(event.currentTarget.value)}
            />
          </SimpleGrid>
        </Stepper.Step>
      </Stepper>
      <StepperActions
        step={step}
        lastStep={LAST_STEP}
        onCancel={onDone}
        onBack={() => {
          setErrors({});
          setStep((current) => Math.max(current - 1, 0));
        }}
        onNext={goNext}
        onSubmit={() => void save()}
        saving={saving}
        cancelLabel={t('common:actions.cancel')}
        backLabel={t('common:actions.back')}
        nextLabel={t('ai:wizard.next')}
        submitLabel={editing ? t('ai:wizard.update') : t('ai:wizard.save')}
      />
    </Stack>
  );
}

/** The wizard in its dialog, titled New or Edit AI config. */
export function AiConfigWizard({
  opened,
  editing,
  onClose,
}: {
  opened: boolean;
  editing: AiConfigFieldsFragment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? t('ai:wizard.editTitle') : t('ai:wizard.newTitle')}
      size="lg"
    >
      <WizardForm editing={editing} onDone={onClose} />
    </Modal>
  );
}
