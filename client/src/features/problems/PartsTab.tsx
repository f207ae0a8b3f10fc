import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import {
  firstIssue,
  isProblemPartType,
  PROBLEM_PART_TYPES,
  problemPartSchema,
  type ProblemPartType,
} from '@rules';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess, translateServerMessage } from '../../components/notify';
import {
  AddPartDocument,
  ProblemPartsDocument,
  UpdatePartDocument,
  type ProblemPartFieldsFragment,
} from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { EmptyNote, useProblemLabels } from './ProblemBits';
import { ProblemListSkeleton } from './ProblemList';

type Filter = ProblemPartType | 'all';

/** Parts of a problem grouped by type (stakeholder, thing, process), with the Add Part dialog. */
export function PartsTab({ problem }: { problem: { id: string; canChangeStatus: boolean } }) {
  const { t } = useTranslation();
  const labels = useProblemLabels();
  const requireSignIn = useRequireSignIn();
  const [filter, setFilter] = useState<Filter>('all');
  const [adding, setAdding] = useState(false);
  const { data, loading, error, refetch } = useQuery(ProblemPartsDocument, {
    variables: { problemId: problem.id },
    fetchPolicy: 'cache-and-network',
  });
  const parts = data?.problemParts ?? [];
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!data,
    skeleton: <ProblemListSkeleton count={2} />,
    errorTitle: t('problems:parts.loadFailed'),
  });
  const types = filter === 'all' ? PROBLEM_PART_TYPES : [filter];

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <SegmentedControl
          size="xs"
          value={filter}
          onChange={(value) => setFilter(value as Filter)}
          aria-label={t('problems:parts.filter')}
          data={[
            { value: 'all', label: t('problems:parts.all') },
            ...PROBLEM_PART_TYPES.map((type) => ({
              value: type,
              label: labels.partTypes[type],
            })),
          ]}
        />
        {problem.canChangeStatus ? (
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => requireSignIn(() => setAdding(true))}
          >
            {t('problems:parts.add')}
          </Button>
        ) : null}
      </Group>
      {waiting ??
        (parts.length === 0 ? (
          <EmptyNote>{t('problems:parts.empty')}</EmptyNote>
        ) : (
          types.map((type) => {
            const ofType = parts.filter((part) => part.type === type);
            if (filter === 'all' && ofType.length === 0) return null;
            return (
              <Stack key={type} gap="xs">
                <Title order={2} size="h5">
                  {labels.partTypes[type]}
                </Title>
                {ofType.length === 0 ? (
                  <EmptyNote>{t('problems:parts.emptyType')}</EmptyNote>
                ) : null}
                {ofType.map((part) => (
                  <Card key={part.id} withBorder radius="sm" padding="sm">
                    <Group justify="space-between" wrap="nowrap">
                      <Stack gap={2} style={{ minWidth: 0 }}>
                        <Anchor
                          component={Link}
                          to={`/problem/${problem.id}/parts/${part.id}/info`}
                          fw={600}
                        >
                          {part.name}
                        </Anchor>
                        {part.description ? (
                          <Text size="sm" c="dimmed" lineClamp={2}>
                            {part.description}
                          </Text>
                        ) : null}
                      </Stack>
                      <Badge variant="light" color="gray">
                        {t('problems:parts.attributesCount', {
                          count: part.attributes.length,
                        })}
                      </Badge>
                    </Group>
                  </Card>
                ))}
              </Stack>
            );
          })
        ))}
      <PartDialog problemId={problem.id} opened={adding} onClose={() => setAdding(false)} />
    </Stack>
  );
}

/** Add (or, with `part`, edit) a part: type, name, description and named attributes. */
export function PartDialog({
  problemId,
  opened,
  onClose,
  part,
}: {
  problemId: string;
  opened: boolean;
  onClose: () => void;
  part?: ProblemPartFieldsFragment;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={part ? t('problems:parts.editTitle') : t('problems:parts.addTitle')}
      size={560}
    >
      {opened ? <PartForm problemId={problemId} part={part} onDone={onClose} /> : null}
    </Modal>
  );
}

function PartForm({
  problemId,
  part,
  onDone,
}: {
  problemId: string;
  part?: ProblemPartFieldsFragment;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const labels = useProblemLabels();
  const [type, setType] = useState<ProblemPartType>(part?.type ?? 'stakeholder');
  const [name, setName] = useState(part?.name ?? '');
  const [description, setDescription] = useState(part?.description ?? '');
  const [attributes, setAttributes] = useState(
    part?.attributes.map(({ name: n, value }) => ({ name: n, value })) ?? [],
  );
  const [error, setError] = useState<string | null>(null);
  const [add, adding] = useMutation(AddPartDocument, {
    refetchQueries: ['ProblemParts'],
  });
  const [update, updating] = useMutation(UpdatePartDocument, {
    refetchQueries: ['ProblemParts'],
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { type, name, description, attributes };
    const parsed = problemPartSchema.safeParse(input);
    if (!parsed.success) {
      setError(translateServerMessage(t, firstIssue(parsed.error).message));
      return;
    }
    setError(null);
    try {
      if (part) await update({ variables: { problemId, partId: part.id, input } });
      else await add({ variables: { problemId, input } });
      notifySuccess(part ? t('problems:toast.updated') : t('problems:parts.added'));
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm">
        <Select
          label={t('problems:parts.type')}
          value={type}
          onChange={(value) => isProblemPartType(value) && setType(value)}
          data={PROBLEM_PART_TYPES.map((item) => ({
            value: item,
            label: labels.partTypes[item],
          }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <TextInput
          label={t('problems:parts.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          required
          data-autofocus
        />
        <Textarea
          label={t('problems:parts.description')}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          autosize
          minRows={2}
        />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('problems:parts.attributes')}
          </Text>
          {attributes.map((attribute, index) => (
            <Group key={index} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                label={t('problems:parts.attributeName')}
                value={attribute.name}
                onChange={(e) => {
                  const next = [...attributes];
                  next[index] = { ...attribute, name: e.currentTarget.value };
                  setAttributes(next);
                }}
                style={{ flex: 1 }}
              />
              <TextInput
                label={t('problems:parts.attributeValue')}
                value={attribute.value}
                onChange={(e) => {
                  const next = [...attributes];
                  next[index] = { ...attribute, value: e.currentTarget.value };
                  setAttributes(next);
                }}
                style={{ flex: 1 }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t('problems:parts.removeAttribute')}
                onClick={() =>
                  setAttributes(attributes.filter((_, position) => position !== index))
                }
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAttributes([...attributes, { name: '', value: '' }])}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('problems:parts.addAttribute')}
          </Button>
        </Stack>
        {error ? (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={adding.loading || updating.loading}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
