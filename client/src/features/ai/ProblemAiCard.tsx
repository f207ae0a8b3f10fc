import { useQuery } from '@apollo/client/react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { AI_IDENTIFY_KINDS } from '@rules';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../components/RelativeTime';
import { ProblemAiInfoDocument } from '../../gql/graphql';
import { AiIdentifyPanel } from './AiIdentifyPanel';
import { AiResultList } from './AiResultList';
import { useAiTexts } from './aiTexts';

/** Everything but problems: a problem's page asks about this problem. */
const PROBLEM_KINDS = AI_IDENTIFY_KINDS.filter((kind) => kind !== 'problems');

/**
 * A problem's AI analysis on its page: the last one its editors ran (`aiInfo`), shown to every
 * reader, and for a signed-in reader the helper to ask again. Nothing at all for a signed-out
 * reader of a problem never analysed.
 */
export function ProblemAiCard({ problemId, signedIn }: { problemId: string; signedIn: boolean }) {
  const { t } = useTranslation();
  const textsReady = useAiTexts();
  const { data, refetch } = useQuery(ProblemAiInfoDocument, { variables: { id: problemId } });
  const [asking, setAsking] = useState(false);
  const info = data?.problem?.aiInfo ?? null;
  if (!textsReady || (!info && !signedIn)) return null;
  return (
    <Card withBorder radius="md" padding="md" data-testid="problem-ai">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Title order={2} size="h5">
            {t('ai:helpers.analysisTitle')}
          </Title>
          {signedIn && !asking ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSparkles size={14} aria-hidden />}
              onClick={() => setAsking(true)}
            >
              {t('ai:helpers.ask')}
            </Button>
          ) : null}
        </Group>
        {info ? (
          <>
            <Group gap={6}>
              <Text size="xs" c="dimmed">
                {t(`ai:helpers.kinds.${info.kind}`)} ·
              </Text>
              <RelativeTime date={info.createdAt} size="xs" c="dimmed" />
            </Group>
            <AiResultList result={info} />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            {t('ai:helpers.noAnalysis')}
          </Text>
        )}
        {asking ? (
          <AiIdentifyPanel
            kinds={PROBLEM_KINDS}
            problemId={problemId}
            onResult={() => {
              void refetch();
              // An editor's run is the problem's analysis now, shown above with its Publish actions.
              if (data?.problem?.canEdit) setAsking(false);
            }}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
