import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Menu,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { IconChevronDown, IconHammer, IconLogout, IconPlus } from '@tabler/icons-react';
import { PROBLEM_STATUSES, problemStatusColor } from '@rules';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { RelativeTime } from '../../components/RelativeTime';
import { HashtagText, TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RichText } from '../../components/RichText';
import { loadStateView, type ErrorPages } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import {
  DeleteProblemDocument,
  JoinProblemDocument,
  ProblemDocument,
  SetProblemStatusDocument,
  type ProblemQuery,
} from '../../gql/graphql';
import { ProblemAiCard } from '../ai';
import { useRequireSignIn, useViewer } from '../auth';
import { ProblemSolutions } from '../solutions';
import { ProblemStories } from '../stories';
import { RecipesTab } from '../maps';
import { LeaveProblemDialog } from './LeaveProblemDialog';
import {
  ProblemFooter,
  ProblemAuthorAvatar,
  StatusBadge,
  useAuthorName,
  useStatusLabel,
} from './ProblemBits';
import { ProblemDialog } from './ProblemDialog';
import { PROBLEM_LIST_QUERIES } from './problemQueries';
import { ProblemListSkeleton } from './ProblemList';
import { PROBLEM_PAGE_WIDTH } from './ProblemListPage';
import { ImpactedTab, MeasurementsSection, SolversTab } from './ProblemTabs';
import { PartsTab } from './PartsTab';
import { CommentThread } from '../comments';
import { HiddenBadge, PostActionsMenu } from '../moderation';
import { LocationLine } from '../places';
import { MediaCarousel, TranscribedAudio } from '../media';

const TABS = [
  'info',
  'impacted',
  'stories',
  'solutions',
  'solvers',
  'parts',
  'recipes',
  'ingredients',
] as const;
type ProblemTab = (typeof TABS)[number];
/** Codes meaning "no such problem for you": deleted, never existed, not visible, or a malformed id. */
const MISSING_PROBLEM: ErrorPages = { NOT_FOUND: 404, BAD_USER_INPUT: 404, FORBIDDEN: 404 };
export type ProblemDetail = NonNullable<ProblemQuery['problem']>;

