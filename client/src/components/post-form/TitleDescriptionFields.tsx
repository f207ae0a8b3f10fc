import { Stack, Text, TextInput } from '@mantine/core';
import { useId } from 'react';
import { RichTextEditor } from '../RichTextEditor';

/** The required title input and the labelled rich-text description editor of a post form. */
export function TitleDescriptionFields({
  title,
  onTitleChange,
  titleLabel,
  titlePlaceholder,
  titleError,
  description,
  onDescriptionChange,
  descriptionLabel,
  descriptionPlaceholder,
  descriptionError,
}: {
  title: string;
  onTitleChange: (title: string) => void;
  titleLabel: string;
  titlePlaceholder: string;
  titleError: string | null;
  description: string;
  onDescriptionChange: (html: string) => void;
  descriptionLabel: string;
  descriptionPlaceholder: string;
  descriptionError: string | null;
}) {
  const editorId = useId();
  return (
    <>
      <TextInput
        label={titleLabel}
        placeholder={titlePlaceholder}
        value={title}
        onChange={(event) => onTitleChange(event.currentTarget.value)}
        error={titleError}
        required
        data-autofocus
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} component="label" htmlFor={editorId}>
          {descriptionLabel}
        </Text>
        <RichTextEditor
          id={editorId}
          value={description}
          onChange={onDescriptionChange}
          ariaLabel={descriptionLabel}
          placeholder={descriptionPlaceholder}
          error={descriptionError}
        />
      </Stack>
    </>
  );
}
