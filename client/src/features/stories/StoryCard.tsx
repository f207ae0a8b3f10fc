import { Anchor, Badge, Button, Card, Group, Stack, Text } from '@mantine/core';
import { IconMessageCircle, IconMoodSmile, IconPencil, IconSend } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import { TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RichText } from '../../components/RichText';
import type { StoryCardFragment } from '../../gql/graphql';
import { BookmarkButton } from '../bookmarks';
import { ShareButton } from '../share';
import { ReactionButton } from '../reactions';
import { AuthorName } from '../people';
import { HiddenBadge, PostActionsMenu } from '../moderation';
import { MediaCarousel } from '../media';
import { DistanceLabel, LocationLine } from '../places';

export interface StoryCardActions {
  onEdit: (story: StoryCardFragment) => void;
  onDelete: (story: StoryCardFragment) => void;
  onPublish: (story: StoryCardFragment) => void;
  /** The id of a draft being published, to show its button busy. */
  publishingId: string | null;
}

export interface StoryCardProps {
  story: StoryCardFragment;
  actions: StoryCardActions;
  /** The story's own page: attachments show at full size rather than as thumbnails. */
  detail?: boolean;
  /** How the story's own page plays audio (with its transcript); a card plays it alone. */
  audio?: ComponentProps<typeof MediaCarousel>['audio'];
}

/** One story: who and when, the sanitised text, its tags and counters; the author's Edit and Delete. */
export function StoryCard({ story, actions, detail = false, audio }: StoryCardProps) {
  const { t } = useTranslation();
  const anonymous = story.isAnonymousPost || !story.author.id;
  const authorName = anonymous ? t('stories:card.anonymous') : story.author.displayName;
  // Drafts and anonymous posts waiting for approval take no reactions or bookmarks yet.
  const published = !story.isDraft && story.isApproved;

  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <AuthorAvatar author={story.author} anonymous={anonymous} name={authorName} />
            <Stack gap={0}>
              <AuthorName author={story.author} name={authorName} anonymous={anonymous} />
              <Group gap={6}>
                <Anchor component={Link} to={`/story/${story.id}`} underline="hover" c="dimmed">
                  <RelativeTime date={story.createdAt} />
                </Anchor>
                {story.isDraft ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('stories:card.draft')}
                  </Badge>
                ) : null}
                {story.isAnonymousPost && !story.isApproved ? (
                  <Badge size="xs" variant="light" color="yellow">
                    {t('stories:card.waitingApproval')}
                  </Badge>
                ) : null}
                <HiddenBadge hidden={story.isHidden} />
                <DistanceLabel km={story.distanceKm} />
              </Group>
            </Stack>
          </Group>
          <PostActionsMenu
            label={t('stories:card.actions')}
            post={story}
            itemType="stories"
            onEdit={() => actions.onEdit(story)}
            onDelete={() => actions.onDelete(story)}
          />
        </Group>

        {story.problemId && story.problemName ? (
          <Text size="sm" c="dimmed">
            {t('stories:card.postedTo')}{' '}
            <Anchor component={Link} to={`/problem/${story.problemId}/info`} size="sm">
              {story.problemName}
            </Anchor>
          </Text>
        ) : null}

        <RichText html={story.story} tags={story.tags} />
        <MediaCarousel files={story.files} variant={detail ? 'detail' : 'card'} audio={audio} />
        <LocationLine location={story.location} />

        <TagChips
          tags={story.tags}
          shown={tagsWrittenIn({ html: story.story })}
          label={t('stories:card.tags')}
        />

        <Group justify="space-between">
          <Group gap="md">
            {published ? (
              <ReactionButton itemType="stories" item={story} />
            ) : (
              <Counter
                icon={<IconMoodSmile size={18} />}
                count={story.counters.totalReactions}
                label={t('stories:card.reactions', {
                  count: story.counters.totalReactions,
                })}
              />
            )}
            <Counter
              icon={<IconMessageCircle size={18} />}
              count={story.counters.totalComments}
              label={t('stories:card.comments', {
                count: story.counters.totalComments,
              })}
            />
            {published ? <BookmarkButton itemType="stories" item={story} /> : null}
            {published ? (
              <ShareButton target={{ kind: 'story', id: story.id }} spaceId={story.spaceId} />
            ) : null}
          </Group>
          {story.canEdit && story.isDraft ? (
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                leftSection={<IconPencil size={14} />}
                onClick={() => actions.onEdit(story)}
              >
                {t('common:actions.edit')}
              </Button>
              <Button
                size="xs"
                leftSection={<IconSend size={14} />}
                loading={actions.publishingId === story.id}
                onClick={() => actions.onPublish(story)}
              >
                {t('stories:card.publish')}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}

function Counter({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <Group gap={4} c="dimmed" aria-label={label} role="group">
      {icon}
      <Text size="sm" aria-hidden>
        {count}
      </Text>
    </Group>
  );
}
