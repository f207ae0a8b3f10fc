import { Anchor, Badge, Card, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TagChips, tagsWrittenIn } from '../../components/hashtags';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { RelativeTime } from '../../components/RelativeTime';
import type { SolutionCardFragment } from '../../gql/graphql';
import { AuthorName } from '../people';
import { HiddenBadge, PostActionsMenu } from '../moderation';
import { LocationLine } from '../places';
import { SolutionFooter, solutionPath } from './SolutionBits';
import { MediaCarousel } from '../media';

export interface SolutionCardActions {
  onEdit: (solution: SolutionCardFragment) => void;
  onDelete: (solution: SolutionCardFragment) => void;
}

/** One solution: title, who and when, tags and counter chips; the author's Edit and Delete. */
export function SolutionCard({
  solution,
  actions,
  problemId,
}: {
  solution: SolutionCardFragment;
  actions: SolutionCardActions;
  /** Shown in a problem's Solutions tab: links stay under that problem. */
  problemId?: string | null;
}) {
  const { t } = useTranslation();
  const anonymous = solution.isAnonymousPost || !solution.author.id;
  const authorName = anonymous ? t('solutions:card.anonymous') : solution.author.displayName;
  const path = `${solutionPath(solution.id, problemId)}/info`;

  return (
    <Card withBorder radius="md" padding="md" component="article">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Group gap="sm" wrap="nowrap">
            <AuthorAvatar author={solution.author} anonymous={anonymous} name={authorName} />
            <Stack gap={0}>
              <AuthorName author={solution.author} name={authorName} anonymous={anonymous} />
              <Group gap={6}>
                <RelativeTime date={solution.when} size="sm" c="dimmed" />
                {solution.isDraft ? (
                  <Badge size="xs" variant="light" color="gray">
                    {t('solutions:card.draft')}
                  </Badge>
                ) : null}
                {solution.isAnonymousPost && !solution.isApproved ? (
                  <Badge size="xs" variant="light" color="yellow">
                    {t('solutions:card.waitingApproval')}
                  </Badge>
                ) : null}
                <HiddenBadge hidden={solution.isHidden} />
              </Group>
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
        <Anchor component={Link} to={path} fw={600} size="lg" c="inherit" underline="hover">
          {solution.name}
        </Anchor>
        <MediaCarousel files={solution.files} variant="card" />
        <LocationLine location={solution.location} />
        <TagChips
          tags={solution.tags}
          shown={tagsWrittenIn({ texts: [solution.name] })}
          label={t('solutions:card.tags')}
        />
        <SolutionFooter solution={solution} problemId={problemId} />
      </Stack>
    </Card>
  );
}
