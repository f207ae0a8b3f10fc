import { Badge, Button, Group } from '@mantine/core';
import { IconThumbDown, IconThumbUp, IconTrophy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SolutionCardFragment } from '../../gql/graphql';
import { BookmarkButton } from '../bookmarks';
import { ReactionButton } from '../reactions';
import { ShareButton } from '../share';
import { VoteButtons } from '../votes';

export function TagList({ tags, label }: { tags: readonly string[]; label: string }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6} aria-label={label}>
      {tags.map((tag) => (
        <Badge key={tag} variant="light" radius="sm" tt="none">
          #{tag}
        </Badge>
      ))}
    </Group>
  );
}

/**
 * Where a solution's pages live: under its problem when it has one in view (the counter chips'
 * voters and outcomes pages exist only there), else its own page.
 */
export const solutionPath = (solutionId: string, problemId?: string | null) =>
  problemId ? `/problem/${problemId}/solutions/${solutionId}` : `/solution/${solutionId}`;

/**
 * The counter chips: upvotes → voters/upvotes, downvotes → voters/downvotes, outcomes. Voting
 * itself is VoteButtons (features/votes).
 */
export function SolutionChips({
  solution,
  problemId,
}: {
  solution: SolutionCardFragment;
  problemId?: string | null;
}) {
  const { t } = useTranslation();
  // Voters and outcomes pages sit under a problem; a standalone solution uses its first linked one.
  const base = problemId ?? solution.problems[0]?.id ?? null;
  const chip = (icon: ReactNode, count: number, label: string, to: string) =>
    base ? (
      <Button
        component={Link}
        to={`${solutionPath(solution.id, base)}/${to}`}
        size="compact-sm"
        variant="light"
        color="gray"
        leftSection={icon}
        aria-label={label}
      >
        {count}
      </Button>
    ) : (
      <Badge size="lg" variant="light" color="gray" leftSection={icon} aria-label={label} tt="none">
        {count}
      </Badge>
    );
  return (
    <Group gap="xs">
      {chip(
        <IconThumbUp size={14} />,
        solution.counters.totalUpvotes,
        t('solutions:card.upvotes', { count: solution.counters.totalUpvotes }),
        'voters/upvotes',
      )}
      {chip(
        <IconThumbDown size={14} />,
        solution.counters.totalDownvotes,
        t('solutions:card.downvotes', {
          count: solution.counters.totalDownvotes,
        }),
        'voters/downvotes',
      )}
      {chip(
        <IconTrophy size={14} />,
        solution.counters.totalOutcomes,
        t('solutions:card.outcomes', {
          count: solution.counters.totalOutcomes,
        }),
        'outcomes',
      )}
    </Group>
  );
}

/** Below a solution on its card and its page: counts, votes, and once published reaction, bookmark, share. */
export function SolutionFooter({
  solution,
  problemId,
}: {
  solution: SolutionCardFragment;
  problemId?: string | null;
}) {
  return (
    <>
      <SolutionChips solution={solution} problemId={problemId} />
      <VoteButtons solution={solution} />
      {!solution.isDraft && solution.isApproved ? (
        <Group justify="space-between">
          <ReactionButton itemType="solutions" item={solution} />
          <Group gap={4}>
            <BookmarkButton itemType="solutions" item={solution} />
            <ShareButton
              target={
                problemId
                  ? { kind: 'problemSolution', problemId, id: solution.id }
                  : { kind: 'solution', id: solution.id }
              }
              spaceId={solution.spaceId}
            />
          </Group>
        </Group>
      ) : null}
    </>
  );
}
