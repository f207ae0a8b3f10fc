import { Avatar, Group, Radio, Stack, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';

/** "Post as" as a step of its own: the viewer, or Anonymous with what that means. */
export function PostingAsChoice({
  anonymous,
  onAnonymousChange,
  photoURL,
  displayName,
  label,
  anonymousName,
  hint,
}: {
  anonymous: boolean;
  onAnonymousChange: (anonymous: boolean) => void;
  photoURL: string | null | undefined;
  displayName: string;
  label: string;
  anonymousName: string;
  hint: string;
}) {
  return (
    <Radio.Group
      pt="sm"
      label={label}
      value={anonymous ? 'anonymous' : 'self'}
      onChange={(value) => onAnonymousChange(value === 'anonymous')}
    >
      <Stack gap="sm" mt="xs">
        <Radio
          value="self"
          label={
            <Group gap="xs" wrap="nowrap">
              <Avatar
                size="sm"
                radius="xl"
                src={photoURL || null}
                name={displayName}
                color="initials"
                aria-hidden
              />
              <Text size="sm">{displayName}</Text>
            </Group>
          }
        />
        <Radio
          value="anonymous"
          label={
            <Group gap="xs" wrap="nowrap">
              <Avatar size="sm" radius="xl" aria-hidden>
                <IconUserQuestion size={14} />
              </Avatar>
              <Text size="sm">{anonymousName}</Text>
            </Group>
          }
          description={hint}
        />
      </Stack>
    </Radio.Group>
  );
}
