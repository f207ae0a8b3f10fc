import { useQuery } from '@apollo/client/react';
import { Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, Group } from '@mantine/core';
import { IconBook, IconHash, IconPuzzle, IconTool, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { DashboardDocument } from '../../gql/graphql';

/** /dashboard: stat tiles of the active space (what the viewer may see there). */
export function DashboardPage() {
  const { t } = useTranslation();
  const { spaceId, spaceName, kind } = useActiveSpace();
  const { data, loading, error, refetch } = useQuery(DashboardDocument, {
    variables: { spaceId: spaceId || null },
    fetchPolicy: 'cache-and-network',
  });
  const info = data?.dashboard;
  const tiles = info
    ? [
        {
          key: 'problems',
          label: t('tags:dashboard.problems', { count: info.totalProblems }),
          value: info.totalProblems,
          icon: IconPuzzle,
          color: 'red',
        },
        {
          key: 'stories',
          label: t('tags:dashboard.stories', { count: info.totalStories }),
          value: info.totalStories,
          icon: IconBook,
          color: 'blue',
        },
        {
          key: 'tags',
          label: t('tags:dashboard.tags', { count: info.totalTags }),
          value: info.totalTags,
          icon: IconHash,
          color: 'grape',
        },
        {
          key: 'users',
          label:
            kind === 'private'
              ? t('tags:dashboard.participants', { count: info.totalUsers })
              : t('tags:dashboard.users', { count: info.totalUsers }),
          value: info.totalUsers,
          icon: IconUsers,
          color: 'teal',
        },
        {
          key: 'skills',
          label: t('tags:dashboard.skills', { count: info.totalSkills }),
          value: info.totalSkills,
          icon: IconTool,
          color: 'orange',
        },
      ]
    : [];
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!info,
    skeleton: (
      <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} height={100} radius="md" />
        ))}
      </SimpleGrid>
    ),
    errorTitle: t('tags:dashboard.loadFailed'),
  });
  return (
    <Stack gap="md" maw={960} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('tags:dashboard.title', { space: spaceName })}
      </Title>
      {waiting ?? (
        <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }}>
          {tiles.map((tile) => (
            <Paper key={tile.key} withBorder radius="md" p="md">
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                    {tile.label}
                  </Text>
                  <Text fz={28} fw={700} lh={1.1}>
                    {tile.value}
                  </Text>
                </Stack>
                <ThemeIcon variant="light" color={tile.color} radius="md" aria-hidden>
                  <tile.icon size={18} />
                </ThemeIcon>
              </Group>
            </Paper>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
