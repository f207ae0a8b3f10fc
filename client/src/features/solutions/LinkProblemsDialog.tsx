import {
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { nodesOf } from '../../app/cursorPages';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  LinkableProblemsDocument,
  LinkSolutionDocument,
  type SolutionCardFragment,
} from '../../gql/graphql';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';

/** 'Link to problems': pick problems of the solution's space (not yet linked) and link them. */
export function LinkProblemsDialog({
  solution,
  opened,
  onClose,
}: {
  solution: SolutionCardFragment;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [picked, setPicked] = useState<string[]>([]);
  const [search, setSearch] = useState('');
  const { data, loading } = useQuery(LinkableProblemsDocument, {
    variables: { spaceId: solution.spaceId },
    skip: !opened,
    fetchPolicy: 'cache-and-network',
  });
  const [link, linking] = useMutation(LinkSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });
  const linked = new Set(solution.problems.map((problem) => problem.id));
  const needle = search.trim().toLowerCase();
  const options = nodesOf(data?.problems).filter(
    (problem) => !linked.has(problem.id) && problem.name.toLowerCase().includes(needle),
  );

  const close = () => {
    setPicked([]);
    setSearch('');
    onClose();
  };
  const submit = async () => {
    try {
      await link({
        variables: { solutionId: solution.id, problemIds: picked },
      });
      notifySuccess(t('solutions:link.done'));
      close();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={t('solutions:link.title')} size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {t('solutions:link.hint')}
        </Text>
        <TextInput
          label={t('solutions:link.problems')}
          placeholder={t('solutions:link.placeholder')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
        />
        {loading && !data ? (
          <Group justify="center" py="md">
            <Loader role="status" size="sm" aria-label={t('solutions:link.loading')} />
          </Group>
        ) : options.length === 0 ? (
          <Text size="sm" c="dimmed" py="sm">
            {t('solutions:link.nothing')}
          </Text>
        ) : (
          <ScrollArea.Autosize mah={300}>
            <Checkbox.Group
              value={picked}
              onChange={setPicked}
              aria-label={t('solutions:link.problems')}
            >
              <Stack gap="xs" py={4}>
                {options.map((problem) => (
                  <Checkbox key={problem.id} value={problem.id} label={problem.name} />
                ))}
              </Stack>
            </Checkbox.Group>
          </ScrollArea.Autosize>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            disabled={picked.length === 0}
            loading={linking.loading}
            onClick={() => void submit()}
          >
            {t('solutions:link.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
