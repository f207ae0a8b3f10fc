import { Button, Card, Group, Stack, Tabs, Title } from '@mantine/core';
import { IconLock, IconPlus } from '@tabler/icons-react';
import type { SolutionSort } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useActiveSpace } from '../../app/useActiveSpace';
import { DEFAULT_TIME_RANGE_CHOICE, timeRangeVariables } from '../../components/TimeRangeSelect';
import { useRequireSignIn, useViewer } from '../auth';
import { SolutionDialog } from './SolutionDialog';
import { SolutionFilters, SolutionList, SolutionListSkeleton } from './SolutionList';
import { EmptyNotice } from '../../components/EmptyNotice';

export const SOLUTION_PAGE_WIDTH = 820;
type Tab = 'recent' | 'mysolutions';

/** /solutions/recent (the active space's) and /solutions/mysolutions (the viewer's own). */
export function SolutionListPage({ list }: { list: Tab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { spaceId, spaceName } = useActiveSpace();
  const { viewer, loading } = useViewer();
  const requireSignIn = useRequireSignIn();
  const [adding, setAdding] = useState(false);
  const [orderBy, setOrderBy] = useState<SolutionSort>('recent');
  const [range, setRange] = useState(DEFAULT_TIME_RANGE_CHOICE);
  const add = () => requireSignIn(() => setAdding(true), { resume: true });
  const own = list === 'mysolutions';

  let body;
  if (own && !viewer) {
    body = loading ? (
      <SolutionListSkeleton />
    ) : (
      <EmptyNotice
        icon={IconLock}
        title={t('solutions:signIn.title')}
        hint={t('solutions:signIn.list')}
        action={
          <Button onClick={() => requireSignIn(() => undefined)}>{t('common:auth.signIn')}</Button>
        }
      />
    );
  } else {
    body = (
      <SolutionList
        key={`${list}-${viewer?.id ?? 'guest'}`}
        variables={{
          list,
          orderBy,
          ...timeRangeVariables(range),
          spaceId: own ? null : spaceId,
        }}
        empty={{
          title: own ? t('solutions:mine.empty') : t('solutions:recent.emptyTitle'),
          description: own ? t('solutions:mine.emptyHint') : t('solutions:recent.emptyDescription'),
          action: <Button onClick={add}>{t('solutions:list.add')}</Button>,
        }}
      />
    );
  }

  return (
    <Stack gap="md" maw={SOLUTION_PAGE_WIDTH} mx="auto" w="100%">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Title order={1} size="h3">
          {own ? t('solutions:mine.title') : t('solutions:recent.title', { space: spaceName })}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={add} style={{ flexShrink: 0 }}>
          {t('solutions:list.add')}
        </Button>
      </Group>
      <Tabs value={list} onChange={(value) => value && void navigate(`/solutions/${value}`)}>
        <Tabs.List>
          <Tabs.Tab value="recent">{t('solutions:recent.tab')}</Tabs.Tab>
          {/* The viewer's own list needs an account: a visitor is not offered it. */}
          {viewer || loading ? (
            <Tabs.Tab value="mysolutions">{t('solutions:mine.tab')}</Tabs.Tab>
          ) : null}
        </Tabs.List>
      </Tabs>
      <Card withBorder radius="md" padding="sm">
        <SolutionFilters
          orderBy={orderBy}
          onOrderBy={setOrderBy}
          range={range}
          onRange={setRange}
        />
      </Card>
      {body}
      <SolutionDialog opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}
