import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { SolutionSort } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequireSignIn } from '../auth';
import { SolutionDialog } from './SolutionDialog';
import { SolutionFilters, SolutionList } from './SolutionList';

/** The problem page's Solutions tab: its linked solutions with a sort and an Add solution button. */
export function ProblemSolutions({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [adding, setAdding] = useState(false);
  const [orderBy, setOrderBy] = useState<SolutionSort>('recent');
  const add = () => requireSignIn(() => setAdding(true), { resume: true });
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <SolutionFilters orderBy={orderBy} onOrderBy={setOrderBy} />
        <Button leftSection={<IconPlus size={16} />} onClick={add}>
          {t('solutions:problem.add')}
        </Button>
      </Group>
      <SolutionList
        problemId={problemId}
        variables={{ list: 'recent', problemId, orderBy }}
        empty={{
          title: t('solutions:problem.emptyTitle'),
          description: t('solutions:problem.emptyDescription'),
        }}
      />
      <SolutionDialog opened={adding} onClose={() => setAdding(false)} problemId={problemId} />
    </Stack>
  );
}
