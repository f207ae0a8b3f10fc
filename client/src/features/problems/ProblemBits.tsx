import { Badge, Chip, Group, Text } from '@mantine/core';
import {
  IconBook,
  IconBulb,
  IconChefHat,
  IconInfoCircle,
  IconTool,
  IconUsers,
} from '@tabler/icons-react';
import { isProblemStatus, PROBLEM_STATUSES, problemStatusColor, type ProblemStatus } from '@rules';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthorAvatar } from '../../components/AuthorAvatar';
import { BookmarkButton } from '../bookmarks';
import { ReactionButton } from '../reactions';
import { ShareButton } from '../share';
import type { ProblemCardFragment } from '../../gql/graphql';

/** The translated name of a status; an unknown one reads as the spec's 'undefined'. */
export function useStatusLabel() {
  const { t } = useTranslation();
  const labels: Record<ProblemStatus | 'undefined', string> = {
    proposed: t('problems:status.proposed'),
    unsolved: t('problems:status.unsolved'),
    solving: t('problems:status.solving'),
    solved: t('problems:status.solved'),
    archived: t('problems:status.archived'),
    undefined: t('problems:status.undefined'),
  };
  return (status: string) =>
    labels[
      (PROBLEM_STATUSES as readonly string[]).includes(status)
        ? (status as ProblemStatus)
        : 'undefined'
    ];
}

export function StatusBadge({ status }: { status: string }) {
  const label = useStatusLabel();
  return (
    <Badge color={problemStatusColor(status)} variant="filled" radius="sm" size="sm">
      {label(status)}
    </Badge>
  );
}

