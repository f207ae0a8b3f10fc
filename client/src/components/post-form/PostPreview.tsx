import { Card, Group, Stack, Text, Title, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { RichText } from '../RichText';

/**
 * The preview card of a post form: author, trimmed title and description. `badges` show beside the
 * author; `children` show under the description.
 */
export function PostPreview({
  label,
  authorName,
  title,
  description,
  badges,
  mt,
  children,
}: {
  label: string;
  authorName: string;
  title: string;
  description: string;
  badges?: ReactNode;
  mt?: MantineSpacing;
  children?: ReactNode;
}) {
  const author = (
    <Text size="sm" fw={600}>
      {authorName}
    </Text>
  );
  return (
    <Card withBorder radius="md" padding="md" mt={mt} aria-label={label}>
      <Stack gap="xs">
        {badges === undefined ? (
          author
        ) : (
          <Group justify="space-between">
            {author}
            <Group gap={6}>{badges}</Group>
          </Group>
        )}
        <Title order={3} size="h4">
          {title.trim()}
        </Title>
        <RichText html={description} />
        {children}
      </Stack>
    </Card>
  );
}
