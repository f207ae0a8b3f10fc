import { Avatar, Group, Stack, Switch, Text } from '@mantine/core';
import { IconUserQuestion } from '@tabler/icons-react';

/**
 * The "post as yourself / Anonymous" row: the author's avatar (or the anonymous one) beside the
 * Anonymous switch. With `postingAs` a "Posting as …" line shows above the switch.
 */
export function PostingAsField({
  anonymous,
  onAnonymousChange,
  photoURL,
  displayName,
  label,
  hint,
  postingAs,
}: {
  anonymous: boolean;
  onAnonymousChange: (anonymous: boolean) => void;
  photoURL: string | null | undefined;
  displayName: string;
  label: string;
  hint: string;
  postingAs?: string;
}) {
  const toggle = (
    <Switch
      checked={anonymous}
      onChange={(event) => onAnonymousChange(event.currentTarget.checked)}
      label={label}
      description={hint}
    />
  );
  return (
    <Group wrap="nowrap" align="flex-start">
      {anonymous ? (
        <Avatar radius="xl" aria-hidden>
          <IconUserQuestion size={20} />
        </Avatar>
      ) : (
        <Avatar
          radius="xl"
          src={photoURL || null}
          name={displayName}
          color="initials"
          aria-hidden
        />
      )}
      {postingAs === undefined ? (
        toggle
      ) : (
        <Stack gap={2} style={{ flex: 1 }}>
          <Text size="sm" fw={500}>
            {postingAs}
          </Text>
          {toggle}
        </Stack>
      )}
    </Group>
  );
}
