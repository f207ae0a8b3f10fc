import {
  AppShell,
  Burger,
  Button,
  Group,
  Skeleton,
  Text,
  ThemeIcon,
  UnstyledButton,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconLogin2, IconMountain } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation } from 'react-router';
import { useLoginBox } from '../features/auth/LoginBox';
import { useViewer } from '../features/auth/useViewer';
import { ChatBadge } from '../features/chat';
import { NotificationBell } from '../features/notifications';
import { ExplainerCard } from '../features/explainers';
import { SuspendedBanner } from '../features/moderation';
import { ProblemDialog } from '../features/problems';
import { ShareLanding } from '../features/share';
import { SolutionDialog } from '../features/solutions';
import { PushPrompt } from '../features/push';
import { StoryDialog } from '../features/stories';
import { CreateMenu, type CreateKind } from './CreateMenu';
import { BottomNav, TopNav } from './MainNav';
import { asksToFocusMain, focusMainHeading } from './navigation';
import { UserMenu } from './UserMenu';
import { MountOnce } from '../components/MountOnce';

// The drawers load with their first opening: a first visit needs neither.
const LeftDrawer = lazy(() => import('./LeftDrawer').then((m) => ({ default: m.LeftDrawer })));
const ChatDrawer = lazy(() =>
  import('../features/chat/ChatDrawer').then((m) => ({ default: m.ChatDrawer })),
);
// The plus button's Graph entry: the map wizard, with the maps' code, on its first opening.
const MapWizardDialog = lazy(() =>
  import('../features/maps/MapWizard').then((m) => ({ default: m.MapWizardDialog })),
);

export function Logo() {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to="/stories/recent" aria-label={t('common:app.home')}>
      <Group gap={8} wrap="nowrap">
        <ThemeIcon
          radius="md"
          size="md"
          variant="gradient"
          gradient={{ from: 'indigo', to: 'cyan', deg: 45 }}
        >
          <IconMountain size={18} />
        </ThemeIcon>
        <Text fw={800} size="lg" visibleFrom="xs">
          {t('common:app.name')}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** The main layout: header (burger, logo, tabs, plus, user menu), left drawer, mobile bottom bar. */
export function ShellLayout() {
  const { t } = useTranslation();
  const [drawerOpened, drawer] = useDisclosure(false);
  const [chatOpened, chat] = useDisclosure(false);
  const [creating, setCreating] = useState<CreateKind | null>(null);
  const { viewer, loading } = useViewer();
  const { open } = useLoginBox();
  const closeCreate = () => setCreating(null);
  const location = useLocation();
  useEffect(() => {
    if (asksToFocusMain(location.state)) focusMainHeading();
  }, [location]);

  return (
    <AppShell
      header={{ height: 60 }}
      footer={{ height: { base: 64, sm: 0 } }}
      navbar={{
        width: 280,
        breakpoint: 'sm',
        collapsed: { mobile: !drawerOpened, desktop: !drawerOpened },
      }}
      padding={{ base: 'xs', sm: 'md' }}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={drawerOpened}
              onClick={drawer.toggle}
              size="sm"
              aria-label={t('common:drawer.toggle')}
            />
            <Logo />
          </Group>
          <TopNav />
          <Group gap="sm" wrap="nowrap">
            <Group visibleFrom="sm">
              <CreateMenu onCreate={setCreating} />
            </Group>
            <ChatBadge onOpen={chat.open} />
            <NotificationBell />
            {viewer ? (
              <UserMenu viewer={viewer} />
            ) : loading ? (
              // Until the session is known: neither 'Sign in' nor a menu flashes by.
              <Skeleton circle height={34} aria-hidden data-testid="session-pending" />
            ) : (
              <Button
                leftSection={<IconLogin2 size={18} />}
                variant="light"
                onClick={() => open('signin')}
              >
                {t('common:auth.signIn')}
              </Button>
            )}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar aria-label={t('common:drawer.label')}>
        {/* Rendered only while open: the collapsed navbar stays in the DOM, off screen. */}
        {drawerOpened && (
          <Suspense fallback={null}>
            <LeftDrawer onNavigate={drawer.close} />
          </Suspense>
        )}
      </AppShell.Navbar>

      {/* The path main shows, rendered with the page: a test can tell a navigation has drawn. */}
      <AppShell.Main data-path={location.pathname}>
        <SuspendedBanner />
        <ExplainerCard />
        <ShareLanding>
          <Outlet />
        </ShareLanding>
      </AppShell.Main>

      <AppShell.Footer hiddenFrom="sm">
        <BottomNav onCreate={setCreating} />
      </AppShell.Footer>

      <StoryDialog opened={creating === 'story'} onClose={closeCreate} />
      <ProblemDialog opened={creating === 'problem'} onClose={closeCreate} />
      <SolutionDialog opened={creating === 'solution'} onClose={closeCreate} />
      <MountOnce when={creating === 'graph'}>
        <MapWizardDialog opened={creating === 'graph'} onClose={closeCreate} />
      </MountOnce>
      <MountOnce when={chatOpened}>
        <ChatDrawer opened={chatOpened} onClose={chat.close} />
      </MountOnce>
      <PushPrompt />
    </AppShell>
  );
}
