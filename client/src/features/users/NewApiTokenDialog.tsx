import { useMutation } from '@apollo/client/react';
import { Alert, Button, Checkbox, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useClipboard } from '@mantine/hooks';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import {
  API_SCOPES,
  API_TOKEN_DAY_CHOICES,
  API_TOKEN_NAME_MAX,
  apiTokenInputSchema,
  type ApiScope,
} from '@rules';
import { notifyError, serverErrorOf, translateServerMessage } from '../../components/notify';
import { ApiTokensDocument, CreateApiTokenDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { formatDay, useScopeLabels } from './apiTokenTexts';

const DAY_MS = 24 * 60 * 60 * 1000;
const DEFAULT_DAYS = 30;
/**
 * A new token's expiry falls this much short of its whole days, so that a clock a little ahead of
 * the server's does not push the longest choice past the server's limit (API_TOKEN_DAYS_MAX).
 */
const CLOCK_MARGIN_MS = 5 * 60 * 1000;

type Field = 'name' | 'scopes' | 'expiresAt';
const FIELDS: readonly string[] = ['name', 'scopes', 'expiresAt'] satisfies Field[];
/** The form field a rule's or the server's message is about ('scopes.0' is the scopes). */
const fieldOf = (path: string | undefined): Field | undefined => {
  const first = path?.split('.')[0];
  return first && FIELDS.includes(first) ? (first as Field) : undefined;
};

const expiryFor = (days: number) => new Date(Date.now() + days * DAY_MS - CLOCK_MARGIN_MS);

/** One line on what each scope lets a token do. */
function useScopeHints(): Record<ApiScope, string> {
  const { t } = useTranslation();
  return {
    read: t('access:tokens.scopeHints.read'),
    write: t('access:tokens.scopeHints.write'),
    chat: t('access:tokens.scopeHints.chat'),
    notifications: t('access:tokens.scopeHints.notifications'),
    admin: t('access:tokens.scopeHints.admin'),
  };
}

function TokenForm({
  onCreated,
}: {
  onCreated: (created: { token: string; name: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const { viewer } = useViewer();
  const labels = useScopeLabels();
  const hints = useScopeHints();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<string[]>(['read']);
  const [days, setDays] = useState<number>(DEFAULT_DAYS);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [create, { loading }] = useMutation(CreateApiTokenDocument, {
    // The new token heads the list (newest first) without another round trip.
    update(cache, { data }) {
      const created = data?.createApiToken.apiToken;
      if (!created) return;
      cache.updateQuery({ query: ApiTokensDocument }, (current) =>
        current
          ? {
              ...current,
              apiTokens: [created, ...current.apiTokens.filter((row) => row.id !== created.id)],
            }
          : undefined,
      );
    },
  });
  // The admin scope is for site admins and moderators, as the server checks.
  const offered = API_SCOPES.filter(
    (scope) => scope !== 'admin' || viewer?.isAdmin || viewer?.isModerator,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = apiTokenInputSchema(new Date()).safeParse({
      name,
      scopes,
      expiresAt: expiryFor(days),
    });
    if (!parsed.success) {
      const next: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = fieldOf(issue.path.map(String).join('.'));
        if (field && !next[field]) next[field] = translateServerMessage(t, issue.message);
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      const result = await create({
        variables: {
          input: {
            name: parsed.data.name,
            scopes: parsed.data.scopes,
            expiresAt: parsed.data.expiresAt.toISOString(),
          },
        },
      });
      const token = result.data?.createApiToken.token;
      if (token) onCreated({ token, name: parsed.data.name });
    } catch (error) {
      const info = serverErrorOf(error, t);
      const field = fieldOf(info.field);
      if (field) setErrors({ [field]: info.message });
      else notifyError(error);
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('access:tokens.form.name')}
          description={t('access:tokens.form.nameHint', { max: API_TOKEN_NAME_MAX })}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <Checkbox.Group
          label={t('access:tokens.form.scopes')}
          description={t('access:tokens.form.scopesHint')}
          value={scopes}
          onChange={(next) => {
            setScopes(next);
            if (next.length > 0) setErrors(({ scopes: _gone, ...rest }) => rest);
          }}
          error={errors.scopes}
        >
          <Stack gap="sm" mt="xs">
            {offered.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={labels[scope]}
                description={hints[scope]}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <Select
          label={t('access:tokens.form.expiry')}
          description={t('access:tokens.form.expiryHint', {
            date: formatDay(expiryFor(days), i18n.language),
          })}
          data={API_TOKEN_DAY_CHOICES.map((choice) => ({
            value: String(choice),
            label: t('access:tokens.form.days', { count: choice }),
          }))}
          value={String(days)}
          onChange={(value) => value && setDays(Number(value))}
          allowDeselect={false}
          error={errors.expiresAt}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={loading}>
            {t('access:tokens.form.create')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The new token, shown this once, with a copy button and the warning that it will not return. */
function CreatedToken({
  token,
  name,
  onDone,
}: {
  token: string;
  name: string;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const clipboard = useClipboard({ timeout: 2000 });
  return (
    <Stack gap="md">
      <Alert
        color="yellow"
        icon={<IconAlertTriangle size={18} />}
        title={t('access:tokens.shown.warningTitle')}
      >
        {t('access:tokens.shown.warning')}
      </Alert>
      <TextInput
        label={t('access:tokens.shown.token', { name })}
        value={token}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        error={clipboard.error ? t('access:tokens.shown.copyFailed') : undefined}
      />
      <Group justify="space-between">
        <Button
          variant="light"
          color={clipboard.copied ? 'teal' : undefined}
          leftSection={clipboard.copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
          onClick={() => clipboard.copy(token)}
          data-autofocus
        >
          {clipboard.copied ? t('access:tokens.shown.copied') : t('access:tokens.shown.copy')}
        </Button>
        <Button onClick={onDone}>{t('access:tokens.shown.done')}</Button>
      </Group>
    </Stack>
  );
}

/**
 * "New token": a name, scopes and an expiry; once created, the token itself, which shows here and
 * never again. A click outside does not close it then, so the token is not lost by a stray click.
 * The parent gives it a new `key` each time it opens, so every opening starts a fresh form.
 */
export function NewApiTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [created, setCreated] = useState<{ token: string; name: string } | null>(null);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={created ? t('access:tokens.shown.title') : t('access:tokens.form.title')}
      centered
      closeOnClickOutside={!created}
    >
      {created ? (
        <CreatedToken token={created.token} name={created.name} onDone={onClose} />
      ) : (
        <TokenForm onCreated={setCreated} />
      )}
    </Modal>
  );
}
