import { Alert, Button, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPACE_NAME_MAX, SPACE_PURPOSE_MAX, spaceNameSchema, spacePurposeSchema } from '@rules';
import { serverErrorOf, translateServerMessage } from '../../components/notify';

export interface SpaceFormValues {
  name: string;
  description: string;
}

/**
 * Name (counter 150), purpose (counter 255) and the one image (uploads come later): the create
 * dialog and the settings page. Checks the shared rules first, then shows the server's answer.
 */
export function SpaceForm({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial?: SpaceFormValues;
  submitLabel: string;
  onSubmit: (values: SpaceFormValues) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(initial?.name ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [errors, setErrors] = useState<{ name?: string; description?: string }>({});
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const nameCheck = spaceNameSchema.safeParse(name);
    const purposeCheck = spacePurposeSchema.safeParse(description);
    const next = {
      name: nameCheck.success
        ? undefined
        : translateServerMessage(t, nameCheck.error.issues[0]?.message ?? ''),
      description: purposeCheck.success
        ? undefined
        : translateServerMessage(t, purposeCheck.error.issues[0]?.message ?? ''),
    };
    setErrors(next);
    if (next.name || next.description) return;
    setSaving(true);
    try {
      await onSubmit({ name: name.trim(), description: description.trim() });
    } catch (caught) {
      const info = serverErrorOf(caught, t);
      setErrors(
        info.field === 'description' ? { description: info.message } : { name: info.message },
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('spaces:form.name')}
          placeholder={t('spaces:form.namePlaceholder')}
          required
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          maxLength={SPACE_NAME_MAX + 50}
          description={t('spaces:form.counter', { count: name.length, max: SPACE_NAME_MAX })}
          data-autofocus
        />
        <Textarea
          label={t('spaces:form.purpose')}
          placeholder={t('spaces:form.purposePlaceholder')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          error={errors.description}
          autosize
          minRows={3}
          description={t('spaces:form.counter', {
            count: description.length,
            max: SPACE_PURPOSE_MAX,
          })}
        />
        <Alert
          variant="light"
          color="gray"
          icon={<IconPhoto size={18} />}
          title={t('spaces:form.image')}
        >
          <Text size="sm">{t('spaces:form.imageLater')}</Text>
        </Alert>
        <Group justify="flex-end">
          {onCancel ? (
            <Button variant="default" onClick={onCancel}>
              {t('common:actions.cancel')}
            </Button>
          ) : null}
          <Button type="submit" loading={saving}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
