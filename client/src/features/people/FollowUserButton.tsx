import { Button } from '@mantine/core';
import { IconCheck, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PersonCardFragment } from '../../gql/graphql';
import { useViewer } from '../auth';
import { useFollowUser } from './useFollowUser';

/** Follow / Following for one person; none on the viewer's own card. */
export function FollowUserButton({
  person,
  size = 'xs',
}: {
  person: PersonCardFragment;
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const { viewer } = useViewer();
  const { toggle, busy } = useFollowUser();
  if (viewer?.id === person.id) return null;
  return (
    <Button
      size={size}
      variant={person.following ? 'light' : 'filled'}
      leftSection={person.following ? <IconCheck size={14} /> : <IconUserPlus size={14} />}
      loading={busy}
      onClick={() => toggle(person)}
      aria-label={
        person.following
          ? t('people:follow.unfollowLabel', { name: person.displayName })
          : t('people:follow.followLabel', { name: person.displayName })
      }
      aria-pressed={person.following}
      style={{ flexShrink: 0 }}
    >
      {person.following ? t('people:follow.following') : t('people:follow.follow')}
    </Button>
  );
}
