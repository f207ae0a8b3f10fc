import { useMutation, useQuery } from '@apollo/client/react';
import { Button, Chip, Group, Modal, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconBell, IconPencil } from '@tabler/icons-react';
import { NOTIFICATION_TAGS_MAX } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { AlertProblemsDocument, SetNotificationTagsDocument } from '../../gql/graphql';
import { RequireSignIn } from '../auth';
// From the list page's own module: the problems index would load that page with the shell.
import { ProblemListTabs } from '../problems';
import { TaggedPostList } from './TaggedPostList';
import { TagPicker } from './TagPicker';

/** /problems/alerts: the problem-alert strip and the problems it matches. */
export function AlertsPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="md" maw={860} mx="auto" w="100%">
      <Title order={1} size="h3">
        {t('tags:alerts.title')}
      </Title>
      <ProblemListTabs current="alerts" />
      <RequireSignIn>
        <Alerts />
      </RequireSignIn>
    </Stack>
  );
}

function Alerts() {
  const { t } = useTranslation();
  const { spaceId, spaceName } = useActiveSpace();
  const query = useQuery(AlertProblemsDocument, {
    variables: { spaceId: spaceId || null, first: 20 },
    fetchPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState(false);
  const { data, loading, error, refetch } = query;
  const alertTags = data?.notificationTags ?? [];
  const waiting = loadStateView({
    loading,
    error,
    refetch,
    hasData: !!data,
    skeleton: (
      <Paper withBorder radius="md" p="sm">
        <Skeleton height={28} />
      </Paper>
    ),
    errorTitle: t('tags:alerts.loadFailed'),
  });
  if (waiting) return waiting;

  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="sm">
        <Group gap="xs" wrap="wrap" aria-label={t('tags:alerts.strip')}>
          <IconBell size={18} aria-hidden />
          {alertTags.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('tags:alerts.empty')}
            </Text>
          ) : (
            // The server lists problems with any one of the tags, so the strip says "or".
            <Text size="sm" fw={500}>
              {t('tags:alerts.matching', { tags: alertTags.map((tag) => `#${tag}`) })}
            </Text>
          )}
          <Chip
            checked={false}
            size="xs"
            icon={<IconPencil size={12} />}
            onChange={() => setEditing(true)}
            aria-label={t('tags:alerts.editLabel')}
          >
            {t('tags:alerts.edit')}
          </Chip>
        </Group>
      </Paper>
      {alertTags.length ? (
        <Text size="sm" c="dimmed">
          {t('tags:page.inSpace', { space: spaceName })}
        </Text>
      ) : null}
      {alertTags.length ? (
        <TaggedPostList
          kind="problem"
          query={query}
          page={data?.alertProblems}
          empty={t('tags:alerts.noProblems')}
        />
      ) : null}
      <AlertsDialog opened={editing} current={alertTags} onClose={() => setEditing(false)} />
    </Stack>
  );
}

function AlertsDialog({
  opened,
  current,
  onClose,
}: {
  opened: boolean;
  current: string[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} size={500} title={t('tags:alerts.dialogTitle')}>
      {opened ? <AlertsForm current={current} onDone={onClose} /> : null}
    </Modal>
  );
}

function AlertsForm({ current, onDone }: { current: string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [tags, setTags] = useState(current);
  const [save, { loading }] = useMutation(SetNotificationTagsDocument, {
    refetchQueries: [AlertProblemsDocument],
  });
  const submit = async () => {
    try {
      await save({ variables: { tags } });
      notifySuccess(t('tags:alerts.saved'));
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('tags:alerts.hint')}
      </Text>
      <TagPicker
        value={tags}
        onChange={setTags}
        max={NOTIFICATION_TAGS_MAX}
        label={t('tags:alerts.label')}
        tooManyMessage={t('tags:errors.notificationTagsMax')}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('common:actions.cancel')}
        </Button>
        <Button loading={loading} onClick={() => void submit()}>
          {t('common:actions.save')}
        </Button>
      </Group>
    </Stack>
  );
}
