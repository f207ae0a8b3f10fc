import { Button, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { isChunkLoadError, mayReloadForStaleChunk, reloadForStaleChunk } from '../app/staleChunks';

interface Props {
  /** 404 for a page or item that is not there, 403 for one the viewer may not see; anything else reads 'An error occurred'. */
  status?: number;
}

/** The error page: '404 Not Found', a polite 'no access' or 'An error occurred', with a way back to the feed. */
export function ErrorPage({ status = 404 }: Props) {
  const { t } = useTranslation();
  const notFound = status === 404;
  const forbidden = status === 403;
  return (
    <Container size="sm" py={48}>
      <Stack align="center" ta="center" gap="md" data-testid="error-page">
        <ThemeIcon size={80} radius="xl" variant="light" color="gray">
          <IconMoodEmpty size={48} />
        </ThemeIcon>
        <Title order={1}>
          {notFound
            ? t('common:errorPage.notFound')
            : forbidden
              ? t('common:errorPage.forbidden')
              : t('common:errorPage.anError')}
        </Title>
        <Text size="lg">
          {forbidden ? t('common:errorPage.forbiddenHint') : t('common:errorPage.hint')}
        </Text>
        {forbidden ? null : (
          <Text c="dimmed" maw={460}>
            {t('common:errorPage.note')}
          </Text>
        )}
        <Button component={Link} to="/stories/recent" mt="sm">
          {t('common:errorPage.back')}
        </Button>
      </Stack>
    </Container>
  );
}

/** The router's errorElement: a 404 response shows 'Not Found', any thrown error 'An error occurred'. */
export function RouteErrorPage() {
  const error = useRouteError();
  // A page's chunk gone after a deploy: the reload (at most once a minute) shows it instead.
  const reloading = isChunkLoadError(error) && mayReloadForStaleChunk();
  useEffect(() => {
    if (reloading) reloadForStaleChunk();
  }, [reloading]);
  if (reloading) return null;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status !== 404) console.error(error);
  return <ErrorPage status={status} />;
}
