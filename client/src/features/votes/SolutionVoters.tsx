import { Avatar, Button, Card, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useQuery } from '@apollo/client/react';
import { IconBuilding, IconThumbDown, IconThumbUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { nextCursorOf, nodesOf } from '../../app/cursorPages';
import { RelativeTime } from '../../components/RelativeTime';
import {
  SolutionVotersDocument,
  type SolutionVotersQuery,
  type VoteDirection,
} from '../../gql/graphql';
import { usePagedQueryState } from '../../components/usePagedQueryState';
import { EmptyNotice } from '../../components/EmptyNotice';

const PAGE = 30;
export const VOTER_KINDS = ['upvotes', 'downvotes'] as const;
export type VoterKind = (typeof VOTER_KINDS)[number];
const DIRECTION: Record<VoterKind, VoteDirection> = { upvotes: 'up', downvotes: 'down' };

type Voter = SolutionVotersQuery['solutionVoters']['edges'][number]['node'];

/**
 * A solution's voters tab: Upvotes and Downvotes (`…/voters/upvotes`, `…/voters/downvotes`), the
 * people latest first. The feedback shows only to the solution's author (the server sends it to
 * no one else).
 */
export function SolutionVoters({
  solutionId,
  kind,
  basePath,
}: {
  solutionId: string;
  kind: VoterKind;
  /** The solution page's path; tabs go to `${basePath}/voters/{kind}`. */
  basePath: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Stack gap="sm">
      <Tabs
        value={kind}
        variant="pills"
        onChange={(value) => value && void navigate(`${basePath}/voters/${value}`)}
      >
        <Tabs.List>
          <Tabs.Tab value="upvotes" leftSection={<IconThumbUp size={14} />}>
            {t('votes:voters.upvotes')}
          </Tabs.Tab>
          <Tabs.Tab value="downvotes" leftSection={<IconThumbDown size={14} />}>
            {t('votes:voters.downvotes')}
          </Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <VoterList key={kind} solutionId={solutionId} kind={kind} />
    </Stack>
  );
}

function VoterList({ solutionId, kind }: { solutionId: string; kind: VoterKind }) {
  const { t } = useTranslation();
  const query = useQuery(SolutionVotersDocument, {
    variables: { solutionId, direction: DIRECTION[kind], first: PAGE },
    fetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  });
  const page = query.data?.solutionVoters;
  const { waiting, loadMore, loadingMore } = usePagedQueryState(query, page, {
    skeleton: (
      <Stack gap="xs" aria-busy aria-label={t('votes:voters.loading')}>
        {[0, 1, 2].map((row) => (
          <Skeleton key={row} height={56} radius="md" />
        ))}
      </Stack>
    ),
    errorTitle: t('votes:voters.loadFailed'),
  });
  if (waiting) return waiting;
  const items = nodesOf(page);
  if (items.length === 0) {
    return (
      <EmptyNotice
        icon={kind === 'upvotes' ? IconThumbUp : IconThumbDown}
        title={kind === 'upvotes' ? t('votes:voters.noUpvotes') : t('votes:voters.noDownvotes')}
        hint={t('votes:voters.emptyHint')}
      />
    );
  }
  return (
    <Stack gap="xs">
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {items.map((voter) => (
          <VoterRow key={voter.id} voter={voter} />
        ))}
      </Stack>
      {nextCursorOf(page) ? (
        <Button variant="default" loading={loadingMore} onClick={() => void loadMore()}>
          {t('votes:voters.loadMore')}
        </Button>
      ) : null}
    </Stack>
  );
}

function VoterRow({ voter }: { voter: Voter }) {
  const { t } = useTranslation();
  const org = voter.role === 'org';
  return (
    <Card component="li" withBorder radius="md" padding="sm">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {org ? (
          <Avatar radius="sm" src={voter.photoURL || null} alt={voter.displayName}>
            <IconBuilding size={20} />
          </Avatar>
        ) : (
          <Avatar
            radius="xl"
            src={voter.photoURL || null}
            alt={voter.displayName}
            name={voter.displayName}
            color="initials"
          />
        )}
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600} size="sm">
              {voter.displayName}
            </Text>
            <RelativeTime date={voter.when} size="xs" c="dimmed" />
          </Group>
          {voter.feedback ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              <Text span size="sm" c="dimmed">
                {t('votes:voters.feedback')}{' '}
              </Text>
              {voter.feedback}
            </Text>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}
