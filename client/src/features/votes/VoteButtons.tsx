import { Button, Group, Text, Tooltip } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../components/notify';
import type { SolutionCardFragment, VoteDirection } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { MyVoteDialog } from './MyVoteDialog';
import { VoteFeedbackDialog } from './VoteFeedbackDialog';
import { useVote } from './useVote';

/**
 * Upvote and downvote on a solution. Either opens the feedback dialog, unless the viewer already
 * voted that way (the button shows it is active and nothing happens); confirming switches away
 * from the other vote. 'Vote?' shows until the viewer votes, then My Vote opens the dialog with
 * Reset Vote. Signed out, a click opens the login box. Authors do not vote on their own solution.
 */
export function VoteButtons({ solution }: { solution: SolutionCardFragment }) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const { castVote, resetVote, busy } = useVote();
  const [asking, setAsking] = useState<VoteDirection | null>(null);
  const [showingMine, setShowingMine] = useState(false);
  const current = solution.myVote?.direction ?? null;

  const choose = (direction: VoteDirection) =>
    requireSignIn(() => {
      if (current !== direction) setAsking(direction);
    });
  const confirm = async (feedback: string) => {
    if (!asking) return false;
    try {
      await castVote(solution.id, asking, feedback);
      notifySuccess(asking === 'up' ? t('votes:done.upvoted') : t('votes:done.downvoted'));
      return true;
    } catch (caught) {
      notifyError(caught);
      return false;
    }
  };
  const reset = async () => {
    try {
      await resetVote(solution.id);
      setShowingMine(false);
      notifySuccess(t('votes:done.reset'));
    } catch (caught) {
      notifyError(caught);
    }
  };

  const button = (direction: VoteDirection) => {
    const active = current === direction;
    const label = direction === 'up' ? t('votes:buttons.upvote') : t('votes:buttons.downvote');
    return (
      <Button
        size="compact-sm"
        variant={active ? 'filled' : 'default'}
        color={direction === 'up' ? 'teal' : 'red'}
        leftSection={direction === 'up' ? <IconThumbUp size={14} /> : <IconThumbDown size={14} />}
        aria-pressed={active}
        disabled={solution.canEdit}
        onClick={() => choose(direction)}
      >
        {label}
      </Button>
    );
  };

  const buttons = (
    <Group gap="xs">
      {button('up')}
      {button('down')}
      {current ? (
        <Button size="compact-sm" variant="subtle" onClick={() => setShowingMine(true)}>
          {t('votes:buttons.myVote')}
        </Button>
      ) : solution.canEdit ? null : (
        <Text size="sm" c="dimmed">
          {t('votes:buttons.vote')}
        </Text>
      )}
    </Group>
  );

  return (
    <>
      {solution.canEdit ? (
        <Tooltip label={t('votes:errors.ownSolution')}>
          <span>{buttons}</span>
        </Tooltip>
      ) : (
        buttons
      )}
      <VoteFeedbackDialog
        direction={asking}
        onClose={() => setAsking(null)}
        onConfirm={confirm}
        saving={busy}
      />
      <MyVoteDialog
        vote={solution.myVote ?? null}
        opened={showingMine}
        onClose={() => setShowingMine(false)}
        onReset={() => void reset()}
        resetting={busy}
      />
    </>
  );
}
