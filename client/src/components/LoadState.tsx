import { Alert, Button, Skeleton, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './ErrorPage';
import { serverErrorOf } from './notify';

/** Server error codes answered with the whole error page (403 or 404) instead of the retry alert. */
export type ErrorPages = Readonly<Partial<Record<string, 403 | 404>>>;

export interface LoadStateOptions {
  /** From Apollo's `useQuery`. */
  loading: boolean;
  error: unknown;
  refetch: () => unknown;
  /**
   * The query's data is there (possibly stale while it refetches): the caller shows it. A detail
   * page leaves it out and calls this only while its item is missing.
   */
  hasData?: boolean;
  /** Shown while the first answer is on its way. */
  skeleton: ReactElement;
  /** The retry alert's title, e.g. t('stories:list.loadFailed'). */
  errorTitle: string;
  errorPages?: ErrorPages;
  /**
   * One item's page: a query that settles with neither data nor error means the item is not
   * there (404). A list without data (e.g. skipped) shows its empty state instead.
   */
  itemPage?: boolean;
  /** Max width of the retry alert, centred (detail pages keep it in their column). */
  alertWidth?: number;
}

/**
 * What to show instead of a query's content: the skeleton while loading, the error page or the
 * alert with Retry when it failed; null once the caller can render its content (or empty state).
 */
export function loadStateView({
  loading,
  error,
  refetch,
  hasData = false,
  skeleton,
  errorTitle,
  errorPages,
  itemPage = false,
  alertWidth,
}: LoadStateOptions): ReactElement | null {
  if (hasData) return null;
  if (loading) return skeleton;
  if (error)
    return (
      <LoadFailed
        error={error}
        retry={() => void refetch()}
        title={errorTitle}
        errorPages={errorPages}
        maw={alertWidth}
      />
    );
  return itemPage ? <ErrorPage status={404} /> : null;
}

/** A failed load: the error page for the codes in `errorPages`, else the message with Retry. */
export function LoadFailed({
  error,
  retry,
  title,
  errorPages,
  maw,
}: {
  error: unknown;
  retry: () => void;
  title: string;
  errorPages?: ErrorPages;
  maw?: number;
}) {
  const { t } = useTranslation();
  const info = serverErrorOf(error, t);
  const status = info.code === undefined ? undefined : errorPages?.[info.code];
  if (status) return <ErrorPage status={status} />;
  return (
    <Alert
      color="red"
      icon={<IconAlertTriangle size={18} />}
      title={title}
      maw={maw}
      mx={maw === undefined ? undefined : 'auto'}
    >
      <Stack gap="xs" align="flex-start">
        {info.message}
        <Button size="xs" variant="light" color="red" onClick={retry}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}

/** The plain loading skeleton of a list: `count` rounded bars of `height` px, announced as busy. */
export function SkeletonRows({
  count,
  height,
  label,
}: {
  count: number;
  height: number;
  label: string;
}) {
  return (
    <Stack gap="sm" role="status" aria-busy aria-label={label}>
      {Array.from({ length: count }, (_, index) => (
        <Skeleton key={index} height={height} radius="md" />
      ))}
    </Stack>
  );
}
