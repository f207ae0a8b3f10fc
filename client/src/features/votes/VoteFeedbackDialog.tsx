import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { VOTE_FEEDBACK_MAX } from '@rules';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PostFormModal } from '../../components/post-form/PostFormModal';
import type { VoteDirection } from '../../gql/graphql';

/**
 * The feedback dialog an upvote or downvote opens: optional feedback for the solution's author
 * (at most VOTE_FEEDBACK_MAX characters, counted as typed), Confirm submits, Cancel keeps the
 * vote as it was. Closing with typed feedback asks first, as every dialog with text does.
 */
export function VoteFeedbackDialog({
  direction,
  onClose,
  onConfirm,
  saving,
}: {
  /** The vote to confirm; null when closed. */
  direction: VoteDirection | null;
  onClose: () => void;
  /** Resolves true once the vote is saved (the caller shows a refusal and keeps the dialog). */
  onConfirm: (feedback: string) => Promise<boolean>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  return (
    <PostFormModal
      opened={direction !== null}
      onClose={onClose}
      title={direction === 'down' ? t('votes:dialog.downTitle') : t('votes:dialog.upTitle')}
      size={480}
      draftKey={null}
    >
      {({ onDone, onCancel, onDirtyChange }) => (
        <FeedbackForm
          onCancel={onCancel}
          onDirtyChange={onDirtyChange}
          saving={saving}
          onConfirm={async (feedback) => {
            if (await onConfirm(feedback)) onDone();
          }}
        />
      )}
    </PostFormModal>
  );
}

function FeedbackForm({
  onCancel,
  onDirtyChange,
  onConfirm,
  saving,
}: {
  onCancel: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onConfirm: (feedback: string) => Promise<void>;
  saving: boolean;
}) {
  const { t } = useTranslation();
  const [feedback, setFeedback] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void onConfirm(feedback.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('votes:dialog.hint')}
        </Text>
        <Textarea
          label={t('votes:dialog.feedbackLabel')}
          placeholder={t('votes:dialog.feedbackPlaceholder')}
          value={feedback}
          onChange={(event) => {
            setFeedback(event.currentTarget.value);
            onDirtyChange(event.currentTarget.value.trim() !== '');
          }}
          maxLength={VOTE_FEEDBACK_MAX}
          autosize
          minRows={3}
          maxRows={8}
          data-autofocus
          description={t('votes:dialog.counter', {
            used: feedback.length,
            max: VOTE_FEEDBACK_MAX,
          })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={saving}>
            {t('votes:dialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
