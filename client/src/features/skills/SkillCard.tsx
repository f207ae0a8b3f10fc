import { Anchor, Badge, Button, Card, Group, Stack } from '@mantine/core';
import { IconMessageCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagChips, tagsWrittenIn } from '../../components/hashtags';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import type { SkillCardFragment } from '../../gql/graphql';
import { HiddenBadge } from '../moderation';
import { AuthorName } from '../people';
import { SkillActions } from './SkillActions';
import { MediaCarousel } from '../media';

/** One skill: who and when, its title and tags, its members count and Join/Leave. */
export function SkillCard({ skill }: { skill: SkillCardFragment }) {
  const { t } = useTranslation();
  const anonymous = skill.isAnonymousPost || !skill.author.id;
  const authorName = anonymous ? t('skills:card.anonymous') : skill.author.displayName;
  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <SkillAuthorAvatar skill={skill} anonymous={anonymous} name={authorName} />
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
          <SkillActions skill={skill} />
        </Group>
      </Stack>
    </Card>
  );
}

/** Skills show organisations round like people, so the avatar gets the author's photo alone. */
export function SkillAuthorAvatar({
  skill,
  anonymous,
  name,
}: {
  skill: SkillCardFragment;
  anonymous: boolean;
  name: string;
}) {
  return (
    <AuthorAvatar author={{ photoURL: skill.author.photoURL }} anonymous={anonymous} name={name} />
  );
}