/** /problem/:id/:tab — the problem with its tabs. */
export function ProblemPage() {
  const { t } = useTranslation();
  const { id = '', tab } = useParams();
  const navigate = useNavigate();
  const { data, loading, error, refetch } = useQuery(ProblemDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const labels = useTabLabels();

  if (!tab || !(TABS as readonly string[]).includes(tab))
    return <Navigate to={`/problem/${id}/info`} replace />;
  const current = tab as ProblemTab;
  const problem = data?.problem;
  if (!problem)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <ProblemListSkeleton count={1} />,
      errorTitle: t('problems:page.loadFailed'),
      errorPages: MISSING_PROBLEM,
      itemPage: true,
    });

  return (
    <Stack gap="md" maw={PROBLEM_PAGE_WIDTH} mx="auto" w="100%">
      <ProblemHeader problem={problem} />
      <Tabs
        value={current}
        onChange={(value) => value && void navigate(`/problem/${id}/${value}`)}
        keepMounted={false}
      >
        <ScrollArea type="never">
          <Tabs.List style={{ flexWrap: 'nowrap' }}>
            {TABS.map((item) => (
              <Tabs.Tab key={item} value={item}>
                {labels[item]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </ScrollArea>
        <Tabs.Panel value="info" pt="md">
          <Stack gap="md">
            <InfoTab problem={problem} />
            <CommentThread itemType="problems" itemId={problem.id} />
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="impacted" pt="md">
          <ImpactedTab problemId={problem.id} />
        </Tabs.Panel>
        <Tabs.Panel value="stories" pt="md">
          <ProblemStories problemId={problem.id} />
        </Tabs.Panel>
        <Tabs.Panel value="solutions" pt="md">
          <ProblemSolutions problemId={problem.id} />
        </Tabs.Panel>
        <Tabs.Panel value="solvers" pt="md">
          <SolversTab problemId={problem.id} />
        </Tabs.Panel>
        <Tabs.Panel value="parts" pt="md">
          <PartsTab problem={problem} />
        </Tabs.Panel>
        <Tabs.Panel value="recipes" pt="md">
          <RecipesTab problemId={problem.id} />
        </Tabs.Panel>
        <Tabs.Panel value="ingredients" pt="md">
          <ComingSoonNote />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** Ingredients arrive with a later issue: a note inside the tab, never a blank panel. */
function ComingSoonNote() {
  const { t } = useTranslation();
  return (
    <Alert icon={<IconHammer size={18} />} title={t('common:comingSoon.title')} variant="light">
      {t('problems:page.comingSoon')}
    </Alert>
  );
}

function useTabLabels(): Record<ProblemTab, string> {
  const { t } = useTranslation();
  return {
    info: t('problems:tabs.info'),
    impacted: t('problems:tabs.impacted'),
    stories: t('problems:tabs.stories'),
    solutions: t('problems:tabs.solutions'),
    solvers: t('problems:tabs.solvers'),
    parts: t('problems:tabs.parts'),
    recipes: t('problems:tabs.recipes'),
    ingredients: t('problems:tabs.ingredients'),
  };
}

/** Title, author, status, counters; join or leave; the author's Edit and Delete. */
function ProblemHeader({ problem }: { problem: ProblemDetail }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const requireSignIn = useRequireSignIn();
  const authorName = useAuthorName();
  const [editing, setEditing] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [join, joining] = useMutation(JoinProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });
  const [remove, removing] = useMutation(DeleteProblemDocument, {
    refetchQueries: PROBLEM_LIST_QUERIES,
  });

  const doJoin = () =>
    requireSignIn(() => {
      join({ variables: { id: problem.id } })
        .then(() => notifySuccess(t('problems:join.done')))
        .catch(notifyError);
    });

  const doDelete = async () => {
    try {
      await remove({ variables: { id: problem.id } });
      notifySuccess(t('problems:toast.deleted'));
      setConfirmDelete(false);
      void navigate('/problems/recent', { replace: true });
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Card withBorder radius="md" padding="md" style={{ borderTop: `4px solid ${problem.color}` }}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ProblemAuthorAvatar problem={problem} />
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {authorName(problem)}
              </Text>
              <RelativeTime date={problem.createdAt} size="xs" />
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap">
            {problem.joined ? (
              <Button
                size="xs"
                variant="light"
                color="red"
                leftSection={<IconLogout size={14} />}
                onClick={() => setLeaving(true)}
              >
                {t('problems:leave.button')}
              </Button>
            ) : (
              <Button
                size="xs"
                leftSection={<IconPlus size={14} />}
                loading={joining.loading}
                onClick={doJoin}
              >
                {t('problems:join.button')}
              </Button>
            )}
            <PostActionsMenu
              label={t('problems:page.actions')}
              post={problem}
              itemType="problems"
              onEdit={() => setEditing(true)}
              onDelete={() => setConfirmDelete(true)}
            />
          </Group>
        </Group>
        <Group gap="xs" align="center">
          <Title order={1} size="h3">
            <HashtagText text={problem.name} tags={problem.tags} />
          </Title>
          {problem.isDraft ? (
            <Badge color="gray" variant="light">
              {t('problems:card.draft')}
            </Badge>
          ) : null}
          {problem.isAnonymousPost && !problem.isApproved ? (
            <Badge color="yellow" variant="light">
              {t('problems:card.waitingApproval')}
            </Badge>
          ) : null}
          <HiddenBadge hidden={problem.isHidden} />
        </Group>
        <Group gap="sm">
          <StatusControl problem={problem} />
        </Group>
        <ProblemFooter problem={problem} />
      </Stack>
      <ProblemDialog opened={editing} onClose={() => setEditing(false)} problem={problem} />
      <LeaveProblemDialog
        problemId={problem.id}
        opened={leaving}
        onClose={() => setLeaving(false)}
      />
      <ConfirmDialog
        opened={confirmDelete}
        title={t('problems:delete.title')}
        message={t('problems:delete.message')}
        confirmLabel={t('common:actions.delete')}
        loading={removing.loading}
        onConfirm={() => void doDelete()}
        onCancel={() => setConfirmDelete(false)}
      />
    </Card>
  );
}

/** The status badge; those allowed (author, joined members) get a menu to change it. */
function StatusControl({ problem }: { problem: ProblemDetail }) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  const [setStatus, { loading }] = useMutation(SetProblemStatusDocument, {
    refetchQueries: ['Problems'],
  });
  if (!problem.canChangeStatus) return <StatusBadge status={problem.status} />;
  return (
    <Menu withinPortal position="bottom-start">
      <Menu.Target>
        <Button
          size="compact-sm"
          color={problemStatusColor(problem.status)}
          rightSection={<IconChevronDown size={14} />}
          loading={loading}
          aria-label={t('problems:status.change', {
            status: label(problem.status),
          })}
        >
          {label(problem.status)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('problems:status.menu')}</Menu.Label>
        {PROBLEM_STATUSES.map((status) => (
          <Menu.Item
            key={status}
            disabled={status === problem.status}
            leftSection={
              <span
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 5,
                  background: problemStatusColor(status),
                  display: 'inline-block',
                }}
              />
            }
            onClick={() => {
              setStatus({ variables: { id: problem.id, status } })
                .then(() => notifySuccess(t('problems:status.changed')))
                .catch(notifyError);
            }}
          >
            {label(status)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Description, tags, status activity, measurements and the AI analysis. */
function InfoTab({ problem }: { problem: ProblemDetail }) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const label = useStatusLabel();
  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('problems:info.description')}
          </Title>
          <RichText html={problem.description} tags={problem.tags} />
          <MediaCarousel files={problem.files} variant="detail" audio={TranscribedAudio} />
          <LocationLine location={problem.location} />
          <TagChips
            tags={problem.tags}
            shown={tagsWrittenIn({ texts: [problem.name], html: problem.description })}
            label={t('problems:info.tags')}
          />
        </Stack>
      </Card>
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('problems:info.statusActivity')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('problems:info.statusSince', { status: label(problem.status) })}{' '}
            <RelativeTime date={problem.statusUpdatedAt} size="sm" />
          </Text>
          {problem.statusActivity.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('problems:info.noActivity')}
            </Text>
          ) : (
            <Timeline bulletSize={14} lineWidth={2} active={problem.statusActivity.length - 1}>
              {problem.statusActivity.map((row) => (
                <Timeline.Item
                  key={row.id}
                  color={problemStatusColor(row.toStatus)}
                  title={t('problems:info.changedTo', {
                    status: label(row.toStatus),
                  })}
                >
                  <RelativeTime date={row.createdAt} size="xs" />
                </Timeline.Item>
              ))}
            </Timeline>
          )}
        </Stack>
      </Card>
      <MeasurementsSection problemId={problem.id} canAdd={problem.canChangeStatus} />
      <Suspense fallback={null}>
        <ProblemAiCard problemId={problem.id} signedIn={Boolean(viewer)} />
      </Suspense>
    </Stack>
  );
}
