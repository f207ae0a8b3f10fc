import { Button } from '@mantine/core';
import { IconCheck, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFollowTag } from './useFollowTag';

/** Follow / Following for one tag; unfollowing asks for confirmation. */
export function FollowButton({
  tag,
  size = 'xs',
}: {
  tag: { id: string; following: boolean };
  size?: 'xs' | 'sm';
}) {
  const { t } = useTranslation();
  const { toggle, busy, dialog } = useFollowTag();
  return (
    <>
      <Button
        size={size}
        variant={tag.following ? 'light' : 'filled'}
        leftSection={tag.following ? <IconCheck size={14} /> : <IconPlus size={14} />}
        loading={busy}
        onClick={() => toggle(tag)}
        aria-label={
          tag.following
            ? t('tags:follow.unfollowLabel', { tag: tag.id })
            : t('tags:follow.followLabel', { tag: tag.id })
        }
        aria-pressed={tag.following}
      >
        {tag.following ? t('tags:follow.following') : t('tags:follow.follow')}
      </Button>
      {dialog}
    </>
  );
}
