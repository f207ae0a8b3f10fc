import { Card, Switch } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from './notify';

/**
 * One on/off setting on a settings page: drawn disabled until the setting has loaded and while a
 * change is saved, with a toast saying what the new setting means (or why it failed).
 */
export function SettingSwitchCard({
  checked,
  loaded,
  save,
  savedText,
  label,
  description,
}: {
  checked: boolean;
  loaded: boolean;
  save: (next: boolean) => Promise<unknown>;
  savedText: (next: boolean) => string;
  label: string;
  description: string;
}) {
  const [saving, setSaving] = useState(false);

  const change = async (next: boolean) => {
    setSaving(true);
    try {
      await save(next);
      notifySuccess(savedText(next));
    } catch (error) {
      notifyError(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card withBorder radius="md">
      <Switch
        checked={checked}
        disabled={!loaded || saving}
        onChange={(event) => void change(event.currentTarget.checked)}
        label={label}
        description={description}
      />
    </Card>
  );
}
