import { Button, Stack, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useActiveSpace } from '../../app/useActiveSpace';
import type { StoryListKind } from '../../gql/graphql';
import { useRequireSignIn, useViewer } from '../auth';
import { StoryList, StoryListSkeleton } from './StoryList';
import { StoryTabs, type StoryTab } from './StoryTabs';
import { STORY_PAGE_WIDTH } from './layout';
import { EmptyNotice } from '../../components/EmptyNotice';

type OwnList = Exclude<StoryListKind, 'recent' | 'following'>;

const TAB_OF: Record<OwnList, StoryTab> = {
  mystories: 'mine',
  mydrafts: 'drafts',
  anonymous: 'anonymous',
};

/** The author's own lists: published stories, drafts, anonymous posts. They need a signed-in user. */
export function OwnStoriesPage({ list }: { list: OwnList }) {
  const { t } = useTranslation();
  const { viewer, loading } = useViewer();
  const { spaceId } = useActiveSpace();
  const requireSignIn = useRequireSignIn();

  const heading = {
    mystories: {
      title: t('stories:mine.title'),
      intro: t('stories:mine.intro'),
      empty: t('stories:mine.empty'),
    },
    mydrafts: {
      title: t('stories:drafts.title'),
      intro: t('stories:drafts.intro'),
      empty: t('stories:drafts.empty'),
    },
    anonymous: {
      title: t('stories:anonymous.title'),
      intro: t('stories:anonymous.intro'),
      empty: t('stories:anonymous.empty'),
    },
  }[list];

  let body;
  if (viewer) {
    body = (
      <StoryList key={viewer.id} list={list} spaceId={spaceId} empty={{ title: heading.empty }} />
    );
  } else if (loading) {
    body = <StoryListSkeleton />;
  } else {
    body = (
      <EmptyNotice
        icon={IconLock}
        title={t('stories:signIn.title')}
        hint={t('stories:signIn.list')}
        action={
          <Button onClick={() => requireSignIn(() => undefined)}>{t('common:auth.signIn')}</Button>
        }
      />
    );
  }

  return (
    <Stack gap="md" maw={STORY_PAGE_WIDTH} mx="auto" w="100%">
      <Stack gap={4}>
        <Title order={1} size="h3">
          {heading.title}
        </Title>
        <Text c="dimmed" size="sm">
          {heading.intro}
        </Text>
      </Stack>
      <StoryTabs current={TAB_OF[list]} />
      {body}
    </Stack>
  );
}

export const MyStoriesPage = () => <OwnStoriesPage list="mystories" />;
export const MyDraftsPage = () => <OwnStoriesPage list="mydrafts" />;
export const AnonymousStoriesPage = () => <OwnStoriesPage list="anonymous" />;
