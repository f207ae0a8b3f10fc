import { Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { TagBadges } from '../../components/hashtags';
import { loadStateView } from '../../components/LoadState';
import { CommonDocument } from '../../gql/graphql';
import { ProblemCard } from '../problems';
import { SpaceCard, useChangeSpace } from '../spaces';

/** What the viewer and this person share: spaces, tags and problems. */
export function CommonTab({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const { enter, dialog } = useChangeSpace();
  const { data, loading, error, refetch } = useQuery(CommonDocument, {
    variables: { userId },
    fetchPolicy: 'cache-and-network',
  });
  const common = data?.common;
  if (!common)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <Skeleton height={120} radius="md" />,
      errorTitle: t('people:list.loadFailed'),
    });
  const section = (title: string, empty: boolean, body: React.ReactNode) => (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {title}
      </Title>
      {empty ? (
        <Text size="sm" c="dimmed">
          {t('people:common.nothing')}
        </Text>
      ) : (
        body
      )}
    </Stack>
  );
  return (
    <Stack gap="lg">
      {section(
        t('people:common.spaces'),
        common.spaces.length === 0,
        <Stack gap="sm">
          {common.spaces.map((space) => (
            <SpaceCard key={space.id} space={space} onEnter={(entered) => void enter(entered)} />
          ))}
        </Stack>,
      )}
      {section(t('people:common.tags'), common.tags.length === 0, <TagBadges tags={common.tags} />)}
      {section(
        t('people:common.problems'),
        common.problems.length === 0,
        <Stack gap="sm">
          {common.problems.map((problem) => (
            <ProblemCard key={problem.id} problem={problem} />
          ))}
        </Stack>,
      )}
      {dialog}
    </Stack>
  );
}
