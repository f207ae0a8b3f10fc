import { Anchor, Badge, Card, Group, Stack, Table, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconArrowLeft, IconPencil, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { DeletePartDocument, ProblemPartDocument } from '../../gql/graphql';
import { EmptyNote, useProblemLabels } from './ProblemBits';
import { ProblemListSkeleton } from './ProblemList';
import { PROBLEM_PAGE_WIDTH } from './ProblemListPage';
import { PartDialog } from './PartsTab';
import { IconMenu } from '../../components/IconMenu';
import { Menu } from '../../components/overlays';

/** /problem/:id/parts/:partId/:tab — one part, tabs info and attributes. */
export function PartPage() {
  const { t } = useTranslation();
  const { id = '', partId = '', tab } = useParams();
  const navigate = useNavigate();
  const labels = useProblemLabels();
  const [editing, setEditing] = useState(false);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const { data, loading, error, refetch } = useQuery(ProblemPartDocument, {
    variables: { problemId: id, partId },
    fetchPolicy: 'cache-and-network',
  });
  const [remove, removing] = useMutation(DeletePartDocument, {
    refetchQueries: ['ProblemParts'],
  });

  if (tab !== 'info' && tab !== 'attributes')
    return <Navigate to={`/problem/${id}/parts/${partId}/info`} replace />;
  const part = data?.problemPart;
  if (!part)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <ProblemListSkeleton count={1} />,
      errorTitle: t('problems:page.loadFailed'),
      // A part of a problem one may not see is, to the reader, not there.
      errorPages: { NOT_FOUND: 404, FORBIDDEN: 404, BAD_USER_INPUT: 404 },
      itemPage: true,
    });

  const doDelete = async () => {
    try {
      await remove({ variables: { problemId: id, partId } });
      notifySuccess(t('problems:toast.deleted'));
      void navigate(`/problem/${id}/parts`, { replace: true });
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md" maw={PROBLEM_PAGE_WIDTH} mx="auto" w="100%">
      <Anchor component={Link} to={`/problem/${id}/parts`} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('problems:parts.back')}
        </Group>
      </Anchor>
      <Card withBorder radius="md" padding="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="sm">
            <Title order={1} size="h3">
              {part.name}
            </Title>
            <Badge variant="light">
              {labels.partTypes[part.type as keyof typeof labels.partTypes] ?? part.type}
            </Badge>
          </Group>
          {part.canEdit ? (
            <IconMenu label={t('problems:page.actions')}>
              <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)}>
                {t('common:actions.edit')}
              </Menu.Item>
              <Menu.Item
                c="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmingDelete(true)}
              >
                {t('common:actions.delete')}
              </Menu.Item>
            </IconMenu>
          ) : null}
        </Group>
      </Card>
      <Tabs
        value={tab}
        onChange={(value) => value && void navigate(`/problem/${id}/parts/${partId}/${value}`)}
      >
        <Tabs.List>
          <Tabs.Tab value="info">{t('problems:tabs.info')}</Tabs.Tab>
          <Tabs.Tab value="attributes">{t('problems:parts.attributes')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="info" pt="md">
          <Card withBorder radius="md" padding="md">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {part.description || t('problems:parts.noDescription')}
            </Text>
          </Card>
        </Tabs.Panel>
        <Tabs.Panel value="attributes" pt="md">
          {part.attributes.length === 0 ? (
            <EmptyNote>{t('problems:parts.noAttributes')}</EmptyNote>
          ) : (
            <Table striped withTableBorder>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('problems:parts.attributeName')}</Table.Th>
                  <Table.Th>{t('problems:parts.attributeValue')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {part.attributes.map((attribute, index) => (
                  <Table.Tr key={index}>
                    <Table.Td>{attribute.name}</Table.Td>
                    {/* A long value (a link, a code) wraps in its cell instead of running off a phone. */}
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{attribute.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      </Tabs>
      <PartDialog problemId={id} part={part} opened={editing} onClose={() => setEditing(false)} />
      <ConfirmDialog
        opened={confirmingDelete}
        title={t('problems:parts.deleteTitle')}
        message={t('problems:parts.deleteMessage')}
        confirmLabel={t('common:actions.delete')}
        loading={removing.loading}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirmingDelete(false)}
      />
    </Stack>
  );
}
