import { Button, Card, Group, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBulb, IconNews, IconPuzzle, IconTools } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { TagBadges } from '../../components/hashtags';
import { PROFILE_TABS, type ProfileTab } from '@rules';
import { loadStateView } from '../../components/LoadState';
import { RelativeTime } from '../../components/RelativeTime';
import {
  PersonDocument,
  PersonProblemsDocument,
  PersonSkillsDocument,
  PersonSolutionsDocument,
  PersonSolvingDocument,
  PersonStoriesDocument,
  type PersonCardFragment,
} from '../../gql/graphql';
import { useViewer } from '../auth';
import { ProblemCard } from '../problems';
import { ShareButton } from '../share';
import { SkillCard } from '../skills';
import { SolutionCard, useSolutionActions } from '../solutions';
import { StoryCard, useStoryActions } from '../stories';
import { ReportPersonMenu } from '../moderation';
import { profilePath } from './AuthorName';
import { CommonTab } from './CommonTab';
import { FollowersDialog, type FollowList } from './FollowersDialog';
import { FollowUserButton } from './FollowUserButton';
import { PagedList } from './PagedList';
import { PersonAvatar } from './PersonAvatar';

export const PEOPLE_PAGE_WIDTH = 820;

/** /network/{id}/{info, stories, problems, solutions, skills, solving, common} (000 §2). */
export function ProfilePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', tab = 'info' } = useParams();
  const { viewer, loading: viewerLoading } = useViewer();
  const { data, loading, error, refetch } = useQuery(PersonDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const isMe = viewer?.id === id;
  // What we share means something only between two signed-in people (known once the viewer is).
  const tabs = PROFILE_TABS.filter(
    (name) => name !== 'common' || viewerLoading || (viewer && !isMe),
  );

  if (!(tabs as readonly string[]).includes(tab)) return <Navigate to={profilePath(id)} replace />;
  const person = data?.person;
  if (!person)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <Skeleton height={160} radius="md" maw={PEOPLE_PAGE_WIDTH} mx="auto" />,
      errorTitle: t('people:profile.loadFailed'),
      errorPages: { NOT_FOUND: 404 },
      itemPage: true,
      alertWidth: PEOPLE_PAGE_WIDTH,
    });

  return (
    <Stack gap="md" maw={PEOPLE_PAGE_WIDTH} mx="auto" w="100%">
      <ProfileHeader key={person.id} person={person} />
      <Tabs value={tab} onChange={(value) => value && void navigate(profilePath(id, value))}>
        <Tabs.List>
          {tabs.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`people:tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ProfileTabContent person={person} tab={tab as ProfileTab} />
    </Stack>
  );
}

function ProfileHeader({ person }: { person: PersonCardFragment }) {
  const { t } = useTranslation();
  const [list, setList] = useState<FollowList | null>(null);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Group gap="md" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          <PersonAvatar person={person} size={80} />
          <Stack gap={6} style={{ minWidth: 0 }}>
            <Title order={1} size="h2">
              {person.displayName}
            </Title>
            <Text size="sm" c="dimmed">
              {t(`people:role.${person.role === 'org' ? 'org' : 'person'}`)}
            </Text>
            {person.profileTags.length ? (
              <TagBadges tags={person.profileTags} label={t('people:profile.tags')} />
            ) : null}
            <Group gap="xs">
              <Button variant="subtle" size="compact-sm" onClick={() => setList('followers')}>
                {t('people:counters.followers', { count: person.counters.totalFollowers })}
              </Button>
              <Button variant="subtle" size="compact-sm" onClick={() => setList('following')}>
                {t('people:counters.following', { count: person.counters.totalFollowing })}
              </Button>
            </Group>
          </Stack>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <ShareButton target={{ kind: 'person', id: person.id }} />
          <FollowUserButton person={person} size="sm" />
          <ReportPersonMenu person={person} />
        </Group>
      </Group>
      <FollowersDialog userId={person.id} list={list} onClose={() => setList(null)} />
    </Card>
  );
}

function ProfileTabContent({ person, tab }: { person: PersonCardFragment; tab: ProfileTab }) {
  const { t } = useTranslation();
  const stories = useStoryActions();
  const solutions = useSolutionActions();
  const variables = { userId: person.id };
  switch (tab) {
    case 'info':
      return <InfoTab person={person} />;
    case 'stories':
      return (
        <>
          <PagedList
            query={PersonStoriesDocument}
            variables={variables}
            field="personStories"
            render={(story) => <StoryCard key={story.id} story={story} actions={stories.actions} />}
            empty={t('people:empty.stories')}
            emptyIcon={<IconNews size={32} />}
          />
          {stories.dialogs}
        </>
      );
    case 'problems':
      return (
        <PagedList
          query={PersonProblemsDocument}
          variables={variables}
          field="personProblems"
          render={(problem) => <ProblemCard key={problem.id} problem={problem} />}
          empty={t('people:empty.problems')}
          emptyIcon={<IconPuzzle size={32} />}
        />
      );
    case 'solving':
      return (
        <PagedList
          query={PersonSolvingDocument}
          variables={variables}
          field="personSolving"
          render={(problem) => <ProblemCard key={problem.id} problem={problem} />}
          empty={t('people:empty.solving')}
          emptyIcon={<IconPuzzle size={32} />}
        />
      );
    case 'solutions':
      return (
        <>
          <PagedList
            query={PersonSolutionsDocument}
            variables={variables}
            field="personSolutions"
            render={(solution) => (
              <SolutionCard key={solution.id} solution={solution} actions={solutions.actions} />
            )}
            empty={t('people:empty.solutions')}
            emptyIcon={<IconBulb size={32} />}
          />
          {solutions.dialogs}
        </>
      );
    case 'skills':
      return (
        <PagedList
          query={PersonSkillsDocument}
          variables={variables}
          field="personSkills"
          render={(skill) => <SkillCard key={skill.id} skill={skill} />}
          empty={t('people:empty.skills')}
          emptyIcon={<IconTools size={32} />}
        />
      );
    case 'common':
      return <CommonTab userId={person.id} />;
  }
}

function InfoTab({ person }: { person: PersonCardFragment }) {
  const { t } = useTranslation();
  const counts = [
    ['stories', person.counters.totalStories],
    ['problems', person.counters.totalProblems],
    ['solutions', person.counters.totalSolutions],
    ['skills', person.counters.totalSkills],
  ] as const;
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Text style={{ whiteSpace: 'pre-wrap' }} c={person.bio ? undefined : 'dimmed'}>
          {person.bio || t('people:profile.noBio')}
        </Text>
        <Group gap="lg">
          {counts.map(([name, count]) => (
            <Text key={name} size="sm">
              {t(`people:counters.${name}`, { count })}
            </Text>
          ))}
        </Group>
        <Group gap={4}>
          <Text size="sm" c="dimmed">
            {t('people:profile.joined')}
          </Text>
          <RelativeTime date={person.createdAt} size="sm" c="dimmed" />
        </Group>
      </Stack>
    </Card>
  );
}
