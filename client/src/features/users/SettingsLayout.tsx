import { Container, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { RequireSignIn } from '../auth';

const TABS = ['profile', 'account', 'preferences', 'extensions'] as const;

export function SettingsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = TABS.find((tab) => pathname.startsWith(`/settings/${tab}`)) ?? null;
  const labels: Record<(typeof TABS)[number], string> = {
    profile: t('users:settings.tabs.profile'),
    account: t('users:settings.tabs.account'),
    preferences: t('users:settings.tabs.preferences'),
    extensions: t('oauth:extensions.title'),
  };
  return (
    <RequireSignIn>
      <Container size="sm" py="md">
        <Title order={1} size="h2" mb="md">
          {t('users:settings.title')}
        </Title>
        <Tabs value={active} onChange={(tab) => tab && void navigate(`/settings/${tab}`)} mb="lg">
          <Tabs.List>
            {TABS.map((tab) => (
              <Tabs.Tab key={tab} value={tab}>
                {labels[tab]}
              </Tabs.Tab>
            ))}
          </Tabs.List>
        </Tabs>
        <Outlet />
      </Container>
    </RequireSignIn>
  );
}
