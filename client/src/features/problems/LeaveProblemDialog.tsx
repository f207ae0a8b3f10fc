import {
  Button,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Stepper,
  Text,
  Textarea,
  UnstyledButton,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconThumbUp } from '@tabler/icons-react';
import { LEAVING_COMMENT_MAX } from '@rules';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import { LeaveProblemDocument, UpvotedSolutionsDocument } from '../../gql/graphql';
import { EmptyNote } from './ProblemBits';
import { PROBLEM_LIST_QUERIES } from './problemQueries';

const EMOJIS = ['🙏', '😊', '🎉', '😐', '😢', '😞', '💪', '👋'];
const STEPS = 3;

/**
 * The Leave Problem wizard: 1 confirm the solutions one upvoted (the viewer's upvotes on this
 * problem's solutions), 2 an emoji and a leaving comment, 3 confirm. Back is disabled on step 1; the last
 * button reads Confirm. Closing clears it (it mounts with each opening).
 */
export function LeaveProblemDialog({
  problemId,
  opened,
  onClose,
}: {
  problemId: string;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('problems:leave.title')} size={560}>
      {opened ? <LeaveWizard problemId={problemId} onDone={onClose} /> : null}
    </Modal>
  );
}

function LeaveWizard({ problemId, onDone }: { problemId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const narrow = useMediaQuery('(max-width: 36em)') ?? false;
  const [emoji, setEmoji] = useState<string | null>(null);
  const [comment, setComment] = useState('');
  const [leave, { loading }] = useMutation(LeaveProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const upvotedQuery = useQuery(UpvotedSolutionsDocument, {
    variables: { problemId },
    fetchPolicy: 'cache-and-network',
  });
  const upvoted = (upvotedQuery.data?.upvotedSolutions ?? []).map(({ id, name }) => ({ id, name }));

  const confirm = async () => {
    try {
      await leave({
        variables: {
          id: problemId,
          input: {
            emoji,
            leavingComment: comment.trim() || null,
            solutions: upvoted,
          },
        },
      });
      notifySuccess(t('problems:leave.done'));
      onDone();
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md">
      <Stepper active={step} size="sm">
        <Stepper.Step label={narrow ? undefined : t('problems:leave.step1')}>
          <Stack gap="xs" pt="sm">
            <Text size="sm">{t('problems:leave.solutionsIntro')}</Text>
            {upvoted.length === 0 && !upvotedQuery.loading ? (
              <EmptyNote>{t('problems:leave.noSolutions')}</EmptyNote>
            ) : null}
            {upvoted.length > 0 ? (
              <List size="sm" icon={<IconThumbUp size={16} />} spacing={4}>
                {upvoted.map((solution) => (
                  <List.Item key={solution.id}>{solution.name}</List.Item>
                ))}
              </List>
            ) : null}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:leave.step2')}>
          <Stack gap="sm" pt="sm">
            <Text size="sm" fw={500} id="leave-emoji-label">
              {t('problems:leave.emoji')}
            </Text>
            <SimpleGrid cols={8} spacing={4} role="radiogroup" aria-labelledby="leave-emoji-label">
              {EMOJIS.map((item) => (
                <UnstyledButton
                  key={item}
                  role="radio"
                  aria-checked={emoji === item}
                  aria-label={item}
                  onClick={() => setEmoji(emoji === item ? null : item)}
                  style={{
                    fontSize: 26,
                    textAlign: 'center',
                    borderRadius: 8,
                    padding: 4,
                    border: `2px solid ${emoji === item ? 'var(--mantine-color-blue-filled)' : 'transparent'}`,
                  }}
                >
                  {item}
                </UnstyledButton>
              ))}
            </SimpleGrid>
            <Textarea
              label={t('problems:leave.comment')}
              placeholder={t('problems:leave.commentPlaceholder')}
              value={comment}
              onChange={(event) => setComment(event.currentTarget.value)}
              maxLength={LEAVING_COMMENT_MAX}
              autosize
              minRows={3}
            />
          </Stack>
        </Stepper.Step>
        <Stepper.Step label={narrow ? undefined : t('problems:leave.step3')}>
          <Stack gap="xs" pt="sm">
            <Text size="sm">{t('problems:leave.confirmText')}</Text>
            {emoji || comment.trim() ? (
              <Text size="sm" c="dimmed">
                {emoji} {comment.trim()}
              </Text>
            ) : null}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Text size="xs" c="dimmed">
        {t('problems:dialog.stepOf', { step: step + 1, total: STEPS })}
        {narrow
          ? ` · ${[t('problems:leave.step1'), t('problems:leave.step2'), t('problems:leave.step3')][step] ?? ''}`
          : ''}
      </Text>
      <Group justify="space-between">
        <Button
          variant="default"
          disabled={step === 0}
          onClick={() => setStep((current) => current - 1)}
        >
          {t('common:actions.back')}
        </Button>
        {step < STEPS - 1 ? (
          <Button onClick={() => setStep((current) => current + 1)}>
            {t('problems:dialog.next')}
          </Button>
        ) : (
          <Button color="red" loading={loading} onClick={() => void confirm()}>
            {t('problems:leave.confirm')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
