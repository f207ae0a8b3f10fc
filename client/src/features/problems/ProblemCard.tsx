import { Anchor, Badge, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HashtagText, TagChips, tagsWrittenIn } from '../../components/hashtags';
import { RelativeTime } from '../../components/RelativeTime';
import type { ProblemCardFragment } from '../../gql/graphql';
import { AuthorName } from '../people';
import { HiddenBadge } from '../moderation';
import { DistanceLabel, LocationLine } from '../places';
import {
  CounterChips,
  ProblemFooter,
  ProblemAuthorAvatar,
  StatusBadge,
  useAuthorName,
} from './ProblemBits';
import { MediaCarousel } from '../media';

/** Plain text of the description, cut for cards. */
export const excerpt = (html: string, max = 220) => {
  const text = html
    .replace(/<[^>]*>/gu, ' ')
    .replace(/&nbsp;/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
  return text.length > max ? `${text.slice(0, max)}…` : text;
};

/** A problem as a card: author and time, title with its status, a short description, counters. */
export function ProblemCard({ problem }: { problem: ProblemCardFragment }) {
  const { t } = useTranslation();
  const authorName = useAuthorName();
  const shortText = excerpt(problem.description);
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      style={{ borderLeft: `4px solid ${problem.color}` }}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <ProblemAuthorAvatar problem={problem} />
            <Stack gap={0}>
              <AuthorName
                author={problem.author}
                name={authorName(problem)}
                anonymous={problem.isAnonymousPost}
              />
              <Group gap={6}>
                <RelativeTime date={problem.createdAt} size="xs" />
                <DistanceLabel km={problem.distanceKm} />
              </Group>
            </Stack>
          </Group>
          <Group gap={6}>
            <HiddenBadge hidden={problem.isHidden} />
            {problem.isDraft ? (
              <Badge size="sm" variant="light" color="gray">
                {t('problems:card.draft')}
              </Badge>
            ) : null}
            {problem.joined ? (
              <Badge size="sm" variant="light" color="teal">
                {t('problems:card.joined')}
              </Badge>
            ) : null}
            <StatusBadge status={problem.status} />
          </Group>
        </Group>
        <Anchor
          component={Link}
          to={`/problem/${problem.id}/info`}
          fw={700}
          size="lg"
          c="inherit"
          underline="hover"
        >
          {problem.name}
        </Anchor>
        <Text size="sm" c="dimmed" lineClamp={3}>
          {shortText ? (
            <HashtagText text={shortText} tags={problem.tags} />
          ) : (
            t('problems:card.noDescription')
          )}
        </Text>
        <TagChips
          tags={problem.tags}
          shown={tagsWrittenIn({ texts: [problem.name, shortText] })}
          label={t('problems:info.tags')}
        />
        <MediaCarousel files={problem.files} variant="card" />
        <LocationLine location={problem.location} />
        <ProblemFooter problem={problem} />
      </Stack>
    </Card>
  );
}

/** A problem as one list row: status colour, title, author and time, counters. */
export function ProblemRow({ problem }: { problem: ProblemCardFragment }) {
  const authorName = useAuthorName();
  return (
    <Card withBorder radius="sm" padding="sm" component="article">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: 1 }}>
          <StatusBadge status={problem.status} />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Anchor
              component={Link}
              to={`/problem/${problem.id}/info`}
              fw={600}
              c="inherit"
              truncate="end"
            >
              {problem.name}
            </Anchor>
            <Text size="xs" c="dimmed">
              {authorName(problem)} · <RelativeTime date={problem.createdAt} size="xs" />
            </Text>
            <DistanceLabel km={problem.distanceKm} />
          </Stack>
        </Group>
        <CounterChips problem={problem} />
      </Group>
    </Card>
  );
}
