import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RelativeTime } from '../../components/RelativeTime';
import type { SolutionCardFragment } from '../../gql/graphql';

type MyVote = NonNullable<SolutionCardFragment['myVote']>;

/** The My Vote dialog: which way the viewer voted, when, their feedback, and Reset Vote. */
export function MyVoteDialog({
  vote,
  opened,
  onClose,
  onReset,
  resetting,
}: {
  vote: MyVote | null;
  opened: boolean;
  onClose: () => void;
  onReset: () => void;
  resetting: boolean;
}) {
  const { t } = useTranslation();
  const up = vote?.direction === 'up';
  const when = up ? vote.upvotedWhen : vote?.downvotedWhen;
  return (
    <Modal
      opened={opened && vote !== null}
      onClose={onClose}
      title={t('votes:myVote.title')}
      size="sm"
    >
      <Stack gap="sm">
        <Group gap="xs">
          {up ? <IconThumbUp size={18} /> : <IconThumbDown size={18} />}
          <Text fw={600}>{up ? t('votes:myVote.upvoted') : t('votes:myVote.downvoted')}</Text>
          {when ? <RelativeTime date={when} size="sm" c="dimmed" /> : null}
        </Group>
        <Stack gap={2}>
          <Text size="sm" fw={500}>
            {t('votes:myVote.feedback')}
          </Text>
          <Text
            size="sm"
            c={vote?.feedback ? undefined : 'dimmed'}
            style={{ whiteSpace: 'pre-wrap' }}
          >
            {vote?.feedback || t('votes:myVote.noFeedback')}
          </Text>
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.close')}
          </Button>
          <Button color="red" variant="light" loading={resetting} onClick={onReset}>
            {t('votes:myVote.reset')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
