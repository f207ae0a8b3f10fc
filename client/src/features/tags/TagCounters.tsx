import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TagCardFragment } from '../../gql/graphql';

/** A tag's numbers: problems, stories and solutions of the active space; followers everywhere. */
export function TagCounters({ counters }: { counters: TagCardFragment['counters'] }) {
  const { t } = useTranslation();
  const items = [
    { key: 'problems', text: t('tags:counters.problems', { count: counters.totalProblems }) },
    { key: 'stories', text: t('tags:counters.stories', { count: counters.totalStories }) },
    { key: 'solutions', text: t('tags:counters.solutions', { count: counters.totalSolutions }) },
    { key: 'followers', text: t('tags:counters.followers', { count: counters.totalFollowers }) },
  ];
  return (
    <Group gap="md" wrap="wrap">
      {items.map((item) => (
        <Text key={item.key} size="sm" c="dimmed">
          {item.text}
        </Text>
      ))}
    </Group>
  );
}