/** Status filter chips, each in its status colour. Empty selection means every status. */
export function StatusFilter({
  value,
  onChange,
}: {
  value: ProblemStatus[];
  onChange: (next: ProblemStatus[]) => void;
}) {
  const { t } = useTranslation();
  const label = useStatusLabel();
  return (
    <Chip.Group multiple value={value} onChange={(next) => onChange(next.filter(isProblemStatus))}>
      <Group gap={6} role="group" aria-label={t('problems:list.statusFilter')}>
        {PROBLEM_STATUSES.map((status) => (
          <Chip
            key={status}
            value={status}
            size="xs"
            color={problemStatusColor(status)}
            variant="outline"
          >
            <span
              aria-hidden
              style={{
                display: 'inline-block',
                width: 8,
                height: 8,
                borderRadius: 4,
                marginRight: 6,
                background: problemStatusColor(status),
              }}
            />
            {label(status)}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

export function ProblemAuthorAvatar({
  problem,
  size = 38,
}: {
  problem: ProblemCardFragment;
  size?: number;
}) {
  return (
    <AuthorAvatar
      author={problem.author}
      anonymous={problem.isAnonymousPost || !problem.author.id}
      name={problem.author.displayName}
      size={size}
    />
  );
}

export function useAuthorName() {
  const { t } = useTranslation();
  return (problem: ProblemCardFragment) =>
    problem.isAnonymousPost || !problem.author.id
      ? t('problems:card.anonymous')
      : problem.author.displayName;
}

interface ChipSpec {
  tab: string;
  icon: ReactNode;
  count: number | null | undefined;
  /** What the chip reads, '3 solutions' (with the language's plural forms). */
  label: (count: number) => string;
  /** The tab's name, read after '?' when the server did not send the count. */
  name: string;
}

/**
 * Counter chips: impacted, stories, recipes, solvers, solutions and info, each linking to its tab
 * and saying what it counts ('3 solutions'), so a phone, which has no hover, reads them too. A
 * missing counter shows '?' (spec).
 */
export function CounterChips({ problem }: { problem: ProblemCardFragment }) {
  const { t } = useTranslation();
  const c = problem.counters as Partial<ProblemCardFragment['counters']> | null | undefined;
  const chips: ChipSpec[] = [
    {
      tab: 'impacted',
      icon: <IconUsers size={14} />,
      count: c?.totalParticipants,
      label: (count) => t('problems:counters.impacted', { count }),
      name: t('problems:tabs.impacted'),
    },
    {
      tab: 'stories',
      icon: <IconBook size={14} />,
      count: c?.totalStories,
      label: (count) => t('problems:counters.stories', { count }),
      name: t('problems:tabs.stories'),
    },
    {
      tab: 'recipes',
      icon: <IconChefHat size={14} />,
      count: c?.totalRecipes,
      label: (count) => t('problems:counters.recipes', { count }),
      name: t('problems:tabs.recipes'),
    },
    {
      tab: 'solvers',
      icon: <IconTool size={14} />,
      count: c?.totalSolvers,
      label: (count) => t('problems:counters.solvers', { count }),
      name: t('problems:tabs.solvers'),
    },
    {
      tab: 'solutions',
      icon: <IconBulb size={14} />,
      count: c?.totalSolutions,
      label: (count) => t('problems:counters.solutions', { count }),
      name: t('problems:tabs.solutions'),
    },
  ];
  return (
    <Group gap={6} aria-label={t('problems:card.counters')} role="group">
      {chips.map((chip) => (
        <Badge
          key={chip.tab}
          component={Link}
          to={`/problem/${problem.id}/${chip.tab}`}
          variant="light"
          color="gray"
          radius="sm"
          size="lg"
          leftSection={chip.icon}
          style={{ cursor: 'pointer', textTransform: 'none', fontWeight: 500 }}
        >
          {typeof chip.count === 'number' ? chip.label(chip.count) : `? ${chip.name}`}
        </Badge>
      ))}
      <Badge
        component={Link}
        to={`/problem/${problem.id}/info`}
        variant="light"
        color="blue"
        radius="sm"
        size="lg"
        leftSection={<IconInfoCircle size={14} />}
        style={{ cursor: 'pointer', textTransform: 'none', fontWeight: 500 }}
      >
        {t('problems:tabs.info')}
      </Badge>
    </Group>
  );
}

export function EmptyNote({ children }: { children: ReactNode }) {
  return (
    <Text c="dimmed" ta="center" py="lg">
      {children}
    </Text>
  );
}

/** Labels of lists, sorts and time ranges, each a literal key (so the locale test sees them). */
export function useProblemLabels() {
  const { t } = useTranslation();
  return {
    lists: {
      recent: {
        tab: t('problems:lists.recent.tab'),
        title: t('problems:lists.recent.title'),
        empty: t('problems:lists.recent.empty'),
        emptyHint: t('problems:lists.recent.emptyHint'),
      },
      myproblems: {
        tab: t('problems:lists.myproblems.tab'),
        title: t('problems:lists.myproblems.title'),
        empty: t('problems:lists.myproblems.empty'),
        emptyHint: t('problems:lists.myproblems.emptyHint'),
      },
      mypriorities: {
        tab: t('problems:lists.mypriorities.tab'),
        title: t('problems:lists.mypriorities.title'),
        empty: t('problems:lists.mypriorities.empty'),
        emptyHint: t('problems:lists.mypriorities.emptyHint'),
      },
      solving: {
        tab: t('problems:lists.solving.tab'),
        title: t('problems:lists.solving.title'),
        empty: t('problems:lists.solving.empty'),
        emptyHint: t('problems:lists.solving.emptyHint'),
      },
    },
    sorts: {
      recent: t('problems:sort.recent'),
      recentStatus: t('problems:sort.recentStatus'),
      participants: t('problems:sort.participants'),
      solutions: t('problems:sort.solutions'),
      stories: t('problems:sort.stories'),
      location: t('places:sort.location'),
    },
    partTypes: {
      stakeholder: t('problems:parts.types.stakeholder'),
      thing: t('problems:parts.types.thing'),
      process: t('problems:parts.types.process'),
    },
  };
}

/** Below a problem on its card and its page: its counters, and once published reaction, bookmark, share. */
export function ProblemFooter({ problem }: { problem: ProblemCardFragment }) {
  return (
    <>
      <CounterChips problem={problem} />
      {!problem.isDraft && problem.isApproved ? (
        <Group justify="space-between">
          <ReactionButton itemType="problems" item={problem} />
          <Group gap={4}>
            <BookmarkButton itemType="problems" item={problem} />
            <ShareButton target={{ kind: 'problem', id: problem.id }} spaceId={problem.spaceId} />
          </Group>
        </Group>
      ) : null}
    </>
  );
}
