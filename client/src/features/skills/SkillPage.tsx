import { Badge, Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { ComingSoon } from '../../components/ComingSoon';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadMoreButton } from '../../components/LoadMoreButton';
import { loadStateView } from '../../components/LoadState';
import { notifyError, notifySuccess } from '../../components/notify';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import { HashtagText, TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RichText } from '../../components/RichText';
import {
  DeleteSkillDocument,
  SkillDocument,
  SkillMembersDocument,
  type SkillCardFragment,
} from '../../gql/graphql';
import { SkillDialog } from './SkillDialog';
import { SKILL_PAGE_WIDTH, SkillSkeleton } from './SkillListPage';
import { SKILL_LIST_QUERIES } from './skillQueries';
import { SkillActions } from './SkillActions';
import { SkillAuthorAvatar } from './SkillCard';
import { CommentThread } from '../comments';
import { HiddenBadge, PostActionsMenu } from '../moderation';
import { MediaCarousel, TranscribedAudio } from '../media';

const TABS = ['info', 'members', 'reviews'] as const;

/** /skill/{id}/{info, members, reviews}; reviews come with a later issue. */
export function SkillPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '', tab = 'info' } = useParams();
  const { data, loading, error, refetch } = useQuery(SkillDocument, {
    variables: { id },
    skip: !id,
    fetchPolicy: 'cache-and-network',
  });
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useMutation(DeleteSkillDocument, {
    refetchQueries: SKILL_LIST_QUERIES,
  });
  const tabLabels: Record<(typeof TABS)[number], string> = {
    info: t('skills:tabs.info'),
    members: t('skills:tabs.members'),
    reviews: t('skills:tabs.reviews'),
  };

  if (!(TABS as readonly string[]).includes(tab))
    return <Navigate to={`/skill/${id}/info`} replace />;
  const skill = data?.skill;
  if (!skill)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <SkillSkeleton />,
      errorTitle: t('skills:page.loadFailed'),
      errorPages: { NOT_FOUND: 404 },
      itemPage: true,
      alertWidth: SKILL_PAGE_WIDTH,
    });
  const anonymous = skill.isAnonymousPost || !skill.author.id;
  const authorName = anonymous ? t('skills:card.anonymous') : skill.author.displayName;
  const confirmDelete = async () => {
    try {
      await remove({ variables: { id: skill.id } });
      notifySuccess(t('skills:toast.deleted'));
      void navigate('/skills/myskills', { replace: true });
    } catch (caught) {
      notifyError(caught);
    }
  };

  return (
    <Stack gap="md" maw={SKILL_PAGE_WIDTH} mx="auto" w="100%">
      <Card withBorder radius="md" padding="md">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <Group gap="sm" wrap="nowrap">
              <SkillAuthorAvatar skill={skill} anonymous={anonymous} name={authorName} />
              <Stack gap={0}>
                <Text fw={600} size="sm">
                  {authorName}
                </Text>
                <RelativeTime date={skill.when} size="sm" c="dimmed" />
                <HiddenBadge hidden={skill.isHidden} />
              </Stack>
            </Group>
            <PostActionsMenu
              label={t('skills:card.actions')}
              post={skill}
              itemType="skills"
              onEdit={() => setEditing(true)}
              onDelete={() => setConfirming(true)}
            />
          </Group>
          <Title order={1} size="h3">
            <HashtagText text={skill.name} tags={skill.tags} />
          </Title>
          <Group justify="space-between">
            <Badge variant="light" color="gray" tt="none" size="lg">
              {t('skills:card.members', {
                count: skill.counters.totalParticipants,
              })}
            </Badge>
            <SkillActions skill={skill} />
          </Group>
        </Stack>
      </Card>
      <Tabs value={tab} onChange={(value) => value && void navigate(`/skill/${id}/${value}`)}>
        <Tabs.List>
          {TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {tabLabels[name]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {tab === 'info' ? <SkillInfo skill={skill} /> : null}
      {tab === 'info' ? <CommentThread itemType="skills" itemId={skill.id} /> : null}
      {tab === 'members' ? <SkillMembers skillId={skill.id} /> : null}
      {tab === 'reviews' ? <ComingSoon order={2} /> : null}
      <SkillDialog opened={editing} skill={skill} onClose={() => setEditing(false)} />
      <ConfirmDialog
        opened={confirming}
        title={t('skills:delete.title')}
        message={t('skills:delete.message')}
        confirmLabel={t('common:actions.delete')}
        loading={removing.loading}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  );
}

function SkillInfo({ skill }: { skill: SkillCardFragment }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <RichText html={skill.description} tags={skill.tags} />
        <MediaCarousel files={skill.files} variant="detail" audio={TranscribedAudio} />
        <TagChips
          tags={skill.tags}
          shown={tagsWrittenIn({ texts: [skill.name], html: skill.description })}
          label={t('skills:card.tags')}
        />
      </Stack>
    </Card>
  );
}

function SkillMembers({ skillId }: { skillId: string }) {
  const { t } = useTranslation();
  const { data, loading, error, refetch, fetchMore } = useQuery(SkillMembersDocument, {
    variables: { skillId, first: 30 },
    fetchPolicy: 'cache-and-network',
  });
  const page = data?.skillMembers;
  if (!page)
    return loadStateView({
      loading,
      error,
      refetch,
      skeleton: <SkillSkeleton />,
      errorTitle: t('skills:page.membersLoadFailed'),
    });
  return (
    <Stack gap="xs">
      {nodesOf(page).map((member, index) => {
        const anonymous = !member.user.id;
        const name = anonymous ? t('skills:card.anonymous') : member.user.displayName;
        return (
          <Card key={member.user.id || `anonymous-${index}`} withBorder radius="md" padding="sm">
            <Group justify="space-between" wrap="nowrap">
              <Group gap="sm" wrap="nowrap">
                <AuthorAvatar
                  author={{ photoURL: member.user.photoURL }}
                  anonymous={anonymous}
                  name={name}
                />
                <Text size="sm" fw={500}>
                  {name}
                </Text>
              </Group>
              <Text size="xs" c="dimmed">
                {t('skills:page.joined')} <RelativeTime date={member.joinedAt} span size="xs" />
              </Text>
            </Group>
          </Card>
        );
      })}
      <LoadMoreButton
        cursor={nextCursorOf(page)}
        label={t('skills:list.loadMore')}
        onLoad={(after) => fetchMore({ variables: { after } })}
      />
    </Stack>
  );
}
