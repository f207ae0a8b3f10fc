import { Button, Group, TextInput } from '@mantine/core';
import { IconBrandYoutube } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateServerMessage } from '../../components/notify';
import { youtubeDraft, type MediaDraft } from './mediaDrafts';

/** The YouTube link box: a link without an 11-character video id says so at once. */
export function YoutubeBox({
  onAdd,
  disabled,
}: {
  onAdd: (draft: MediaDraft) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [link, setLink] = useState('');
  const [error, setError] = useState<string | null>(null);

  const add = (event?: FormEvent) => {
    event?.preventDefault();
    if (!link.trim()) return;
    const draft = youtubeDraft(link);
    if (typeof draft === 'string') {
      setError(translateServerMessage(t, draft));
      return;
    }
    onAdd(draft);
    setLink('');
    setError(null);
  };

  // Not a <form>: the box sits inside the post form, and nested forms are invalid HTML.
  return (
    <Group align="flex-start" gap="xs" wrap="nowrap">
      <TextInput
        style={{ flex: 1 }}
        label={t('media:youtube.label')}
        placeholder={t('media:youtube.placeholder')}
        leftSection={<IconBrandYoutube size={16} />}
        value={link}
        error={error}
        disabled={disabled}
        onChange={(event) => {
          setLink(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') add(event);
        }}
      />
      <Button variant="default" mt={25} disabled={disabled || !link.trim()} onClick={() => add()}>
        {t('media:youtube.add')}
      </Button>
    </Group>
  );
}
