import { Autocomplete, CloseButton, Group, Pill, Stack, Text } from '@mantine/core';
import { normalizeTag, tagSchema } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyRule } from './toast';
import { useSuggestions } from './useTagSuggestions';

export interface TagPickerProps {
  value: string[];
  onChange: (tags: string[]) => void;
  max: number;
  label: string;
  /** Said when one more than `max` is chosen (the selection is then cleared). */
  tooManyMessage: string;
  counter?: string;
}

/**
 * Chosen tags as removable pills and a tag input with suggestions from the active space. Enter,
 * Space or choosing a suggestion adds the tag (without '#', lower-cased); the input is disabled
 * once `max` tags are chosen.
 */
export function TagPicker({
  value,
  onChange,
  max,
  label,
  tooManyMessage,
  counter,
}: TagPickerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const suggestions = useSuggestions(text, 'tags');
  const full = value.length >= max;

  const add = (raw: string) => {
    const parsed = tagSchema.safeParse(raw);
    if (!parsed.success) {
      if (normalizeTag(raw)) notifyRule(t('tags:errors.tagInvalid'));
      return;
    }
    setText('');
    if (value.includes(parsed.data)) return;
    if (value.length + 1 > max) {
      notifyRule(tooManyMessage);
      return;
    }
    onChange([...value, parsed.data]);
  };

  return (
    <Stack gap="xs">
      {counter ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          {counter}
        </Text>
      ) : null}
      {value.length ? (
        <Group gap={6}>
          {value.map((tag) => (
            <Pill
              key={tag}
              size="md"
              withRemoveButton
              onRemove={() => onChange(value.filter((item) => item !== tag))}
              removeButtonProps={{
                'aria-label': t('tags:picker.remove', { tag }),
              }}
            >
              #{tag}
            </Pill>
          ))}
        </Group>
      ) : null}
      <Autocomplete
        label={label}
        placeholder={full ? t('tags:picker.full') : t('tags:picker.placeholder')}
        disabled={full}
        value={text}
        onChange={(next) => {
          // Space commits a tag, as Enter does.
          if (/\s$/u.test(next) && next.trim()) add(next);
          else setText(next);
        }}
        onOptionSubmit={(option) => add(option)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && text.trim()) {
            event.preventDefault();
            add(text);
          }
        }}
        data={suggestions.map((item) => item.name).filter((tag) => !value.includes(tag))}
        rightSection={
          text ? (
            <CloseButton
              size="sm"
              aria-label={t('tags:picker.clear')}
              onClick={() => setText('')}
            />
          ) : null
        }
        comboboxProps={{ withinPortal: true }}
      />
    </Stack>
  );
}
