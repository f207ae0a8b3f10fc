import { Card, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

/**
 * A card of a settings page: its title (with an `action` beside it, e.g. "New token"), a line
 * saying what it holds, and its content.
 */
export function SettingsCard({
  title,
  intro,
  action,
  children,
}: {
  title: ReactNode;
  intro: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <Title order={2} size="h4">
      {title}
    </Title>
  );
  return (
    <Card withBorder radius="md">
      <Stack gap="sm">
        {action ? (
          <Group justify="space-between" align="flex-start">
            {heading}
            {action}
          </Group>
        ) : (
          heading
        )}
        <Text size="sm" c="dimmed">
          {intro}
        </Text>
        {children}
      </Stack>
    </Card>
  );
}

/** The rows of a settings list, a divider between each two; `empty` says when there are none. */
export function DividedRows<Item>({
  items,
  keyOf,
  empty,
  children,
}: {
  items: readonly Item[];
  keyOf: (item: Item) => string;
  empty?: ReactNode;
  children: (item: Item) => ReactNode;
}) {
  if (items.length === 0 && empty)
    return (
      <Text size="sm" c="dimmed">
        {empty}
      </Text>
    );
  return items.map((item, index) => (
    <Fragment key={keyOf(item)}>
      {index > 0 && <Divider />}
      {children(item)}
    </Fragment>
  ));
}
