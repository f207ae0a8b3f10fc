import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import { useRequireSignIn } from '../auth';
import { StoryDialog } from './StoryDialog';
import { StoryList } from './StoryList';

/** The problem page's Stories tab: the stories posted to it, and "Post a story" to it. */
export function ProblemStories({ problemId }: { problemId: string }) {
  const { t } = useTranslation();
  const { spaceId } = useActiveSpace();
  const requireSignIn = useRequireSignIn();
  const [posting, setPosting] = useState(false);
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => requireSignIn(() => setPosting(true), { resume: true })}
        >
          {t('stories:problem.post')}
        </Button>
      </Group>
      <StoryList
        list="recent"
        spaceId={spaceId}
        live
        options={{ problemId }}
        empty={{
          title: t('stories:problem.empty'),
          description: t('stories:problem.emptyHint'),
        }}
      />
      <StoryDialog opened={posting} onClose={() => setPosting(false)} problemId={problemId} />
    </Stack>
  );
}
