import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  Card,
  Group,
  Stack,
  Tabs,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconLink, IconLinkOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';
import { ErrorPage } from '../../components/ErrorPage';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import { HashtagText, TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RichText } from '../../components/RichText';
import {
  SolutionDocument,
  UnlinkSolutionDocument,
  type SolutionCardFragment,
} from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { StatusBadge } from '../problems';
import { LinkProblemsDialog } from './LinkProblemsDialog';
import { SolutionFooter, solutionPath } from './SolutionBits';
import { SolutionListSkeleton } from './SolutionList';
import { SOLUTION_PAGE_WIDTH } from './SolutionListPage';
import { SOLUTION_LIST_QUERIES } from './solutionQueries';
import { useSolutionActions } from './useSolutionActions';
import { SolutionVoters, VOTER_KINDS, type VoterKind } from '../votes';
import { CommentThread } from '../comments';
import { HiddenBadge, PostActionsMenu } from '../moderation';
import { LocationLine } from '../places';
import { MediaCarousel, TranscribedAudio } from '../media';
import { EmptyNotice } from '../../components/EmptyNotice';

const STANDALONE_TABS = ['info', 'problems'] as const;
const UNDER_PROBLEM_TABS = ['info', 'measurements', 'outcomes', 'voters'] as const;

/**
 * /solution/{id}/{info,problems} and /problem/{problemId}/solutions/{id}/{info,measurements,
 * outcomes,voters}; voters has two lists, `voters/upvotes` and `voters/downvotes`. Measurements
 * and outcomes come with later issues.
 */
export function SolutionPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', problemId, tab: tabParam, kind } = useParams();
  // `…/voters/{upvotes,downvotes}` is the voters tab showing one of its lists.
  const tab = kind ? 'voters' : (tabParam ?? 'info');
  const { data, loading, error, refetch } = useQuery(SolutionDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const { actions, dialogs } = useSolutionActions({
    onDeleted: () =>
      void navigate(problemId ? `/problem/${problemId}/solutions` : '/solutions/mysolutions', {
        replace: true,
      }),
  });
  const tabs: readonly string[] = problemId ? UNDER_PROBLEM_TABS : STANDALONE_TABS;
  const tabLabels: Record<string, string> = {
    info: t('solutions:tabs.info'),
    problems: t('solutions:tabs.problems'),
    measurements: t('solutions:tabs.measurements'),
    outcomes: t('solutions:tabs.outcomes'),
    voters: t('solutions:tabs.voters'),
  };
  const base = solutionPath(id, problemId);

  if (!tabs.includes(tab)) return <Navigate to={`${base}/info`} replace />;
  if (tab === 'voters' && !VOTER_KINDS.some((voterKind) => voterKind === kind)) {
    return <Navigate to={`${base}/voters/upvotes`} replace />;
  }
  const solution = data?.solution;
  if (!solution)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <SolutionListSkeleton />,
      errorTitle: t('solutions:page.loadFailed'),
      errorPages: { NOT_FOUND: 404 },
      itemPage: true,
      alertWidth: SOLUTION_PAGE_WIDTH,
    });
  // Under a problem, the solution must be linked to it (else it is missing there, as over REST).
  if (problemId && !solution.problems.some((problem) => problem.id === problemId)) {
    return <ErrorPage status={404} />;
  }
  const anonymous = solution.isAnonymousPost || !solution.author.id;
  const authorName = anonymous ? t('solutions:card.anonymous') : solution.author.displayName;

  return (
    <Stack gap="md" maw={SOLUTION_PAGE_WIDTH} mx="auto" w="100%">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <AuthorAvatar author={solution.author} anonymous={anonymous} name={authorName} />
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {authorName}
                </Text>
                <RelativeTime date={solution.when} size="sm" c="dimmed" />
                <HiddenBadge hidden={solution.isHidden} />
              </Stack>
            </Group>
            <PostActionsMenu
              label={t('solutions:card.actions')}
              post={solution}
              itemType="solutions"
              onEdit={() => actions.onEdit(solution)}
              onDelete={() => actions.onDelete(solution)}
            />
          </Group>
          <Title order={1} size="h3">
            <HashtagText text={solution.name} tags={solution.tags} />
          </Title>
          <SolutionFooter solution={solution} problemId={problemId} />
        </Stack>
      </Card>
      <Tabs value={tab} onChange={(value) => value && void navigate(`${base}/${value}`)}>
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {tabLabels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'info' ? <SolutionInfo solution={solution} /> : null}
      {tab === 'info' ? <CommentThread itemType="solutions" itemId={solution.id} /> : null}
      {tab === 'problems' ? <LinkedProblems solution={solution} /> : null}
      {tab === 'voters' ? (
        <SolutionVoters solutionId={solution.id} kind={kind as VoterKind} basePath={base} />
      ) : null}
      {tab === 'measurements' || tab === 'outcomes' ? <ComingSoon order={2} /> : null}
      {dialogs}
    </Stack>
  );
}

function SolutionInfo({ solution }: { solution: SolutionCardFragment }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <RichText html={solution.description} tags={solution.tags} />
        <MediaCarousel files={solution.files} variant="detail" audio={TranscribedAudio} />
        <LocationLine location={solution.location} />
        <TagChips
          tags={solution.tags}
          shown={tagsWrittenIn({ texts: [solution.name], html: solution.description })}
          label={t('solutions:card.tags')}
        />
        <Text size="sm" c="dimmed">
          {t('solutions:page.linkedCount', {
            count: solution.counters.totalProblems,
          })}
        </Text>
      </Stack>
    </Card>
  );
}

function LinkedProblems({ solution }: { solution: SolutionCardFragment }) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const [linking, setLinking] = useState(false);
  const [unlink] = useMutation(UnlinkSolutionDocument, {
    refetchQueries: SOLUTION_LIST_QUERIES,
  });
  const remove = async (problemId: string) => {
    try {
      await unlink({ variables: { solutionId: solution.id, problemId } });
      notifySuccess(t('solutions:link.removed'));
    } catch (caught) {
      notifyError(caught);
    }
  };
  return (
    <Stack gap="md">
      <Group justify="flex-end">
        <Button
          leftSection={<IconLink size={16} />}
          onClick={() => requireSignIn(() => setLinking(true))}
        >
          {t('solutions:link.open')}
        </Button>
      </Group>
      {solution.problems.length === 0 ? (
        <EmptyNotice
          icon={IconLink}
          title={t('solutions:page.noProblems')}
          hint={t('solutions:page.noProblemsHint')}
        />
      ) : (
        solution.problems.map((problem) => (
          <Card key={problem.id} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <Box style={{ flexShrink: 0 }}>
                  <StatusBadge status={problem.status} />
                </Box>
                <Anchor component={Link} to={`/problem/${problem.id}/info`} fw={500}>
                  {problem.name}
                </Anchor>
              </Group>
              {solution.canEdit ? (
                <Tooltip label={t('solutions:link.remove')}>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('solutions:link.remove')}
                    onClick={() => void remove(problem.id)}
                  >
                    <IconLinkOff size={18} />
                  </ActionIcon>
                </Tooltip>
              ) : null}
            </Group>
          </Card>
        ))
      )}
      <LinkProblemsDialog solution={solution} opened={linking} onClose={() => setLinking(false)} />
    </Stack>
  );
}
