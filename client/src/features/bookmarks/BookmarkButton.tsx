import { ActionIcon } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBookmark, IconBookmarkFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { BookmarkableItemType } from '../../gql/graphql';
import { useRequireSignIn } from '../auth';
import { useBookmark } from './useBookmark';
import { Tooltip } from '../../components/overlays';

export interface BookmarkButtonProps {
  itemType: BookmarkableItemType;
  item: { id: string; bookmarked?: boolean | null };
}

/** Toggles the viewer's bookmark of an item; signed out, it opens the login box. */
export function BookmarkButton({ itemType, item }: BookmarkButtonProps) {
  const { t } = useTranslation();
  const requireSignIn = useRequireSignIn();
  const setBookmarked = useBookmark();
  const bookmarked = item.bookmarked ?? false;
  const label = bookmarked ? t('bookmarks:button.remove') : t('bookmarks:button.add');

  const toggle = () =>
    requireSignIn(() => {
      setBookmarked(itemType, item.id, !bookmarked).catch(() =>
        notifications.show({ color: 'red', message: t('bookmarks:failed') }),
      );
    });

  return (
    <Tooltip label={label}>
      <ActionIcon
        variant="subtle"
        color={bookmarked ? 'yellow' : 'gray'}
        aria-label={label}
        aria-pressed={bookmarked}
        onClick={toggle}
      >
        {bookmarked ? <IconBookmarkFilled size={18} /> : <IconBookmark size={18} />}
      </ActionIcon>
    </Tooltip>
  );
}
