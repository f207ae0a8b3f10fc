import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled section of a side list (the chat lists' groups, AI chats), with actions beside its title. */
export function ListSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Stack gap={4} component="section" aria-label={title}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="xs" fw={700} c="dimmed" tt="uppercase" component="h3">
          {title}
        </Text>
        {actions ? (
          <Group gap={2} wrap="nowrap">
            {actions}
          </Group>
        ) : null}
      </Group>
      {children}
    </Stack>
  );
}
