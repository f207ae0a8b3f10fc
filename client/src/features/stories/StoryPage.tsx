import { Stack, Title, VisuallyHidden } from '@mantine/core';
import { CombinedGraphQLErrors } from '@apollo/client/errors';
import { useQuery } from '@apollo/client/react';
import { openingWords, STORY_TITLE_LENGTH } from '@rules';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ErrorPage } from '../../components/ErrorPage';
import { LoadFailed } from '../../components/LoadState';
import { StoryDocument } from '../../gql/graphql';
import { StoryCard } from './StoryCard';
import { StoryListSkeleton } from './StoryList';
import { STORY_PAGE_WIDTH } from './layout';
import { useStoryActions } from './useStoryActions';
import { CommentThread } from '../comments';
import { TranscribedAudio } from '../media';

/** The Key topics panel loads after the story, with the AI texts: the page needs neither first. */
const StoryAnalyticsPanel = lazy(() =>
  import('./StoryAnalyticsPanel').then((module) => ({ default: module.StoryAnalyticsPanel })),
);

/** Codes meaning "no such story for you": deleted, never existed, not visible, or a malformed id. */
const MISSING_CODES = new Set(['NOT_FOUND', 'BAD_USER_INPUT', 'FORBIDDEN']);

/** /story/:id: one story on its own page (the share target). */
export function StoryPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(StoryDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const { actions, dialogs } = useStoryActions({
    onDeleted: () => void navigate('/stories/recent', { replace: true }),
  });

  let body;
  if (data?.story) {
    body = <StoryCard story={data.story} actions={actions} detail audio={TranscribedAudio} />;
  } else if (loading) {
    body = <StoryListSkeleton count={1} />;
  } else if (!id || !error || isMissing(error)) {
    // The shell's error page, so a missing story reads like any missing page.
    return <ErrorPage status={404} />;
  } else {
    body = (
      <LoadFailed error={error} retry={() => void refetch()} title={t('stories:list.loadFailed')} />
    );
  }
  return (
    <Stack gap="md" maw={STORY_PAGE_WIDTH} mx="auto" w="100%">
      {/* The card is the page: no visible title, one for screen readers (and the tab's title):
          the story's opening words, as a story has no title of its own. */}
      <Title order={1} className={VisuallyHidden.classes.root}>
        {data?.story ? openingWords(data.story.story, STORY_TITLE_LENGTH) : t('stories:page.title')}
      </Title>
      {body}
      {data?.story ? (
        <Suspense fallback={null}>
          <StoryAnalyticsPanel storyId={data.story.id} />
        </Suspense>
      ) : null}
      {data?.story ? <CommentThread itemType="stories" itemId={data.story.id} /> : null}
      {dialogs}
    </Stack>
  );
}

function isMissing(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => MISSING_CODES.has(String(item.extensions?.code ?? '')))
  );
}
