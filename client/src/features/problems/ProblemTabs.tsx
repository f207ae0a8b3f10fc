import {
  Avatar,
  Button,
  Card,
  Group,
  NumberInput,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import {
  firstIssue,
  measurementSchema,
  MEASUREMENT_NAME_MAX,
  MEASUREMENT_NOTE_MAX,
  MEASUREMENT_UNIT_MAX,
} from '@rules';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { loadStateView } from '../../components/LoadState';
import { RelativeTime } from '../../components/RelativeTime';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import {
  AddMeasurementDocument,
  ImpactedDocument,
  MeasurementsDocument,
  SolversDocument,
} from '../../gql/graphql';
import { EmptyNote } from './ProblemBits';
import { ProblemListSkeleton } from './ProblemList';
import { usePagedQueryState } from '../../components/usePagedQueryState';

interface Person {
  id: string;
  displayName: string;
  photoURL: string;
  role: string;
}

function PersonRow({ person, note }: { person: Person; note?: ReactNode }) {
  const { t } = useTranslation();
  const anonymous = !person.id;
  const name = anonymous ? t('problems:card.anonymous') : person.displayName;
  return (
    <Card withBorder radius="sm" padding="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar
          radius={person.role === 'org' ? 'sm' : 'xl'}
          src={person.photoURL || null}
          name={name}
          color="initials"
          alt={name}
        />
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {name}
          </Text>
          {note}
        </Stack>
      </Group>
    </Card>
  );
}

/** People who joined the problem, newest first, paged. */
export function ImpactedTab({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const query = useQuery(ImpactedDocument, {
    variables: { problemId },
    fetchPolicy: 'cache-and-network',
  });
  const page = query.data?.impacted;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: <ProblemListSkeleton count={2} />,
    errorTitle: t('problems:impacted.loadFailed'),
  });
  if (waiting) return waiting;
  if (!page || nodesOf(page).length === 0)
    return <EmptyNote>{t('problems:impacted.empty')}</EmptyNote>;
  return (
    <Stack gap="xs">
      {nodesOf(page).map((member, index) => (
        <PersonRow
          key={`${member.user.id}-${index}`}
          person={member.user}
          note={
            <Text size="xs" c="dimmed">
              {t('problems:impacted.joined')} <RelativeTime date={member.joinedAt} size="xs" />
            </Text>
          }
        />
      ))}
      {nextCursorOf(page) ? (
        <LoadMoreFooter
          loadingMore={loadingMore}
          loadMore={loadMore}
          label={t('problems:list.loadMore')}
        />
      ) : null}
    </Stack>
  );
}

/** Authors of the solutions linked to the problem. */
export function SolversTab({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch } = useQuery(SolversDocument, {
    variables: { problemId },
    fetchPolicy: 'cache-and-network',
  });
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!data,
    skeleton: <ProblemListSkeleton count={2} />,
    errorTitle: t('problems:solvers.loadFailed'),
  });
  if (waiting) return waiting;
  const solvers = data?.solvers ?? [];
  if (solvers.length === 0) return <EmptyNote>{t('problems:solvers.empty')}</EmptyNote>;
  return (
    <Stack gap="xs">
      {solvers.map((person) => (
        <PersonRow key={person.id} person={person} />
      ))}
    </Stack>
  );
}

/** Measurements newest first; the author and joined members add them. */
export function MeasurementsSection({ problemId, canAdd }: { problemId: string; canAdd: boolean }) {
  const { t } = useTranslation();
  const {
    data,
    loading,
    error: loadError,
    refetch,
  } = useQuery(MeasurementsDocument, {
    variables: { problemId },
    fetchPolicy: 'cache-and-network',
  });
  const [add, adding] = useMutation(AddMeasurementDocument, {
    refetchQueries: ['Measurements'],
  });
  const [name, setName] = useState('');
  const [value, setValue] = useState<number | string>('');
  const [unit, setUnit] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const rows = data?.measurements ?? [];
  const waiting = loadStateView({
    loading,
    error: loadError,
    refetch,
    hasData: !!data,
    skeleton: <ProblemListSkeleton count={1} />,
    errorTitle: t('problems:measurements.loadFailed'),
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = measurementSchema.safeParse({
      name,
      value: typeof value === 'number' ? value : Number.NaN,
      unit,
      note,
    });
    if (!parsed.success) {
      setError(translateServerMessage(t, firstIssue(parsed.error).message));
      return;
    }
    setError(null);
    try {
      await add({
        variables: {
          problemId,
          input: { name, value: parsed.data.value, unit, note },
        },
      });
      notifySuccess(t('problems:measurements.added'));
      setName('');
      setValue('');
      setUnit('');
      setNote('');
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('problems:measurements.title')}
        </Title>
        {waiting ??
          (rows.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('problems:measurements.empty')}
            </Text>
          ) : (
            // Fits a phone: there the note moves under the name, and long words wrap in their cell.
            <Table.ScrollContainer minWidth={0}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('problems:measurements.name')}</Table.Th>
                    <Table.Th>{t('problems:measurements.value')}</Table.Th>
                    <Table.Th visibleFrom="xs">{t('problems:measurements.note')}</Table.Th>
                    <Table.Th>{t('problems:measurements.when')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((row) => (
                    <Table.Tr key={row.id}>
                      <Table.Td>
                        {row.name}
                        {row.note ? (
                          <Text
                            hiddenFrom="xs"
                            size="xs"
                            c="dimmed"
                            style={{ overflowWrap: 'anywhere' }}
                          >
                            {row.note}
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        {row.value} {row.unit}
                      </Table.Td>
                      <Table.Td visibleFrom="xs" style={{ overflowWrap: 'anywhere' }}>
                        {row.note}
                      </Table.Td>
                      <Table.Td>
                        <RelativeTime date={row.measuredAt} size="xs" />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          ))}
        {canAdd ? (
          <form
            onSubmit={(event) => void submit(event)}
            noValidate
            aria-label={t('problems:measurements.add')}
          >
            <Stack gap="xs">
              <Group gap="xs" grow wrap="wrap" align="flex-start">
                <TextInput
                  label={t('problems:measurements.name')}
                  value={name}
                  onChange={(e) => setName(e.currentTarget.value)}
                  maxLength={MEASUREMENT_NAME_MAX}
                  required
                  miw={140}
                />
                <NumberInput
                  label={t('problems:measurements.value')}
                  value={value}
                  onChange={setValue}
                  required
                  miw={100}
                />
                <TextInput
                  label={t('problems:measurements.unit')}
                  value={unit}
                  onChange={(e) => setUnit(e.currentTarget.value)}
                  maxLength={MEASUREMENT_UNIT_MAX}
                  miw={90}
                />
              </Group>
              <TextInput
                label={t('problems:measurements.note')}
                value={note}
                onChange={(e) => setNote(e.currentTarget.value)}
                maxLength={MEASUREMENT_NOTE_MAX}
              />
              {error ? (
                <Text c="red" size="sm" role="alert">
                  {error}
                </Text>
              ) : null}
              <Group justify="flex-end">
                <Button type="submit" size="xs" loading={adding.loading}>
                  {t('problems:measurements.add')}
                </Button>
              </Group>
            </Stack>
          </form>
        ) : null}
      </Stack>
    </Card>
  );
}
