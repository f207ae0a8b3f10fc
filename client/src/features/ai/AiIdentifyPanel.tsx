import { useMutation, useQuery } from '@apollo/client/react';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import type { AiIdentifyKind } from '@rules';
import { IconSparkles } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  AiIdentifyDocument,
  MyAiConfigsDocument,
  type AiResultFieldsFragment,
} from '../../gql/graphql';
import { aiErrorOf } from './aiErrors';
import { AiResultList } from './AiResultList';
import { useAiTexts } from './aiTexts';

export interface AiIdentifyPanelProps {
  /** What the person may ask for here, the first preselected. */
  kinds: readonly AiIdentifyKind[];
  /** The text typed so far (plain text), read when the person asks. */
  text?: () => string;
  /** A problem to read (the problem page, a solution under a problem). */
  problemId?: string | null;
  /** Where identified problems would be published. */
  spaceId?: string | null;
  /** Called with each new result (the problem page refreshes its analysis). */
  onResult?: (result: AiResultFieldsFragment) => void;
}

/**
 * An AI helper: the person picks what to identify (and which of their AI configs, when they hold
 * several), asks, and sees the items unpublished with a Publish action each. Without a config it
 * says where to add one. Loaded only when a person opens it, with the AI texts.
 */
export function AiIdentifyPanel({
  kinds,
  text,
  problemId,
  spaceId,
  onResult,
}: AiIdentifyPanelProps) {
  const { t } = useTranslation();
  const textsReady = useAiTexts();
  const configs = useQuery(MyAiConfigsDocument);
  const [kind, setKind] = useState<AiIdentifyKind>(kinds[0] ?? 'problems');
  const [configId, setConfigId] = useState<string | null>(null);
  const [result, setResult] = useState<AiResultFieldsFragment | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [identify, { loading }] = useMutation(AiIdentifyDocument);

  if (!textsReady || (configs.loading && !configs.data)) return <Loader size="sm" />;
  const list = configs.data?.myAiConfigs ?? [];
  if (list.length === 0)
    return (
      <Alert color="blue" variant="light" title={t('ai:errors.noConfig')}>
        <Anchor component={Link} to="/settings/ai" size="sm">
          {t('ai:helpers.openSettings')}
        </Anchor>
      </Alert>
    );

  const ask = async () => {
    setFailure(null);
    try {
      const answer = await identify({
        variables: {
          input: {
            kind,
            text: text?.().trim() || null,
            problemId: problemId ?? null,
            spaceId: spaceId ?? null,
            configId,
          },
        },
      });
      const next = answer.data?.aiIdentify ?? null;
      setResult(next);
      if (next) onResult?.(next);
    } catch (error) {
      setFailure(aiErrorOf(error, t).message);
    }
  };

  return (
    <Stack gap="sm" data-testid="ai-identify">
      <Text size="xs" c="dimmed">
        {t('ai:helpers.hint')}
      </Text>
      {kinds.length > 1 ? (
        <SegmentedControl
          size="xs"
          value={kind}
          onChange={(value) => setKind(value as AiIdentifyKind)}
          data={kinds.map((value) => ({ value, label: t(`ai:helpers.kinds.${value}`) }))}
          aria-label={t('ai:helpers.whatToIdentify')}
        />
      ) : null}
      <Group gap="sm" align="flex-end" wrap="wrap">
        {list.length > 1 ? (
          <Select
            size="xs"
            label={t('ai:helpers.config')}
            value={configId ?? list.find((config) => config.isDefault)?.id ?? null}
            onChange={setConfigId}
            data={list.map((config) => ({ value: config.id, label: config.name }))}
            allowDeselect={false}
            w={200}
          />
        ) : null}
        <Button
          size="xs"
          leftSection={<IconSparkles size={14} aria-hidden />}
          loading={loading}
          onClick={() => void ask()}
        >
          {t('ai:helpers.identify', { kind: t(`ai:helpers.kinds.${kind}`) })}
        </Button>
      </Group>
      {loading ? (
        <Text size="sm" c="dimmed">
          {t('ai:helpers.thinking')}
        </Text>
      ) : null}
      {failure ? (
        <Alert color="red" variant="light">
          {failure}
        </Alert>
      ) : null}
      {result && !loading ? <AiResultList result={result} onChange={setResult} /> : null}
    </Stack>
  );
}
