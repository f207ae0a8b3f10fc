import {
  CloseButton,
  Combobox,
  Group,
  Pill,
  Stack,
  Text,
  TextInput,
  useCombobox,
} from '@mantine/core';
import { normalizeTag, tagSchema } from '@rules';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
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
 * Chosen tags as removable chips and a tag input with suggestions from the active space. Enter,
 * Space or choosing a suggestion adds the tag (without '#', lower-cased) and empties the input;
 * Enter adds the highlighted suggestion when one is highlighted (arrow keys), else the typed text.
 * Each chip's remove button is in the tab order, and Backspace in the empty input removes the last
 * chip. The input is disabled once `max` tags are chosen; the chips stay removable by keyboard.
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
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const inputRef = useRef<HTMLInputElement>(null);
  // Set when a chip is removed, so focus moves to the input once it is enabled again instead of
  // being lost with the removed button.
  const focusInputNext = useRef(false);
  const full = value.length >= max;
  const options = suggestions.map((item) => item.name).filter((tag) => !value.includes(tag));

  useEffect(() => {
    if (!focusInputNext.current || full) return;
    focusInputNext.current = false;
    inputRef.current?.focus();
  });

  const add = (raw: string) => {
    const parsed = tagSchema.safeParse(raw);
    if (!parsed.success) {
      if (normalizeTag(raw)) notifyRule(t('tags:errors.tagInvalid'));
      return;
    }
    setText('');
    combobox.closeDropdown();
    if (value.includes(parsed.data)) return;
    if (value.length + 1 > max) {
      notifyRule(tooManyMessage);
      return;
    }
    onChange([...value, parsed.data]);
  };

  const remove = (tag: string) => {
    focusInputNext.current = true;
    onChange(value.filter((item) => item !== tag));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // A highlighted suggestion is the combobox's to submit (it calls onOptionSubmit).
      if (combobox.dropdownOpened && combobox.getSelectedOptionIndex() !== -1) return;
      event.preventDefault();
      if (text.trim()) add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      remove(value[value.length - 1]!);
    }
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
              onRemove={() => remove(tag)}
              removeButtonProps={{
                // Mantine keeps a chip's remove button out of the tab order and hidden from
                // assistive technology; ours are buttons people reach with Tab and press with
                // Enter or Space. (Undefined drops the attribute: the dialog's focus trap skips
                // anything carrying aria-hidden, even "false".)
                tabIndex: 0,
                'aria-hidden': undefined,
                'aria-label': t('tags:picker.remove', { tag }),
              }}
            >
              #{tag}
            </Pill>
          ))}
        </Group>
      ) : null}
      <Combobox
        store={combobox}
        onOptionSubmit={(option) => add(option)}
        withinPortal
        keepMounted={false}
      >
        <Combobox.Target withExpandedAttribute>
          <TextInput
            ref={inputRef}
            label={label}
            placeholder={full ? t('tags:picker.full') : t('tags:picker.placeholder')}
            disabled={full}
            value={text}
            onChange={(event) => {
              const next = event.currentTarget.value;
              // Space commits a tag, as Enter does.
              if (/\s$/u.test(next) && next.trim()) {
                add(next);
                return;
              }
              setText(next);
              combobox.resetSelectedOption();
              if (next.trim()) combobox.openDropdown();
              else combobox.closeDropdown();
            }}
            onFocus={() => {
              if (text.trim()) combobox.openDropdown();
            }}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={onKeyDown}
            autoComplete="off"
            rightSection={
              text ? (
                <CloseButton
                  size="sm"
                  aria-label={t('tags:picker.clear')}
                  onClick={() => {
                    setText('');
                    combobox.closeDropdown();
                  }}
                />
              ) : null
            }
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={options.length === 0 || !text.trim()}>
          <Combobox.Options>
            {options.map((tag) => (
              <Combobox.Option value={tag} key={tag}>
                #{tag}
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Stack>
  );
}
