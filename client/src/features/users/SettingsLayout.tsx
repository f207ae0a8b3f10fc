import { Container, Tabs, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { SkeletonRows } from '../../components/LoadState';
import { AiConfigsPage } from '../ai';
import { RequireSignIn } from '../auth';

const TABS = ['profile', 'account', 'subscriptions', 'preferences', 'extensions', 'ai'] as const;

export function SettingsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.startsWith(`/settings/${tab}`)) ?? null;
  const labels: Record<(typeof TABS)[number], string> = {
    profile: t('users:settings.tabs.profile'),
    account: t('users:settings.tabs.account'),
    subscriptions: t('users:account.subscription'),
    preferences: t('users:settings.tabs.preferences'),
    extensions: t('users:settings.tabs.extensions'),
    ai: t('common:userMenu.aiConfigs'),
  };
  return (
    <RequireSignIn>
      <Container size="sm" py="md">
        <Title order={1} size="h2" mb="md">
          {t('users:settings.title')}
        </Title>
        <Tabs value={active} onChange={(tab) => tab && void navigate(`/settings/${tab}`)} mb="lg">
          {/* Six tabs wrap on a phone rather than scroll, so the open one is never out of view. */}
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {labels[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        {active === 'ai' ? (
          <Suspense fallback={<SkeletonRows count={2} height={72} label={labels.ai} />}>
            <AiConfigsPage />
          </Suspense>
        ) : (
          <Outlet />
        )}
      </Container>
    </RequireSignIn>
  );
}
