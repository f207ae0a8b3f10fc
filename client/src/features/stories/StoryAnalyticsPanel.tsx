import { useMutation, useQuery } from '@apollo/client/react';
import { ActionIcon, Button, Card, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBrandWikipedia, IconSparkles } from '@tabler/icons-react';
import { wikipediaUrlOf } from '@rules';
import { useTranslation } from 'react-i18next';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import {
  AnalyzeStoryDocument,
  StoryAnalyticsDocument,
  type StoryAnalyticsFieldsFragment,
} from '../../gql/graphql';
import { notifyAiError, useAiTexts } from '../ai';

type Entity = StoryAnalyticsFieldsFragment['entities'][number];

/** A chip's text size by the entity's share of the story: the central ones read larger. */
const sizeOf = (salience: number) => (salience >= 0.25 ? 'lg' : salience >= 0.12 ? 'md' : 'sm');

function EntityChip({ entity }: { entity: Entity }) {
  const { t } = useTranslation();
  // Checked on the server before it was stored; checked again before it becomes a link.
  const wikipediaUrl = wikipediaUrlOf(entity.wikipediaUrl);
  const percent = Math.round(entity.salience * 100);
  return (
    <Paper withBorder radius="xl" px="sm" py={4} data-testid="story-entity">
      <Group gap={6} wrap="nowrap">
        <Text size={sizeOf(entity.salience)} fw={500} style={{ overflowWrap: 'anywhere' }}>
          {entity.name}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t(`ai:storyAnalytics.types.${entity.type}`)} · {percent}%
        </Text>
        {wikipediaUrl && (
          <ActionIcon
            component="a"
            href={wikipediaUrl}
            target="_blank"
            rel="noopener noreferrer nofollow"
            variant="subtle"
            color="gray"
            size="sm"
            aria-label={t('ai:storyAnalytics.wikipedia', { name: entity.name })}
          >
            <IconBrandWikipedia size={16} aria-hidden />
          </ActionIcon>
        )}
      </Group>
    </Paper>
  );
}

/**
 * A story's key topics below it (its own chunk, with the AI texts): the entities a provider found
 * for this version of the story, else the fallback from its hashtags and phrases, saying which;
 * a reader with an AI config may ask their own provider.
 */
export function StoryAnalyticsPanel({ storyId }: { storyId: string }) {
  const { t } = useTranslation();
  const textsReady = useAiTexts();
  const { data, loading, error, refetch } = useQuery(StoryAnalyticsDocument, {
    variables: { storyId },
    skip: !textsReady,
  });
  const [analyze, analyzing] = useMutation(AnalyzeStoryDocument);
  if (!textsReady) return null;

  const analytics = data?.storyAnalytics;
  const pending = loadStateView({
    loading,
    error,
    refetch,
    hasData: Boolean(analytics),
    skeleton: <SkeletonRows count={1} height={64} label={t('ai:storyAnalytics.loading')} />,
    errorTitle: t('ai:storyAnalytics.loadFailed'),
  });
  const fromProvider = analytics?.source === 'provider';

  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="key-topics">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs">
          <Title order={2} size="h4" id="key-topics">
            {t('ai:storyAnalytics.title')}
          </Title>
          {analytics?.viewerCanAnalyze && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSparkles size={16} aria-hidden />}
              loading={analyzing.loading}
              onClick={() =>
                void analyze({ variables: { storyId } }).catch((failure: unknown) =>
                  notifyAiError(failure, t),
                )
              }
            >
              {t('ai:storyAnalytics.analyze')}
            </Button>
          )}
        </Group>
        {pending ??
          (analytics && (
            <>
              {analytics.entities.length > 0 ? (
                <Group gap="xs" data-testid="story-entities">
                  {analytics.entities.map((entity) => (
                    <EntityChip key={entity.name} entity={entity} />
                  ))}
                </Group>
              ) : (
                <Text size="sm">{t('ai:storyAnalytics.empty')}</Text>
              )}
              <Text size="xs" c="dimmed" data-testid="story-analytics-source">
                {fromProvider
                  ? t('ai:storyAnalytics.sourceProvider')
                  : t('ai:storyAnalytics.sourceFallback')}
              </Text>
            </>
          ))}
      </Stack>
    </Card>
  );
}
