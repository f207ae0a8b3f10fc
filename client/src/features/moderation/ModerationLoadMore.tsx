import { Button, Center } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { useLoadMore } from '../../components/useLoadMore';

/** 'Load more' under a moderation list, which also loads as it scrolls into view. */
export function ModerationLoadMore({ more }: { more: ReturnType<typeof useLoadMore> }) {
  const { t } = useTranslation();
  if (!more.hasMore) return null;
  return (
    <Center ref={more.sentinel}>
      <Button variant="subtle" loading={more.loadingMore} onClick={() => void more.loadMore()}>
        {t('reports:pages.loadMore')}
      </Button>
    </Center>
  );
}
