/**
 * The report dialog (spec 000 §2, §4): topics as checkboxes and optional comments, 350 wide,
 * opened through `useReport()` (reportDialogContext.tsx). Opening resets the topics and the error;
 * reporting without a topic says 'select topic to report' until a topic is chosen.
 */
import { useMutation } from '@apollo/client/react';
import { Button, Checkbox, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { reportInputSchema, REPORT_COMMENTS_MAX } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  notifyError,
  notifySuccess,
  serverErrorOf,
  translateServerMessage,
} from '../../components/notify';
import { CreateReportDocument } from '../../gql/graphql';
import { topicKey, topicsFor, type ReportTarget } from './reportTargets';

export function ReportDialog({
  target,
  onClose,
}: {
  target: ReportTarget | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [topics, setTopics] = useState<string[]>([]);
  const [comments, setComments] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [create, { loading }] = useMutation(CreateReportDocument, {
    refetchQueries: ['MyReports'],
  });
  const itemType = target?.itemType ?? 'stories';

  const chooseTopics = (next: string[]) => {
    setTopics(next);
    if (next.length) setError(null);
  };

  const submit = async () => {
    if (!target) return;
    const parsed = reportInputSchema.safeParse({ ...target, tags: topics, comments });
    if (!parsed.success) {
      setError(translateServerMessage(t, parsed.error.issues[0]?.message ?? ''));
      return;
    }
    try {
      await create({ variables: { input: parsed.data } });
      notifySuccess(t('reports:dialog.sent'));
      onClose();
    } catch (caught) {
      const info = serverErrorOf(caught, t);
      if (info.field === 'tags') setError(info.message);
      else notifyError(caught);
    }
  };

  return (
    <Modal
      opened={target !== null}
      onClose={onClose}
      size={350}
      centered
      title={itemType === 'users' ? t('reports:dialog.titleUser') : t('reports:dialog.title')}
    >
      <Stack gap="md">
        <Checkbox.Group
          label={t('reports:dialog.topics')}
          value={topics}
          onChange={chooseTopics}
          error={error}
        >
          <Stack gap={8} mt={8}>
            {topicsFor(itemType).map((topic) => (
              <Checkbox key={topic} value={topic} label={t(topicKey(itemType, topic))} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Textarea
          label={t('reports:dialog.comments')}
          placeholder={t('reports:dialog.commentsPlaceholder')}
          value={comments}
          onChange={(event) => setComments(event.currentTarget.value)}
          maxLength={REPORT_COMMENTS_MAX}
          autosize
          minRows={2}
          maxRows={6}
          description={
            <Text span size="xs" c="dimmed">
              {comments.length}/{REPORT_COMMENTS_MAX}
            </Text>
          }
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={loading} onClick={() => void submit()}>
            {t('reports:dialog.submit')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
