import { Anchor, Avatar, Badge, Button, Card, Group, Stack } from '@mantine/core';
import { IconMessageCircle, IconUserQuestion, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RelativeTime } from '../../components/RelativeTime';
import type { SkillCardFragment } from '../../gql/graphql';
import { HiddenBadge } from '../moderation';
import { BookmarkButton } from '../bookmarks';
import { ShareButton } from '../share';
import { AuthorName } from '../people';
import { useJoinSkill } from './useJoinSkill';
import { MediaCarousel } from '../media';

/** One skill: who and when, its title and tags, its members count and Join/Leave. */
export function SkillCard({ skill }: { skill: SkillCardFragment }) {
  const { t } = useTranslation();
  const { toggle, busy } = useJoinSkill();
  const anonymous = skill.isAnonymousPost || !skill.author.id;
  const authorName = anonymous ? t('skills:card.anonymous') : skill.author.displayName;
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          {anonymous ? (
            <Avatar radius="xl" aria-hidden>
              <IconUserQuestion size={20} />
            </Avatar>
          ) : (
            <Avatar
              radius="xl"
              src={skill.author.photoURL || null}
              alt={authorName}
              name={authorName}
              color="initials"
            />
          )}
          <Stack gap={0}>
            <AuthorName author={skill.author} name={authorName} anonymous={anonymous} />
            <Group gap={6}>
              <RelativeTime date={skill.when} size="sm" c="dimmed" />
              {skill.isAnonymousPost && !skill.isApproved ? (
                <Badge size="xs" variant="light" color="yellow">
                  {t('skills:card.waitingApproval')}
                </Badge>
              ) : null}
              <HiddenBadge hidden={skill.isHidden} />
            </Group>
          </Stack>
        </Group>
        <Anchor
          component={Link}
          to={`/skill/${skill.id}/info`}
          fw={600}
          size="lg"
          c="inherit"
          underline="hover"
        >
          {skill.name}
        </Anchor>
        <MediaCarousel files={skill.files} variant="card" />
        <TagChips
          tags={skill.tags}
          shown={tagsWrittenIn({ texts: [skill.name] })}
          label={t('skills:card.tags')}
        />
        <Group justify="space-between">
          <Group gap="xs">
            <Button
              component={Link}
              to={`/skill/${skill.id}/members`}
              size="compact-sm"
              variant="light"
              color="gray"
              leftSection={<IconUsers size={14} />}
              aria-label={t('skills:card.members', {
                count: skill.counters.totalParticipants,
              })}
            >
              {skill.counters.totalParticipants}
            </Button>
            <Button
              component={Link}
              to={`/skill/${skill.id}/info`}
              size="compact-sm"
              variant="subtle"
              color="gray"
              leftSection={<IconMessageCircle size={14} />}
              aria-label={t('skills:card.comments', { count: skill.counters.totalComments })}
            >
              {skill.counters.totalComments}
            </Button>
          </Group>
          <Group gap="xs">
            {skill.isApproved ? <BookmarkButton itemType="skills" item={skill} /> : null}
            {skill.isApproved ? (
              <ShareButton target={{ kind: 'skill', id: skill.id }} spaceId={skill.spaceId} />
            ) : null}
            <Button
              size="xs"
              variant={skill.joined ? 'default' : 'filled'}
              loading={busy}
              onClick={() => toggle(skill)}
            >
              {skill.joined ? t('skills:card.leave') : t('skills:card.join')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}
