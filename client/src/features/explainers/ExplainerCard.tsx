import { useMutation } from '@apollo/client/react';
import { Card, Checkbox, CloseButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { notifyError } from '../../components/notify';
import { HideExplainerDocument } from '../../gql/graphql';
import { useViewer } from '../auth';
import { closeExplainerForSession, useClosedExplainers } from './closedExplainers';

const under = (base: string) => (pathname: string) =>
  pathname === base || pathname.startsWith(`${base}/`);
const exactly =
  (...paths: string[]) =>
  (pathname: string) =>
    paths.includes(pathname);

/**
 * The main list pages with an explainer card, by the route path a hide is stored under, with the
 * width of the page's column so the card lines up with it. Detail pages (/story/{id},
 * /tags/{id}/info, /network/{id}) have none.
 */
const EXPLAINER_ROUTES = [
  { path: '/stories', matches: under('/stories'), width: 720 },
  { path: '/problems', matches: under('/problems'), width: 820 },
  { path: '/solutions', matches: under('/solutions'), width: 820 },
  { path: '/skills', matches: under('/skills'), width: 820 },
  { path: '/spaces', matches: under('/spaces'), width: 960 },
  { path: '/tags', matches: exactly('/tags'), width: 960 },
  { path: '/dashboard', matches: exactly('/dashboard'), width: 960 },
  { path: '/network', matches: exactly('/network/people', '/network/orgs'), width: 820 },
  { path: '/notifications', matches: under('/notifications'), width: 720 },
  { path: '/reports', matches: exactly('/reports', '/reportsTable'), width: 860 },
] as const;
type ExplainerPath = (typeof EXPLAINER_ROUTES)[number]['path'];

/** The explainer route a page belongs to, if it has a card. */
const explainerRouteOf = (pathname: string) =>
  EXPLAINER_ROUTES.find((route) => route.matches(pathname));

/**
 * The card at the top of a main list page saying what the page is for (spec 000 §2): shown to
 * signed-out visitors and to people who have not hidden it; 'Don't show again' stores the hide
 * per route on the account, a plain close lasts for the session.
 */
export function ExplainerCard() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { viewer, loading } = useViewer();
  const closed = useClosedExplainers();
  const [dontShowAgain, setDontShowAgain] = useState(false);
  const [hide] = useMutation(HideExplainerDocument);

  const route = explainerRouteOf(pathname);
  if (
    !route ||
    loading ||
    closed.includes(route.path) ||
    viewer?.hiddenExplainers.includes(route.path)
  ) {
    return null;
  }
  const { path } = route;

  const texts: Record<ExplainerPath, string> = {
    '/stories': t('explainers:cards.stories'),
    '/problems': t('explainers:cards.problems'),
    '/solutions': t('explainers:cards.solutions'),
    '/skills': t('explainers:cards.skills'),
    '/spaces': t('explainers:cards.spaces'),
    '/tags': t('explainers:cards.tags'),
    '/dashboard': t('explainers:cards.dashboard'),
    '/network': t('explainers:cards.network'),
    '/notifications': t('explainers:cards.notifications'),
    '/reports': t('explainers:cards.reports'),
  };

  const close = () => {
    closeExplainerForSession(path);
    setDontShowAgain(false);
    if (viewer && dontShowAgain) {
      // The card is already closed for the session; the answer updates the viewer's list.
      hide({ variables: { path } }).catch(notifyError);
    }
  };

  return (
    <Card
      withBorder
      radius="md"
      padding="sm"
      maw={route.width}
      mx="auto"
      mb="md"
      w="100%"
      bg="var(--mantine-color-blue-light)"
      role="note"
      aria-label={t('explainers:card.label')}
      data-testid="explainer-card"
    >
      <Stack gap="xs">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" radius="xl" size="md" aria-hidden>
            <IconInfoCircle size={18} />
          </ThemeIcon>
          <Text size="sm" style={{ flex: 1 }}>
            {texts[path]}
          </Text>
          <CloseButton size="sm" aria-label={t('explainers:card.close')} onClick={close} />
        </Group>
        {viewer ? (
          <Checkbox
            size="xs"
            ml={40}
            label={t('explainers:card.dontShowAgain')}
            checked={dontShowAgain}
            onChange={(event) => setDontShowAgain(event.currentTarget.checked)}
          />
        ) : null}
      </Stack>
    </Card>
  );
}
