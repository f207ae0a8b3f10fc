import { useQuery } from '@apollo/client/react';
import { Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SkeletonRows, loadStateView } from '../../components/LoadState';
import { DividedRows, SettingsCard } from '../../components/SettingsCard';
import { MyAiUsageDocument } from '../../gql/graphql';

/** This month's AI spending against the monthly cap, in total and per config. */
export function AiUsageCard() {
  const { t, i18n } = useTranslation();
  const { data, loading, error, refetch } = useQuery(MyAiUsageDocument, {
    fetchPolicy: 'cache-and-network',
  });
  const usage = data?.myAiUsage;
  const number = (value: number) => value.toLocaleString(i18n.language);
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: Boolean(usage),
    skeleton: <SkeletonRows count={1} height={48} label={t('ai:usage.title')} />,
    errorTitle: t('ai:usage.loadFailed'),
  });
  const spent = usage ? usage.inputTokens + usage.outputTokens : 0;
  return (
    <SettingsCard title={t('ai:usage.title')} intro={t('ai:usage.intro')}>
      {waiting ??
        (usage ? (
          <Stack gap="sm">
            <Stack gap={4}>
              <Group justify="space-between">
                <Text size="sm">
                  {t('ai:usage.spent', { spent: number(spent), cap: number(usage.cap) })}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('ai:usage.calls', { count: usage.calls })}
                </Text>
              </Group>
              <Progress
                value={usage.cap > 0 ? Math.min(100, (spent / usage.cap) * 100) : 100}
                color={spent >= usage.cap ? 'red' : 'blue'}
                aria-label={t('ai:usage.title')}
              />
            </Stack>
            <DividedRows
              items={usage.byConfig}
              keyOf={(row) => row.configId}
              empty={t('ai:usage.none')}
            >
              {(row) => (
                <Group justify="space-between" wrap="nowrap">
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {row.name ?? t('ai:usage.deletedConfig')}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('ai:usage.tokens', {
                      input: number(row.inputTokens),
                      output: number(row.outputTokens),
                    })}
                  </Text>
                </Group>
              )}
            </DividedRows>
          </Stack>
        ) : null)}
    </SettingsCard>
  );
}
