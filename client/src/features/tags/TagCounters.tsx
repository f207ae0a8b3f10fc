import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TagCardFragment } from '../../gql/graphql';

/** A tag's numbers: problems, stories and solutions of the active space; followers everywhere. */
export function TagCounters({ counters }: { counters: TagCardFragment['counters'] }) {
  const { t } = useTranslation();
  const items = [
    {
      key: 'problems',
      label: t('tags:counters.problems'),
      value: counters.totalProblems,
    },
    {
      key: 'stories',
      label: t('tags:counters.stories'),
      value: counters.totalStories,
    },
    {
      key: 'solutions',
      label: t('tags:counters.solutions'),
      value: counters.totalSolutions,
    },
    {
      key: 'followers',
      label: t('tags:counters.followers'),
      value: counters.totalFollowers,
    },
  ];
  return (
    <Group gap="md" wrap="wrap">
      {items.map((item) => (
        <Text key={item.key} size="sm" c="dimmed">
          <Text span fw={600} c="var(--mantine-color-text)">
            {item.value}
          </Text>{' '}
          {item.label}
        </Text>
      ))}
    </Group>
  );
}
