import { useQuery } from '@apollo/client/react';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { spaceKindOf } from '@rules';
import { useActiveSpace } from '../../app/useActiveSpace';
import { SpaceIcon, useSpaceName } from '../../features/spaces/spaceDisplay';
import { SpaceDocument } from '../../gql/graphql';

/**
 * "Posting in: <space>" with the space's mark, in the reader's language: where a post form sends
 * the post. A user-made space's name and privacy come from the server (usually from the cache);
 * the global, country and skills spaces are named from their id.
 */
export function PostingInSpace({ spaceId }: { spaceId: string }) {
  const { t } = useTranslation();
  const active = useActiveSpace();
  const spaceName = useSpaceName();
  const { data } = useQuery(SpaceDocument, {
    variables: { id: spaceId },
    skip: spaceKindOf(spaceId).kind !== 'private',
  });
  const space = data?.space;
  const name = spaceName({
    id: spaceId,
    name: space?.name ?? (spaceId === active.spaceId ? active.spaceName : ''),
  });
  return (
    <Group gap="xs" wrap="nowrap">
      <SpaceIcon spaceId={spaceId} isPrivate={space?.isPrivate} size="md" />
      <Text size="sm" fw={500} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {t('common:postForm.postingIn', { space: name })}
      </Text>
    </Group>
  );
}
